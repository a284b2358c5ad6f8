"""Renderers: pure functions from query results to text (HTML, Markdown, ...).

Renderers import neither rdflib nor click (STYLE.md, recommendation 12 and 15).
"""
