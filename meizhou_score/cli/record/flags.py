"""What ``record``'s flags say about the table and the writing, beside the hand itself: read by
the command and handed to each of its parts (the table's questions, the night, ``-o``)."""

from __future__ import annotations

from typing import NamedTuple


class Flags(NamedTuple):
    """What ``record``'s flags say about the table and the writing, beside the hand itself."""

    players_text: str | None
    stake_text: str | None
    rules_file: str | None
    date_text: str | None
    dealer: str | None
    claims: tuple[str, ...]
    amend: int | None  # the hand to replace (LAST: the last one), or None to add one
    allow_dispute: bool
    yes: bool
    lang: str
