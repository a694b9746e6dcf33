"""The speed layer: bounded memos, each named, with its limit, in one registry.

A memo remembers an answer already worked out (the readings of a suit, the
counts of a tile word). Each is a ``dict`` (look-ups at C speed) that forgets
everything when it reaches its limit, so memory stays flat whatever is fed to
it. A memo is kept only where the bulk benchmark on a club's log shows it
pays; the README records each one's measured gain. ``MEIZHOU_MEMOS_OFF`` (a
comma-separated list of names, or ``all``) switches memos off, for measuring
exactly that.
"""

from __future__ import annotations

import os
from typing import Any, TypeVar

K = TypeVar("K")
V = TypeVar("V")
_OFF = {name.strip() for name in os.environ.get("MEIZHOU_MEMOS_OFF", "").split(",") if name.strip()}


class Memo(dict[K, V]):
    """A dict that remembers at most ``limit`` answers, then starts again from empty."""

    __slots__ = ("name", "limit", "why")

    def __init__(self, name: str, limit: int, why: str) -> None:
        super().__init__()
        self.name, self.why = name, why
        self.limit = 0 if name in _OFF or "all" in _OFF else limit
        if name in REGISTRY:
            raise ValueError(f"two memos named {name!r}")
        REGISTRY[name] = self

    def remember(self, key: K, value: V) -> V:
        """Keep ``value`` under ``key`` (forgetting all first when full); returns ``value``."""
        if len(self) >= self.limit:
            if not self.limit:
                return value
            self.clear()
        self[key] = value
        return value


REGISTRY: dict[str, Memo[Any, Any]] = {}


def sizes() -> dict[str, tuple[int, int]]:
    """Each memo's (entries, limit)."""
    return {name: (len(memo), memo.limit) for name, memo in REGISTRY.items()}


def clear() -> None:
    """Forget every remembered answer (tests: a result must not depend on what was seen before)."""
    for memo in REGISTRY.values():
        memo.clear()
