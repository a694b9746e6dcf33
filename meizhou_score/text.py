"""Text output: the tables and explanations a player reads, in English or Chinese.

Nothing here prints; the CLI does. ``tabulate`` is imported only when a
table is drawn. Explanations read each payment's basis from the settlement;
they never work the arithmetic out again.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from .jsonout import number
from .patterns import BY_ID
from .record import SEATS, SEATS_CHINESE
from .settlement import WIN_REASONS, SessionResult, Settlement, gold
from .tiles import TILES
from .words import WORDS, say


def signed(value: Decimal | int) -> str:
    value = number(value)
    text = format(value, "f") if isinstance(value, Decimal) else str(value)
    return f"+{text}" if value > 0 else text


def plain(value: Decimal | int) -> str:
    value = number(value)
    return format(value, "f") if isinstance(value, Decimal) else str(value)


def pattern_name(pid: str, lang: str) -> str:
    p = BY_ID[pid]
    return p.chinese if lang == "zh" else f"{p.english} {p.chinese}"


def _table(rows: list[list[Any]], headers: list[str]) -> str:
    from tabulate import tabulate

    return tabulate(rows, headers=headers, tablefmt="simple", colalign=("left", "left", "right", "right", "right"),
                    disable_numparse=True)


def hand_text(s: Settlement, lang: str = "en", explain: bool = False) -> str:
    """The table of one hand: headline, per-player rows in seat order, next dealer."""
    w = WORDS[lang]
    r = s.record
    lines = []
    if r.draw:
        lines.append(say(lang, "draw"))
    else:
        how = w[r.win_type] + (w["from"].format(robbed=r.robbed) if r.robbed else "")
        head = w["wins"].format(winner=r.winner, how=how)
        if s.valid:
            names = " + ".join(pattern_name(p, lang) for p in s.score.patterns)
            head += " — " + w["patterns"].format(names=names, ratio=s.score.ratio)
        lines.append(head + "; " + w["stake"].format(stake=plain(r.stake)))
        if s.valid:
            lines.append(w["reading"].format(blocks=" ".join(s.score.reading.notation())))
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
    seats = SEATS_CHINESE if lang == "zh" else SEATS
    rows = []
    for n, name in enumerate(r.players):
        mark = w["dealer_mark"] if name == r.dealer else ""
        rows.append([seats[n], name + mark, signed(gold(win[name], r.stake)), signed(gold(kong[name], r.stake)),
                     signed(s.amounts[name])])
    lines.append(_table(rows, [w["seat"], w["player"], w["win"], w["kongs"], w["total"]]))
    lines.append("")
    if explain and s.transfers:
        lines.append(w["transfers"])
        lines += ["  " + explain_transfer(t, s, lang) for t in s.transfers]
        lines.append("")
    if s.dealer_expected is not None:
        lines.append(say(lang, "dealer_check", named=r.dealer, expected=s.dealer_expected))
    if r.claimed is not None:
        diffs = s.claim_differences
        if not diffs:
            lines.append(w["claims_agree"])
        else:
            lines.append(w["claims_differ"])
            lines += [w["claim_line"].format(name=k, claimed=plain(c), computed=plain(v)) for k, (c, v) in diffs.items()]
        lines += [w[f"claims_{note}"] for note in s.claim_notes]
    lines.append(_next_line(s.next_dealer, s.next_dealer_why, lang))
    return "\n".join(lines)


def explain_transfer(t, s: Settlement, lang: str = "en") -> str:
    """One payment with the rule behind it, read from the payment's own basis."""
    w = WORDS[lang]
    stake = s.record.stake
    basis = t.basis
    if t.reason in WIN_REASONS:
        share = f"{basis.share} × {basis.multiplier}" if basis.multiplier != 1 else basis.share
        detail = w["detail_win"].format(ratio=basis.ratio, share=share)
    else:
        tile = TILES[t.tile]
        detail = w["detail_kong"].format(owner=t.payee, tile=f"{tile} {tile.chinese}")
        if basis.multiplier == 3:
            detail += ", 包槓"  # the discarder paid all three shares
    return w["pays"].format(payer=t.payer, payee=t.payee, amount=plain(gold(t.units, stake)), units=t.units,
                            stake=plain(stake), reason=w[t.reason], detail=detail, rule=t.rule)


def session_text(result: SessionResult, lang: str = "en", explain: bool = False) -> str:
    parts = [session_hand_text(result, n, lang, explain) for n in range(1, len(result.hands) + 1)]
    parts.append(totals_text(result, lang))
    if result.disputes:
        w = WORDS[lang]
        parts.append("\n".join([w["disputes"]] + [w["dispute_line"].format(n=n, kind=w[f"dispute_{kind}"])
                                                  for n, kind in result.disputes]))
    return "\n\n".join(parts)


def session_hand_text(result: SessionResult, n: int, lang: str = "en", explain: bool = False) -> str:
    """Hand ``n`` (1-based) of a session under its heading."""
    w = WORDS[lang]
    s = result.hands[n - 1]
    title = w["hand"].format(n=n, dealer=s.record.dealer)
    from .columns import width

    return title + "\n" + "=" * width(title) + "\n" + hand_text(s, lang, explain)


def totals_text(result: SessionResult, lang: str = "en") -> str:
    """The session's totals in seat order, and who deals next."""
    w = WORDS[lang]
    players = result.session.players
    seats = SEATS_CHINESE if lang == "zh" else SEATS
    rows = [[seats[i], name, signed(result.totals[name])] for i, name in enumerate(players)]
    from tabulate import tabulate

    total = tabulate(rows, headers=[w["seat"], w["player"], w["total"]],
                     tablefmt="simple", colalign=("left", "left", "right"), disable_numparse=True)
    return w["totals"] + "\n" + total + "\n" + _next_line(result.next_dealer, result.hands[-1].next_dealer_why, lang)


def _next_line(dealer: str | None, why: str, lang: str) -> str:
    """Who deals next and why; when nobody can say, only why."""
    if dealer is None:
        return say(lang, "next_unknown", why=say(lang, "why_" + why))
    return WORDS[lang]["next"].format(name=dealer, why=say(lang, "why_" + why))


def check_text(result: dict) -> str:
    """The ``check`` command as text."""
    lines = [f"Tiles: {result['tiles']} ({result['count']} counting each meld as 3)"]
    if result["count"] == 14:
        if result["win"]:
            names = " + ".join(pattern_name(p, "en") for p in result["patterns"])
            lines.append(f"Winning hand: {names}, ratio {result['ratio']}")
            lines.append("Scored reading: " + " ".join(result["reading"]))
            if len(result["decompositions"]) > 1:
                lines.append("All readings:")
                lines += ["  " + " ".join(d) for d in result["decompositions"]]
        else:
            lines.append("Not a winning hand under the rules in force.")
        return "\n".join(lines)
    if not result["waits"]:
        lines.append("Not waiting (not 聽牌): no tile completes this hand.")
        return "\n".join(lines)
    lines.append("Waiting on (聽牌):")
    rows = [[w["tile"], TILES[_tile_index(w["tile"])].chinese, " + ".join(pattern_name(p, "en") for p in w["patterns"]),
             w["ratio"]] for w in result["waits"]]
    from tabulate import tabulate

    lines.append(tabulate(rows, headers=["Tile", "牌", "Patterns", "Ratio"], tablefmt="simple"))
    return "\n".join(lines)


def _tile_index(text: str) -> int:
    from .tiles import parse_indices

    return parse_indices(text)[0]


def rules_text(rules) -> str:
    """The effective house rules as two tables: patterns, then payments."""
    from tabulate import tabulate

    from .patterns import PATTERNS
    from .rules import DESCRIPTIONS
    from .rulings import RULES_KEYS

    rows = [[p.id, p.chinese, rules.patterns[p.id], ", ".join(p.supersedes) or "—"] for p in PATTERNS]
    out = [tabulate(rows, headers=["pattern", "中文", "ratio", "supersedes"], tablefmt="simple",
                    colalign=("left", "left", "right", "left"), maxcolwidths=[None, None, None, 26])]
    data = rules.as_dict()
    rows = []
    for key, value in data.items():
        if key == "patterns":
            continue
        if isinstance(value, dict):
            value = ", ".join(f"{k} {v}" for k, v in value.items())
        rows.append([key, value, RULES_KEYS[key], DESCRIPTIONS[key]])
    # wrapped so that the whole table fits an 80-column terminal
    out.append(tabulate(rows, headers=["rule", "value", "ruling", "meaning"], tablefmt="simple",
                        disable_numparse=True, maxcolwidths=[None, 12, None, 32]))
    return "\n\n".join(out)


def result_text(result: Settlement | SessionResult, lang: str = "en", explain: bool = False,
                settle_up: bool = False) -> str:
    """``settle``'s table for a hand or a session; ``--settle-up`` adds who pays whom."""
    text = session_text(result, lang, explain) if isinstance(result, SessionResult) else hand_text(result, lang,
                                                                                                    explain)
    return text + "\n\n" + settle_up_text(result, lang) if settle_up else text


def settle_up_text(result: Settlement | SessionResult, lang: str = "en") -> str:
    """The fewest payments that square the balances, one line each."""
    from .jsonout import balances_of
    from .settleup import settle_up

    w = WORDS[lang]
    payments = settle_up(balances_of(result)).payments
    if not payments:
        return w["settle_none"]
    return "\n".join([w["settle_up"]] + [w["settle_line"].format(payer=p.payer, payee=p.payee,
                                                                  amount=plain(p.amount)) for p in payments])
