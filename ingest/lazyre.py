"""Regular expressions compiled when first used, not when their module is imported.

provkg's rule modules hold some 750 module-level patterns; compiling them all is about half of what a fresh
``provkg brief`` or ``provkg query`` process spends (0.5 s of 1.0 s on the sample store, measured with the
compiler timed), though one command asks only some of them.  :func:`compile_lazy` returns a
:class:`LazyPattern` that compiles on its first match and then puts the compiled pattern's own bound methods
on itself, so every later call costs what a call on an ``re.Pattern`` costs.

Room: a leaf module (standard library only), imported by ``ingest``, ``graph`` and ``queries``.
"""

from __future__ import annotations

import re

__all__ = ["LazyPattern", "compile_lazy"]

_METHODS = ("search", "match", "fullmatch", "finditer", "findall", "sub", "subn", "split", "scanner")


class LazyPattern:
    """A pattern string and flags that act as the ``re.Pattern`` they compile to.

    ``pattern`` is readable without compiling (to build other patterns from it); any other attribute of an
    ``re.Pattern`` (``search``, ``sub``, ``flags``, ``groupindex``, …) compiles it once.  Not an instance of
    ``re.Pattern``: pass ``p.compiled`` where a function of ``re`` itself needs the pattern object.
    Compiling errors (``re.error``) surface at first use.
    """

    def __init__(self, pattern: str | bytes, flags: int = 0) -> None:
        self.pattern = pattern
        self._flags = flags

    @property
    def compiled(self) -> re.Pattern[str]:
        """The compiled ``re.Pattern`` (compiled now if it was not yet)."""
        got = self.__dict__.get("_compiled")
        if got is None:
            got = re.compile(self.pattern, self._flags)
            self.__dict__["_compiled"] = got
            for name in _METHODS:  # instance attributes shadow the class's compile-then-call methods (``_compile_then``)
                self.__dict__[name] = getattr(got, name)
        return got

    def __getattr__(self, name: str):  # flags, groups, groupindex: whatever an re.Pattern has
        if name.startswith("__") or name in ("_flags", "_compiled"):
            raise AttributeError(name)
        return getattr(self.compiled, name)

    def __reduce__(self):
        return (LazyPattern, (self.pattern, self._flags))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LazyPattern):
            return (self.pattern, self._flags) == (other.pattern, other._flags)
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.pattern, self._flags))

    def __repr__(self) -> str:
        return f"compile_lazy({self.pattern!r}, {self._flags!r})"


def _compile_then(name: str):
    """``LazyPattern.<name>``: compile the pattern, then call the compiled pattern's ``name`` (later calls go straight
    to the compiled pattern's own bound method, which ``compiled`` puts on the instance)."""
    def call(self: LazyPattern, *args, **kwargs):
        return getattr(self.compiled, name)(*args, **kwargs)

    call.__name__ = call.__qualname__ = name
    call.__doc__ = f"``re.Pattern.{name}`` (compiles the pattern first)."
    return call


for _name in _METHODS:  # search, match, fullmatch, finditer, findall, sub, subn, split, scanner
    setattr(LazyPattern, _name, _compile_then(_name))
del _name


def compile_lazy(pattern: str | bytes, flags: int = 0) -> LazyPattern:
    """A :class:`LazyPattern` for ``re.compile(pattern, flags)``.

    Raises ``TypeError`` at once for a ``pattern`` that is neither ``str`` nor ``bytes`` (``re.error`` for a bad
    pattern comes at its first use)."""
    if not isinstance(pattern, (str, bytes)):
        raise TypeError(f"compile_lazy takes a str or bytes pattern, not {type(pattern).__name__}")
    return LazyPattern(pattern, flags)
