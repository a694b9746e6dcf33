"""Text output: the tables and explanations a player reads, in English or Chinese.

Nothing here prints; the CLI does. Tables are laid out by
:mod:`meizhou_score.columns`; only the ``rules`` reference, whose long cells
wrap, imports ``tabulate``. Explanations read each payment's basis from the
settlement; they never work the arithmetic out again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine.memo import Memo
from ..engine.tiles import TILES
from ..i18n.scripts import gloss
from ..i18n.terms import tile_name
from ..i18n.words import WORDS, phrase
from ..settling.money import gold, negated, signed
from ..settling.money import text as plain
from ..settling.settlement import WIN_REASONS, Settlement
from .columns import LEFT, RIGHT, table, width, wrap
from .ratio import (
    headline,
    pattern_name,
    ratio_text,  # noqa: F401 - how a ratio was reached, said here as it always was
)

if TYPE_CHECKING:
    from ..records.rules import Rules
    from ..settling.claims import Part
    from ..settling.payment import Transfer


def seat_names(lang: str) -> list[str]:
    """East, South, West, North in ``lang`` (東南西北)."""
    return WORDS[lang]["deal_winds"].split("|")


def hand_text(s: Settlement, lang: str = "en", explain: bool = False) -> str:
    """The table of one hand: headline, per-player rows in seat order, next dealer."""
    w = WORDS[lang]
    r = s.record
    lines = []
    if r.draw:
        lines.append(phrase("draw", lang))
    else:
        head = hand_headline(s, lang)
        lines.append(head + w["stake_sep"] + phrase("stake", lang, stake=plain(r.stake)))
        if s.valid and s.score is not None:
            lines.append(phrase("reading", lang, blocks=" ".join(s.score.reading.notation())))
            if explain:
                lines.append(ratio_text(s.score.patterns, r.rules, lang))
        else:
            lines.append(w["invalid"])
            lines += [f"  - {e.say(lang)}" for e in s.errors]
    lines.append("")
    win = dict.fromkeys(r.players, 0)
    kong = dict.fromkeys(r.players, 0)
    for t in s.transfers:
        bucket = win if t.reason in WIN_REASONS else kong
        bucket[t.payer] -= t.units
        bucket[t.payee] += t.units
    seats = seat_names(lang)
    rows = []
    for n, name in enumerate(r.players):
        mark = w["dealer_mark"] if name == r.dealer else ""
        rows.append(
            [
                seats[n],
                name + mark,
                signed(gold(win[name], r.stake)),
                signed(gold(kong[name], r.stake)),
                signed(s.amounts[name]),
            ]
        )
    lines.append(
        table(
            rows,
            [w["seat"], w["player"], w["win"], w["kongs"], w["total"]],
            (LEFT, LEFT, RIGHT, RIGHT, RIGHT),
        )
    )
    lines.append("")
    if explain and s.transfers:
        lines.append(w["transfers"])
        lines += ["  " + explain_transfer(t, s, lang) for t in s.transfers]
        lines.append("")
    if s.dealer_expected is not None:
        lines.append(phrase("dealer_check", lang, named=r.dealer, expected=s.dealer_expected))
    if r.claimed is not None:
        if not s.claim_differences:
            lines.append(w["claims_agree"])
        else:
            lines.append(w["claims_differ"])
            lines += claim_lines(s, lang)
        lines += [w[f"claims_{note}"] for note in s.claim_notes]
    lines.append(next_line(s.next_dealer, s.next_dealer_why, lang))
    return "\n".join(lines)


def hand_headline(s: Settlement, lang: str = "en") -> str:
    """The first line of a hand's table before its stake: a draw, or who won, how, the patterns
    and the ratio (the score sheet's ``what``, made without the rest of the table)."""
    w = WORDS[lang]
    r = s.record
    if r.draw:
        return phrase("draw", lang)
    assert r.win_type is not None  # a record that is no draw names how it was won
    how = w[r.win_type] + (phrase("from", lang, robbed=r.robbed) if r.robbed else "")
    head = phrase("wins", lang, winner=r.winner, how=how)
    if s.valid and s.score is not None:  # a valid win is scored
        names = w["list_sep"].join(pattern_name(p, lang) for p in headline(s.score.patterns))
        head += w["head_sep"] + phrase("patterns", lang, names=names, ratio=s.score.ratio)
    return head


def claim_lines(s: Settlement, lang: str = "en") -> list[str]:
    """Each claim that differs: the gap, the part of the hand it matches (when one does), then the
    fewest payments that put the table right (when the claims can be squared)."""
    from ..settling.claims import corrections, gaps

    w = WORDS[lang]
    lines = []
    found = gaps(s)
    for g in found:
        side = w["claim_short"] if g.gap > 0 else w["claim_over"]
        line = phrase(
            "claim_line",
            lang,
            name=g.player,
            claimed=plain(g.claimed),
            computed=plain(g.settles),
            gap=plain(negated(g.gap) if g.gap < 0 else g.gap),
            side=side,
        )
        for part in g.parts:
            line += phrase("claim_part", lang, part=part_text(part, lang), rule=part.rule)
        lines.append(line)
    fixes = corrections(s, found)
    if fixes:
        lines.append(w["claims_corrections"])
        lines += [
            phrase("settle_line", lang, payer=p.payer, payee=p.payee, amount=plain(p.amount))
            for p in fixes
        ]
    return lines


def part_text(part: Part, lang: str = "en") -> str:
    """One part of a hand (the win, or a kong) and what it came to for the player."""
    w = WORDS[lang]
    if part.kind == "win":
        return phrase("part_win", lang, amount=signed(part.amount))
    assert part.tile is not None, "a kong's part names the kong's tile"
    tile = TILES[part.tile]
    return phrase(
        "part_kong",
        lang,
        kind=w[part.kind],
        owner=part.owner,
        amount=signed(part.amount),
        tile=f"{tile} {gloss(tile_name(str(tile)), lang)}",
    )


_SAID: Memo[tuple[Any, ...], str] = Memo(
    "payment_words",
    1 << 14,
    "a night's payments repeat (the same payer, payee, units, basis and stake): the page's sheet "
    "of a 12,000-hand night in a second language says each once",
)


def explain_transfer(t: Transfer, s: Settlement, lang: str = "en") -> str:
    """One payment with the rule behind it, read from the payment's own basis."""
    key = (t, str(s.record.stake), lang)  # 2.5 and 2.50 are written as given
    said = _SAID.get(key)
    if said is None:
        said = _SAID.remember(key, _explained(t, s.record.stake, lang))
    return said


def _explained(t: Transfer, stake: Any, lang: str) -> str:
    w = WORDS[lang]
    basis = t.basis
    if t.reason in WIN_REASONS:
        share = f"{basis.share} × {basis.multiplier}" if basis.multiplier != 1 else basis.share
        detail = phrase("detail_win", lang, ratio=basis.ratio, share=share)
    else:
        assert t.tile is not None, "a kong's payment names the kong's tile"
        tile = TILES[t.tile]
        detail = phrase(
            "detail_kong",
            lang,
            owner=t.payee,
            tile=f"{tile} {gloss(tile_name(str(tile)), lang)}",
        )
        if basis.multiplier == 3:
            detail += phrase("bao_kong", lang)  # the discarder paid all three shares
    return phrase(
        "pays",
        lang,
        payer=t.payer,
        payee=t.payee,
        amount=plain(gold(t.units, stake)),
        units=t.units,
        stake=plain(stake),
        reason=w[t.reason],
        detail=detail,
        rule=t.rule,
    )


def next_line(dealer: str | None, why: str, lang: str) -> str:
    """Who deals next and why; when nobody can say, only why."""
    if dealer is None:
        return phrase("next_unknown", lang, why=phrase("why_" + why, lang))
    return phrase("next", lang, name=dealer, why=phrase("why_" + why, lang))


def check_text(
    result: dict[str, Any], rules: Rules, lang: str = "en", cells: int | None = None
) -> str:
    """The ``check`` command as text: the win and how it scores, the waits, or how far the tiles
    are."""
    w = WORDS[lang]
    sep = w["list_sep"]
    melds = "".join(
        " + " + phrase(f"check_meld_{m['kind']}", lang, tiles=m["tiles"])
        for m in result.get("melds", ())
    )
    lines = [phrase("check_tiles", lang, tiles=result["tiles"] + melds, count=result["count"])]
    if result["count"] == 14:
        if result["win"]:
            names = sep.join(pattern_name(p, lang) for p in headline(result["patterns"]))
            lines.append(phrase("check_winning", lang, names=names, ratio=result["ratio"]))
            lines.append(ratio_text(result["patterns"], rules, lang))
            lines.append(phrase("check_scored", lang, blocks=" ".join(result["reading"])))
            if len(result["decompositions"]) > 1:
                lines.append(w["check_all_readings"])
                lines += ["  " + " ".join(d) for d in result["decompositions"]]
        else:
            lines.append(w["check_not_winning"])
            lines += _distance_text(result, lang, cells)
        return "\n".join(lines)
    if not result["waits"]:
        lines.append(w["check_not_waiting"])
        lines += _distance_text(result, lang, cells)
        return "\n".join(lines)
    lines.append(phrase("check_waiting", lang, count=len(result["waits"])))
    rows = [
        [
            t["tile"],
            gloss(tile_name(str(TILES[_tile_index(t["tile"])])), lang),
            sep.join(pattern_name(p, lang) for p in t["patterns"]),
            t["ratio"],
        ]
        for t in result["waits"]
    ]
    lines.append(table(rows, w["check_wait_headers"].split("|"), (LEFT, LEFT, LEFT, RIGHT)))
    return "\n".join(lines)


def _distance_text(result: dict[str, Any], lang: str, cells: int | None = None) -> list[str]:
    """How far tiles that do not win (or wait) are: shanten, and the discards that keep the most
    tiles useful."""
    if "shanten" not in result:
        return []
    w = WORDS[lang]
    n = result["shanten"]
    key = (
        "check_shanten_now"
        if "useful" in result
        else "check_shanten_after"
        if n
        else "check_shanten_ready"
    )
    lines = [phrase(key, lang, n=n)]
    if result.get("discards"):
        lines.append(w["check_discards"])
        rows = []
        for d in result["discards"]:
            then = (
                phrase("check_then_waiting", lang, tiles=" ".join(d["useful"]))
                if d["shanten"] == 0
                else phrase("check_then_shanten", lang, n=d["shanten"])
            )
            rows.append(
                [
                    d["tile"],
                    gloss(tile_name(str(TILES[_tile_index(d["tile"])])), lang),
                    then,
                    " ".join(d["useful"]),
                    d["count"],
                ]
            )  # waiting: the tiles that help are the waits
        wide = table(rows, w["check_discard_headers"].split("|"))
        if cells is None or max(width(line) for line in wide.split("\n")) <= cells:
            lines.append(wide)
        else:  # a narrow screen: a discard a line
            lines += [
                phrase(
                    "check_discard_line",
                    lang,
                    tile=f"{r[0]} {r[1]}",
                    then=r[2],
                    useful=r[3],
                    count=r[4],
                )
                for r in rows
            ]
    elif result.get("useful"):
        lines.append(
            phrase(
                "check_useful", lang, tiles=" ".join(result["useful"]), count=result["count_useful"]
            )
        )
    return lines


def _tile_index(text: str) -> int:
    from ..engine.tiles import parse_indices

    return parse_indices(text)[0]


def ruling_text(key: str, says: str, why: str, lang: str = "en", cells: int = 78) -> str:
    """One ruling at the table (``rules --explain R7``) as plain text — the docs' `code` marks
    dropped — wrapped to ``cells`` (the terminal's width, 78 at most)."""
    w = WORDS[lang]
    says, why = says.replace("`", ""), why.replace("`", "")
    cells = min(cells, 78)
    return "\n\n".join(
        [
            wrap(phrase("rules_explain", lang, key=key, says=says), cells, indent="    "),
            wrap(phrase("rules_why", lang, why=why), cells),
            w["rules_every"],
        ]
    )
