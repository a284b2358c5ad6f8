"""``python -m provkg``."""
from provkg.cli import main

main()
