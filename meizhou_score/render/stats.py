"""A club's players in figures (戰績), as a person reads them: ``ledger stats`` as a table with
words for headings, or one block a player on a narrow screen; pattern names in the player's
language."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Protocol

from ..i18n.language import language
from ..i18n.words import WORDS, phrase
from ..settling.money import signed
from ..settling.money import text as plain
from .columns import LEFT, RIGHT, fit, table, width
from .ratio import headline, pattern_name


class Figures(Protocol):
    """One player's figures as the club's ledger draws them (``club.reports.Stats``, a room
    above this one): what the table and the blocks show."""

    @property
    def player(self) -> str: ...
    @property
    def nights(self) -> int: ...
    @property
    def hands(self) -> int: ...
    @property
    def wins(self) -> Mapping[str, int]: ...  # by win type
    @property
    def self_draw_rate(self) -> Decimal: ...
    @property
    def robbed(self) -> int: ...
    @property
    def kongs(self) -> Mapping[str, int]: ...  # by kong type
    @property
    def biggest_ratio(self) -> int: ...
    @property
    def biggest_patterns(self) -> Sequence[str]: ...
    @property
    def net(self) -> Decimal: ...
    @property
    def net_per_hand(self) -> Decimal: ...


def stats_text(found: Sequence[Figures], lang: str = "en", cells: int | None = None) -> str:
    """Each player's figures (``club.reports.Stats``): a table,
    or a block each when it would not fit ``cells``."""
    w = WORDS[lang]
    headers = w["stats_headers"].split("|")
    rows = [
        [
            st.player,
            st.nights,
            st.hands,
            st.wins["self_draw"],
            st.wins["kong_bloom"],
            st.wins["robbed_kong"],
            language(lang).rate(plain(st.self_draw_rate), st.self_draw_rate),
            st.robbed,
            st.kongs["concealed"],
            st.kongs["added"],
            st.kongs["exposed"],
            _biggest(st, lang),
            signed(st.net),
            signed(st.net_per_hand),
        ]
        for st in found
    ]
    wide = table(rows, headers, (LEFT,) + (RIGHT,) * 11 + (RIGHT, RIGHT))
    if cells is None or max(width(line) for line in wide.split("\n")) <= cells:
        return wide
    blocks = []
    for st in found:
        blocks.append(
            "\n".join(
                [
                    phrase(
                        "stats_block_head",
                        lang,
                        player=st.player,
                        nights=st.nights,
                        hands=st.hands,
                        net=signed(st.net),
                        per_hand=signed(st.net_per_hand),
                    ),
                    phrase(
                        "stats_block_wins",
                        lang,
                        self_draw=st.wins["self_draw"],
                        kong_bloom=st.wins["kong_bloom"],
                        robbed_kong=st.wins["robbed_kong"],
                        rate=language(lang).rate(plain(st.self_draw_rate), st.self_draw_rate),
                    ),
                    phrase(
                        "stats_block_kongs",
                        lang,
                        concealed=st.kongs["concealed"],
                        added=st.kongs["added"],
                        exposed=st.kongs["exposed"],
                        robbed=st.robbed,
                    ),
                    phrase("stats_block_biggest", lang, biggest=_biggest(st, lang) or "—"),
                ]
            )
        )
    return fit("\n\n".join(blocks), cells)


def _biggest(st: Figures, lang: str) -> str:
    """The biggest hand: its patterns in words and its ratio (``seven pairs 七小對 ×3``),
    or nothing."""
    if not st.biggest_ratio:
        return ""
    sep = WORDS[lang]["list_sep"]
    names = sep.join(pattern_name(p, lang) for p in headline(st.biggest_patterns))
    return phrase("stats_biggest", lang, names=names, ratio=st.biggest_ratio)
