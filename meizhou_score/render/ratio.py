"""How a hand's ratio was reached (倍數): the patterns counted, those superseded, the combine
mode."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..i18n.words import WORDS, phrase

if TYPE_CHECKING:
    from ..records.rules import Rules


def pattern_name(pid: str, lang: str) -> str:
    """A pattern's name, from its id, in ``lang``'s catalog (English: "pure one suit 清一色")."""
    return WORDS[lang][f"pattern_{pid}"]


def headline(found: Sequence[str]) -> list[str]:
    """The patterns a hand is named by, in every language: none that another one found takes
    the place of (the pattern table's last column: 十三幺 alone, never beside 混幺九;
    坎坎胡 and 清一色, never 碰碰胡 beside 坎坎胡). The JSON's ``patterns`` still names
    every one found."""
    from ..engine.patterns import BY_ID

    return [p for p in found if not any(p in BY_ID[q].supersedes for q in found if q != p)]


def ratio_text(found: Sequence[str], rules: Rules, lang: str = "en") -> str:
    """How the ratio was reached: the patterns counted, those superseded, the combine mode."""
    from ..engine.patterns import working

    w = WORDS[lang]
    how = working(found, rules.patterns, rules.combine)
    if len(found) == 1:
        return phrase("ratio_one", lang, ratio=how.ratio, name=pattern_name(found[0], lang))
    each = [
        f"{pattern_name(p, lang)} {rules.patterns[p]}"
        for p in (found if how.mode == "highest" else how.counted)
    ]
    if how.mode == "highest":
        return phrase("ratio_highest", lang, ratio=how.ratio, listed=w["list_sep"].join(each))
    superseded = "".join(
        phrase("superseded", lang, pattern=pattern_name(p, lang), by=pattern_name(by, lang))
        for p, by in how.superseded.items()
    )
    return phrase(
        "ratio_sum",
        lang,
        sum=(" + " if how.mode == "add" else " × ").join(each),
        ratio=how.ratio,
        mode=w[f"mode_{how.mode}"],
        superseded=superseded,
    )
