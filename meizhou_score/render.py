"""Output: JSON objects (SPEC §5), tables and explanations, in English or Chinese.

Nothing here prints; the CLI does. ``tabulate`` is imported only when a
table is drawn.
"""

from __future__ import annotations

from decimal import Decimal
from operator import add
from typing import Any

from .patterns import BY_ID
from .record import SEATS, SEATS_CHINESE
from .settlement import WIN_REASONS, SessionResult, Settlement
from .tiles import TILES

# ---------------------------------------------------------------- JSON


def number(value: Decimal | int) -> int | Decimal:
    """An exact amount: an int when whole, else a Decimal without trailing zeros."""
    if isinstance(value, int):
        return value
    if value == value.to_integral_value():
        return int(value)
    return value.normalize()


def hand_json(s: Settlement) -> dict[str, Any]:
    """The one-hand object of SPEC §5."""
    r = s.record
    stake = r.stake
    if stake == stake.to_integral_value():
        stake = int(stake)  # whole gold: plain integer arithmetic, the common case
        amount = stake.__mul__
    else:
        amount = lambda units: number(units * r.stake)  # noqa: E731
    scored = s.score is not None and s.valid
    out: dict[str, Any] = {
        "valid": s.valid,
        "draw": r.draw,
        "winner": r.winner,
        "win_type": r.win_type,
        "patterns": list(s.score.patterns) if scored else [],
        "ratio": s.score.ratio if scored else 0,
        "transfers": [{"from": t.payer, "to": t.payee, "units": t.units, "amount": amount(t.units),
                       "reason": t.reason} for t in s.transfers],
        "balances": {name: amount(units) for name, units in s.balances.items()},
        "next_dealer": s.next_dealer,
    }
    if not s.valid:
        out["errors"] = list(s.errors)
    if r.claimed is not None:
        diffs = s.claim_differences
        out["claims"] = {"agree": not diffs,
                         "differences": {name: {"claimed": number(c), "computed": number(v)}
                                         for name, (c, v) in diffs.items()}}
    return out


def hand_line(s: Settlement, line: int) -> str:
    """``dumps({"line": line, **hand_json(s)}, indent=None)``, written directly: the bulk path.

    Building the dict and encoding it would cost more than the rest of a hand's
    settling; this writes what recurs (a table's payments, balances, pattern
    lists) once. Tests check the two are the same text, character for character.
    """
    r = s.record
    q = _quoted
    names = _NAMES.get(r.players)
    if names is None:
        names = {name: q(name) for name in r.players}
        if len(_NAMES) < 1024:
            _NAMES[r.players] = names
    stake = r.stake
    scored = s.score is not None and s.valid
    patterns = _PATTERN_LISTS.get(s.score.patterns) if scored else ""
    if patterns is None:
        patterns = _PATTERN_LISTS[s.score.patterns] = ", ".join([q(p) for p in s.score.patterns])  # few: 14 ids
    # whole gold, the common case, is plain integer arithmetic; else exact decimals
    unit = int(stake) if stake == stake.to_integral_value() else stake
    # each group of payments (the win, a kong) is written once per table and stake, with
    # each seat's units; the balances are their sum, also written once
    written, seats = [], _NO_UNITS
    for group in s.payments:
        if group:  # a share of 0 units pays nothing
            paid = _PAID.get((r.players, group, unit)) or _paid(group, unit, r.players, names)
            written.append(paid[0])
            seats = tuple(map(add, seats, paid[1]))
    transfers = ", ".join(written)
    balances = _BALANCES.get((r.players, seats, unit)) or _balances(r.players, seats, unit, names)
    text = (f'{{"line": {line}, "valid": {_BOOL[s.valid]}, "draw": {_BOOL[r.draw]}, '
            f'"winner": {q(r.winner)}, "win_type": {q(r.win_type)}, "patterns": [{patterns}], '
            f'"ratio": {s.score.ratio if scored else 0}, "transfers": [{transfers}], "balances": {{{balances}}}, '
            f'"next_dealer": {q(s.next_dealer)}')
    if not s.valid:
        text += ', "errors": [' + ", ".join(q(e, keep=False) for e in s.errors) + "]"
    if r.claimed is not None:
        diffs = s.claim_differences
        inner = ", ".join(f'{names[name]}: {{"claimed": {_num(c)}, "computed": {_num(v)}}}'
                          for name, (c, v) in diffs.items())
        text += f', "claims": {{"agree": {_BOOL[not diffs]}, "differences": {{{inner}}}}}'
    return text + "}"


def _transfer(t, amount: str, names: dict[str, str]) -> str:
    """One transfer's JSON text."""
    return (f'{{"from": {names[t.payer]}, "to": {names[t.payee]}, "units": {t.units}, '
            f'"amount": {amount}, "reason": "{t.reason}"}}')


def _paid(group, unit: int | Decimal, players: tuple[str, ...],
          names: dict[str, str]) -> tuple[str, tuple[int, ...]]:
    """A group of transfers at a stake: (its JSON text, each seat's units won or lost)."""
    text = ", ".join([_transfer(t, _amount(t.units, unit), names) for t in group])
    seats = [0, 0, 0, 0]
    for t in group:
        seats[players.index(t.payer)] -= t.units
        seats[players.index(t.payee)] += t.units
    found = text, tuple(seats)
    if len(_PAID) < 16384:  # tables, units and stakes are few: bounded all the same
        _PAID[players, group, unit] = found  # the seating too: the same names may sit otherwise
    return found


def _balances(players: tuple[str, ...], seats: tuple[int, ...], unit: int | Decimal, names: dict[str, str]) -> str:
    """The balances object's inside: each player's units at the stake, in seat order."""
    text = ", ".join([f"{names[name]}: {_amount(units, unit)}" for name, units in zip(players, seats)])
    if len(_BALANCES) < 16384:
        _BALANCES[players, seats, unit] = text
    return text


_NO_UNITS = (0, 0, 0, 0)
_BALANCES: dict[tuple, str] = {}  # (players, units per seat, stake) -> text


def _amount(units: int, unit: int | Decimal) -> str:
    """The JSON text of ``units`` at a stake (an int for whole gold, else a Decimal)."""
    if type(unit) is int:
        return str(units * unit)
    found = _AMOUNTS.get((units, unit))
    if found is None:
        found = _num(units * unit)
        if len(_AMOUNTS) < 16384:
            _AMOUNTS[units, unit] = found
    return found


_AMOUNTS: dict[tuple[int, Decimal], str] = {}
_PAID: dict[tuple, tuple[str, tuple[int, ...]]] = {}  # (players, transfers, stake) -> text, units per seat
_PATTERN_LISTS: dict[tuple[str, ...], str] = {}  # the patterns a hand matched, written once per combination
_BOOL = {True: "true", False: "false"}
_NAMES: dict[tuple[str, ...], dict[str, str]] = {}  # a table's four names, quoted once
_QUOTED: dict[str | None, str] = {None: "null"}


def _quoted(text: str | None, keep: bool = True) -> str:
    """A JSON string as json.dumps writes it; names and fixed words are remembered."""
    found = _QUOTED.get(text)
    if found is None:
        import json

        found = json.dumps(text, ensure_ascii=False)
        if keep and len(_QUOTED) < 4096:
            _QUOTED[text] = found
    return found


def _num(value: Decimal | int) -> str:
    """An amount's JSON text, the same as dumps() writes for number(value)."""
    value = number(value)
    if isinstance(value, int):
        return str(value)
    try:
        return float.__repr__(_exact(value))
    except _TooPrecise:
        return format(value, "f")


def session_json(result: SessionResult) -> dict[str, Any]:
    hands = []
    for n, s in enumerate(result.hands, start=1):
        obj = {"index": n, "dealer": s.record.dealer, **hand_json(s)}
        if s.dealer_expected is not None:
            obj["dealer_check"] = {"named": s.record.dealer, "expected": s.dealer_expected}
        hands.append(obj)
    return {"hands": hands, "totals": {k: number(v) for k, v in result.totals.items()},
            "next_dealer": result.next_dealer}


class _TooPrecise(Exception):
    pass


def _exact(value: Any) -> float:
    """A Decimal as a float only when the float's text is the same number.

    Python writes a float as the shortest text that reads back to it, and any
    decimal of at most 15 significant digits reads back from its double
    exactly, so its text is that decimal's. Longer decimals go the slow way.
    """
    if isinstance(value, Decimal) and value.is_finite() and len(value.as_tuple().digits) <= 15:
        return float(value)
    raise _TooPrecise


def dumps(obj: Any, indent: int | None = 2) -> str:
    """JSON text with Decimals written exactly (``2.5``, never a rounded float)."""
    import json

    try:
        return json.dumps(obj, ensure_ascii=False, indent=indent, default=_exact)
    except _TooPrecise:
        return _write(obj, indent, 0)


def dumps_session(obj: dict[str, Any]) -> str:
    """A session's JSON: indented at the top, one compact line per hand.

    Python's json module indents only in pure Python, 20 times slower than its
    compact C encoder; a session of 10,000 hands stays fast and still reads well.
    """
    hands = ",\n".join("    " + dumps(h, indent=None) for h in obj["hands"])
    rest = [f'  "{key}": {dumps(value, indent=None)}' for key, value in obj.items() if key != "hands"]
    return "{\n  \"hands\": [\n" + hands + "\n  ],\n" + ",\n".join(rest) + "\n}"


def _write(obj: Any, indent: int | None, depth: int) -> str:
    import json

    if isinstance(obj, Decimal):
        return format(obj, "f")
    pad = "" if indent is None else "\n" + " " * (indent * (depth + 1))
    end = "" if indent is None else "\n" + " " * (indent * depth)
    sep = ", " if indent is None else ","
    if isinstance(obj, dict):
        if not obj:
            return "{}"
        items = [f"{pad}{json.dumps(str(k), ensure_ascii=False)}: {_write(v, indent, depth + 1)}" for k, v in obj.items()]
        return "{" + sep.join(items) + end + "}"
    if isinstance(obj, (list, tuple)):
        if not obj:
            return "[]"
        return "[" + sep.join(pad + _write(v, indent, depth + 1) for v in obj) + end + "]"
    return json.dumps(obj, ensure_ascii=False)


# ---------------------------------------------------------------- text

WORDS = {
    "en": {
        "self_draw": "self-draw (自摸)", "kong_bloom": "kong bloom (槓上開花)", "robbed_kong": "robbed kong (搶槓)",
        "concealed_kong": "concealed kong (暗槓)", "added_kong": "added kong (加槓)",
        "exposed_kong": "exposed kong (直槓)",
        "seat": "Seat", "player": "Player", "win": "Win", "kongs": "Kongs", "total": "Total",
        "dealer_mark": " (dealer)",
        "wins": "{winner} wins by {how}", "from": " from {robbed}",
        "patterns": "{names}, ratio {ratio}", "stake": "stake {stake} gold per unit",
        "draw": "Exhaustive draw (荒莊): nobody pays, kongs included (R9).",
        "invalid": "Not a legal win, so nobody pays:",
        "reading": "Reading: {blocks}",
        "next": "Next dealer: {name} — {why}",
        "why_robbed": "the robbed player deals next (R10)",
        "why_winner": "whoever wins, deals (R10)",
        "why_dealer_wins": "the dealer won and deals again (R10)",
        "why_draw_next": "after a draw the dealer's next player deals (R10)",
        "why_draw_same": "after a draw the dealer deals again (house rule dealer_after_draw: same)",
        "why_invalid": "not settled: the hand is not a legal win",
        "pays": "{payer} pays {payee} {amount} ({units} × {stake}): {reason}{detail} — {rule}",
        "detail_win": ", ratio {ratio} × {share}",
        "detail_kong": " of {owner}, {tile}",
        "claims_agree": "Claimed balances agree with the settlement.",
        "claims_differ": "Claimed balances differ:",
        "claim_line": "  {name}: claimed {claimed}, computed {computed}",
        "dealer_check": "Dealer dispute: this hand names {named} as dealer; the rotation gives {expected} (R10).",
        "hand": "Hand {n} — dealer {dealer}",
        "totals": "Session totals",
        "transfers": "Payments:",
    },
    "zh": {
        "self_draw": "自摸", "kong_bloom": "槓上開花", "robbed_kong": "搶槓",
        "concealed_kong": "暗槓", "added_kong": "加槓（摸明槓）", "exposed_kong": "直槓",
        "seat": "座位", "player": "玩家", "win": "胡牌", "kongs": "槓", "total": "合計",
        "dealer_mark": "（莊）",
        "wins": "{winner} {how}胡牌", "from": "（被搶：{robbed}）",
        "patterns": "{names}，倍數 {ratio}", "stake": "底分 {stake}",
        "draw": "荒莊：無人輸贏，槓不計（R9）。",
        "invalid": "不是合法的胡牌，無人支付：",
        "reading": "牌型：{blocks}",
        "next": "下一莊：{name}——{why}",
        "why_robbed": "被搶槓者坐莊（R10）",
        "why_winner": "誰胡誰莊（R10）",
        "why_dealer_wins": "莊家胡牌，連莊（R10）",
        "why_draw_next": "流局，由莊家的下家坐莊（R10）",
        "why_draw_same": "流局，莊家連莊（規則 dealer_after_draw: same）",
        "why_invalid": "未結算：不是合法的胡牌",
        "pays": "{payer} 付 {payee} {amount}（{units} 分 × {stake}）：{reason}{detail}——{rule}",
        "detail_win": "，倍數 {ratio} × {share}",
        "detail_kong": "，{owner} 的 {tile}",
        "claims_agree": "申報的輸贏與結算相符。",
        "claims_differ": "申報的輸贏與結算不符：",
        "claim_line": "  {name}：申報 {claimed}，應為 {computed}",
        "dealer_check": "莊家有誤：本局寫 {named} 坐莊，輪莊應為 {expected}（R10）。",
        "hand": "第 {n} 局——莊家 {dealer}",
        "totals": "本場合計",
        "transfers": "支付明細：",
    },
}


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
        lines.append(w["draw"])
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
            lines += [f"  - {e}" for e in s.errors]
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
        rows.append([seats[n], name + mark, signed(win[name] * r.stake), signed(kong[name] * r.stake),
                     signed(s.amounts[name])])
    lines.append(_table(rows, [w["seat"], w["player"], w["win"], w["kongs"], w["total"]]))
    lines.append("")
    if explain and s.transfers:
        lines.append(w["transfers"])
        lines += ["  " + explain_transfer(t, s, lang) for t in s.transfers]
        lines.append("")
    if s.dealer_expected is not None:
        lines.append(w["dealer_check"].format(named=r.dealer, expected=s.dealer_expected))
    if r.claimed is not None:
        diffs = s.claim_differences
        if not diffs:
            lines.append(w["claims_agree"])
        else:
            lines.append(w["claims_differ"])
            lines += [w["claim_line"].format(name=k, claimed=plain(c), computed=plain(v)) for k, (c, v) in diffs.items()]
    lines.append(w["next"].format(name=s.next_dealer or "—", why=w["why_" + s.next_dealer_why]))
    return "\n".join(lines)


def explain_transfer(t, s: Settlement, lang: str = "en") -> str:
    """One payment with the rule behind it."""
    w = WORDS[lang]
    r = s.record
    rules = r.rules
    if t.reason in WIN_REASONS:
        share = rules.robbed_kong_share if t.reason == "robbed_kong" else rules.self_draw_share
        if t.reason == "kong_bloom" and rules.kong_bloom_multiplier != 1:
            share = f"{share} × {rules.kong_bloom_multiplier}"
        detail = w["detail_win"].format(ratio=s.score.ratio, share=share)
    else:
        tile = TILES[t.tile]
        detail = w["detail_kong"].format(owner=t.payee, tile=f"{tile} {tile.chinese}")
        if t.reason == "exposed_kong" and rules.exposed_kong_payer == "discarder":
            detail += ", 包槓"
    return w["pays"].format(payer=t.payer, payee=t.payee, amount=plain(t.units * r.stake), units=t.units,
                            stake=plain(r.stake), reason=w[t.reason], detail=detail, rule=t.rule)


def session_text(result: SessionResult, lang: str = "en", explain: bool = False) -> str:
    parts = [session_hand_text(result, n, lang, explain) for n in range(1, len(result.hands) + 1)]
    parts.append(totals_text(result, lang))
    return "\n\n".join(parts)


def session_hand_text(result: SessionResult, n: int, lang: str = "en", explain: bool = False) -> str:
    """Hand ``n`` (1-based) of a session under its heading."""
    w = WORDS[lang]
    s = result.hands[n - 1]
    title = w["hand"].format(n=n, dealer=s.record.dealer)
    return title + "\n" + "=" * len(title) + "\n" + hand_text(s, lang, explain)


def totals_text(result: SessionResult, lang: str = "en") -> str:
    """The session's totals in seat order, and who deals next."""
    w = WORDS[lang]
    players = result.session.players
    seats = SEATS_CHINESE if lang == "zh" else SEATS
    rows = [[seats[i], name, signed(result.totals[name])] for i, name in enumerate(players)]
    from tabulate import tabulate

    total = tabulate(rows, headers=[w["seat"], w["player"], w["total"]],
                     tablefmt="simple", colalign=("left", "left", "right"), disable_numparse=True)
    return w["totals"] + "\n" + total + "\n" + w["next"].format(
        name=result.next_dealer or "—", why=w["why_" + (result.hands[-1].next_dealer_why)])


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
    from .rules import DESCRIPTIONS, RULINGS

    rows = [[p.id, p.chinese, rules.patterns[p.id], ", ".join(p.supersedes) or "—"] for p in PATTERNS]
    out = [tabulate(rows, headers=["pattern", "中文", "ratio", "supersedes"], tablefmt="simple",
                    colalign=("left", "left", "right", "left"))]
    data = rules.as_dict()
    rows = []
    for key, value in data.items():
        if key == "patterns":
            continue
        if isinstance(value, dict):
            value = ", ".join(f"{k} {v}" for k, v in value.items())
        rows.append([key, value, RULINGS[key], DESCRIPTIONS[key]])
    out.append(tabulate(rows, headers=["rule", "value", "ruling", "meaning"], tablefmt="simple",
                        disable_numparse=True))
    return "\n\n".join(out)
