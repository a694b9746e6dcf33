"""Values the hot path makes and reads field by field: a record, its kongs and winning hand, the
winner's shape, a reading and its score, a settlement, its payments and their bases.

One way to make one: its class called with its fields (a default holds where a field is not
given). The hot path once built its NamedTuples through the tuple type's own ``__new__``, which
skips a NamedTuple's field defaults, to save the Python call of the NamedTuple's; a slot class
called plainly costs no more (pure Python: 268,467 instructions a line of the club's log against
269,672 with that shortcut) and is a native class of the compiled build.

Each is a class with ``__slots__`` and a plain ``__init__``, where they were NamedTuples: the
interpreter reads a NamedTuple's field through a descriptor of its own kind, which it cannot
specialise (about 240 machine instructions a read in Python 3.12), and a slot at once (about 70);
a line reads some fifty such fields. Compiled by mypyc, each is a native class whose fields are
read in C. :class:`Value` gives them what the NamedTuples gave: equality and a hash by their
fields, a readable repr, ``_replace``, pickling and copying. Unlike a tuple's, a field could be
set again: nothing does once a value is made (its hash would change).
"""

from __future__ import annotations

from typing import Any, ClassVar, Self


class Value:
    """A value made of the fields its class names in ``_fields`` (each also one of its
    ``__slots__``), all given when it is made; compared, hashed and shown by those fields."""

    __slots__ = ()
    _fields: ClassVar[tuple[str, ...]] = ()

    def _astuple(self) -> tuple[Any, ...]:
        return tuple([getattr(self, name) for name in self._fields])

    def _replace(self, **changes: Any) -> Self:
        """The same value with some fields changed (as a NamedTuple's ``_replace``)."""
        fields = {name: getattr(self, name) for name in self._fields}
        unknown = [name for name in changes if name not in fields]
        if unknown:
            raise ValueError(f"{type(self).__name__} has no field named {', '.join(unknown)}")
        fields.update(changes)
        return type(self)(**fields)

    def __reduce__(self) -> tuple[type[Self], tuple[Any, ...]]:
        """Pickled and copied as its class and fields (a native class of the compiled build has no
        other way; every pickle protocol, as a NamedTuple)."""
        return type(self), self._astuple()

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._astuple() == other._astuple()

    def __hash__(self) -> int:
        return hash(self._astuple())

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields)
        return f"{type(self).__name__}({shown})"
