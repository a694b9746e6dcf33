"""The score sheet (記分表): a night as the table keeps it on paper,
one row a hand with the running totals.

Plain data (JSON-ready) for the phone page, in the player's language: each
hand's number, dealer, what happened (the headline ``settle`` prints), each
player's change and running total, a dispute flagged, and the payments with
the rule behind each — ``--explain``'s very words.
"""

from __future__ import annotations

from typing import Any

from ..engine.memo import Memo
from ..i18n.words import WORDS, phrase
from ..settling.money import exact
from ..settling.night import Night
from ..settling.settlement import Settlement
from .text import explain_transfer, hand_headline


def chart(night: Night, lang: str = "en") -> str:
    """The night's running totals, hand by hand, as a line chart (SVG):
    the page's and ``settle --chart``'s."""
    from .chart import line_chart

    rows = list(night.running())  # the totals alone: no row's words are made
    return line_chart(
        WORDS[lang]["chart_night"],
        ["0", *[str(number) for number, _, _ in rows]],
        {name: [0, *[running[name] for _, _, running in rows]] for name in night.players},
        lang,
    )


def sheet(night: Night, lang: str = "en", start: int = 0) -> list[dict[str, Any]]:
    """One row a hand: ``hand``, ``dealer``, ``what``, ``brief`` (the score sheet's few words: a
    draw, who won how), ``changes``, ``running``, ``disputed``, ``payments``; from hand
    ``start + 1`` on (a night's last row costs one row, not the night's)."""
    rows = []
    stake_sep = WORDS[lang]["stake_sep"]
    for number, s, running in night.running(start):
        rows.append(
            {
                "hand": number,
                "dealer": s.record.dealer,
                **_said(s, lang, stake_sep),
                "draw": s.record.draw,
                "changes": {name: exact(s.amounts[name]) for name in night.players},
                "running": running,
                "disputed": s.disputed,
                "errors": [e.say(lang) for e in s.errors],
                "payments": [explain_transfer(t, s, lang).strip() for t in s.transfers],
                "next_dealer": s.next_dealer,
            }
        )
    return rows


_HEADLINES: Memo[tuple[Any, ...], dict[str, str]] = Memo(
    "sheet_headlines",
    1 << 14,
    "a night's hands repeat their headline (who won, how, the patterns, the ratio): the page's "
    "sheet of a 12,000-hand night in a second language says each once",
)


def _said(s: Settlement, lang: str, stake_sep: str) -> dict[str, str]:
    """A row's ``what`` (who won, how, ratio: the first line ``settle`` prints, before the stake)
    and ``brief`` (as the printed sheet says it: 荒莊, Mei self-draw ×1)."""
    r, score = s.record, s.score
    key: tuple[Any, ...] = (lang, r.draw, s.valid, r.winner, r.win_type, r.robbed)
    if score is not None:
        key += (score.patterns, score.ratio)
    said = _HEADLINES.get(key)
    if said is None:
        said = {"what": hand_headline(s, lang).split(stake_sep)[0], "brief": brief(s, lang)}
        said = _HEADLINES.remember(key, said)
    return said


def brief(s: Settlement, lang: str) -> str:
    """What happened in a hand, in a few words (the score sheet's column, and the page's question
    before a hand is taken back): the winner, how, the ratio; a draw; not a win."""
    w = WORDS[lang]
    r = s.record
    if r.draw:
        return w["sheet_draw"]
    if not s.valid:
        return phrase("sheet_not_a_win", lang, winner=r.winner)
    assert s.score is not None, "a valid win has a score"
    if r.robbed:
        return phrase("sheet_robbed", lang, winner=r.winner, robbed=r.robbed, ratio=s.score.ratio)
    return phrase(
        "sheet_win", lang, winner=r.winner, how=w[f"sheet_{r.win_type}"], ratio=s.score.ratio
    )
