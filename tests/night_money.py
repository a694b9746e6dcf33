"""A night's money worked out from the rules alone (RULES.md R2, R4–R10), for the cross-view test.

Nothing here imports the package: the tiles are read, the hand's readings found, its patterns
matched and combined, and every payment made from the rules' own words, so that a view of the
package that drifts from the rules (or from the other views) disagrees with this. It reads the
very data the night's file holds (a session: ``players``, ``stake``, ``rules``, ``hands``).
"""

from __future__ import annotations

import re
from decimal import Context, Decimal, Inexact, localcontext

EXACT = Context(prec=200, traps=[Inexact])  # money worked out exactly, or an error: never rounded

# 0–8 characters (m), 9–17 dots (p), 18–26 bamboo (s), 27–33 East South West North White Green Red
HONOURS = frozenset(range(27, 34))
TERMINALS = frozenset({0, 8, 9, 17, 18, 26})
ORPHANS = TERMINALS | HONOURS

# R4's pattern table: the ratio, and what a pattern takes the place of under `add` / `multiply`
RATIOS = {
    "ordinary": 1,
    "all_pungs": 2,
    "mixed_one_suit": 2,
    "seven_pairs": 3,
    "pure_one_suit": 4,
    "mixed_terminals": 5,
    "luxury_seven_pairs": 6,
    "concealed_pungs": 10,
    "all_terminals": 10,
    "all_honours": 10,
    "thirteen_orphans": 10,
    "double_luxury_seven_pairs": 12,
    "triple_luxury_seven_pairs": 18,
    "four_kongs": 18,
}
SUPERSEDES = {
    "all_pungs": {"ordinary"},
    "mixed_one_suit": {"ordinary"},
    "pure_one_suit": {"ordinary"},
    "mixed_terminals": {"ordinary"},
    "luxury_seven_pairs": {"seven_pairs"},
    "concealed_pungs": {"all_pungs"},
    "all_terminals": {"ordinary"},
    "all_honours": {"ordinary"},
    "thirteen_orphans": {"mixed_terminals"},
    "double_luxury_seven_pairs": {"seven_pairs", "luxury_seven_pairs"},
    "triple_luxury_seven_pairs": {
        "seven_pairs",
        "luxury_seven_pairs",
        "double_luxury_seven_pairs",
    },
    "four_kongs": {"all_pungs"},
}
SEVEN_PAIRS_ROWS = [
    "seven_pairs",
    "luxury_seven_pairs",
    "double_luxury_seven_pairs",
    "triple_luxury_seven_pairs",
]
DEFAULTS = {
    "combine": "highest",
    "self_draw_share": 2,
    "kong_bloom_multiplier": 1,
    "kong_units": {"concealed": 2, "added": 1, "exposed": 1},
    "exposed_kong_payer": "all",
    "dealer_after_draw": "next",
    "robbed_kong_paid": False,  # R7: the robbed kong was never completed
    "robbable_kongs": "added",  # R7: only an added kong may be robbed
}


def tiles(text: str) -> list[int]:
    """``"1m 2m 3m"`` or ``"123m 55z"`` as tile numbers (the notation of docs/rules.md)."""
    out = []
    for digits, suit in re.findall(r"(\d+)([mpsz])", text):
        out += [9 * "mpsz".index(suit) + int(d) - 1 for d in digits]
    return out


def house_rules(night: dict, base: dict | None = None) -> dict:
    """The defaults, overridden key by key by a rules file (``base``, as ``--rules`` gives it)
    and then by the night's own ``rules:`` (``kong_units`` and ``patterns`` type by type)."""
    rules = dict(DEFAULTS, kong_units=dict(DEFAULTS["kong_units"]), patterns=dict(RATIOS))
    for given in (base or {}, night.get("rules") or {}):
        for key, value in given.items():
            if key in ("kong_units", "patterns"):
                rules[key] = dict(rules[key], **value)
            else:
                rules[key] = value
    return rules


def _tile_patterns(every: list[int]) -> set[str]:
    """The patterns that look only at the tiles (any shape): one suit, terminals, honours."""
    suits = {t // 9 for t in every if t not in HONOURS}
    honours = any(t in HONOURS for t in every)
    found = set()
    if len(suits) == 1:
        found.add("mixed_one_suit" if honours else "pure_one_suit")
    if all(t in ORPHANS for t in every):
        terminal = any(t in TERMINALS for t in every)
        if terminal and honours:
            found.add("mixed_terminals")
        elif terminal:
            found.add("all_terminals")
        else:
            found.add("all_honours")
    return found


def _sets(counts: list[int]) -> list[list[str]]:
    """Every way to read ``counts`` as sets: each a list of 'pung' / 'run' (R2, R3)."""
    first = next((t for t, n in enumerate(counts) if n), None)
    if first is None:
        return [[]]
    found = []
    if counts[first] >= 3:
        counts[first] -= 3
        found += [["pung", *rest] for rest in _sets(counts)]
        counts[first] += 3
    if first not in HONOURS and first % 9 <= 6 and counts[first + 1] and counts[first + 2]:
        for k in range(3):
            counts[first + k] -= 1
        found += [["run", *rest] for rest in _sets(counts)]
        for k in range(3):
            counts[first + k] += 1
    return found


def _readings(concealed: list[int], pungs: int, kongs: list[str]) -> list[set[str]]:
    """The pattern sets of every reading of the winner's hand (before the ratios' zeros)."""
    counts = [concealed.count(t) for t in range(34)]
    found = []
    for pair in range(34):
        if counts[pair] < 2:
            continue
        counts[pair] -= 2
        for sets in _sets(counts):
            shape = set()
            if all(s == "pung" for s in sets):
                shape.add("all_pungs")
                if pungs == 0 and all(k == "concealed" for k in kongs):
                    shape.add("concealed_pungs")
            if len(kongs) == 4:
                shape.add("four_kongs")
            found.append(shape)
        counts[pair] += 2
    if not pungs and not kongs and len(concealed) == 14:
        if all(n in (0, 2, 4) for n in counts):
            found.append({f"seven_pairs:{counts.count(4)}"})
        if set(concealed) == ORPHANS:
            found.append({"thirteen_orphans"})
    return found


def ratio(hand: dict, winner_kongs: list[dict], rules: dict) -> int:
    """The hand's ratio under the house rules (R4), 0 where it is not a win (R2)."""
    ratios, combine = rules["patterns"], rules["combine"]
    concealed = tiles(hand["concealed"])
    melded = [t for p in hand.get("pungs", []) for t in tiles(p)]
    every = concealed + melded + [t for k in winner_kongs for t in tiles(k["tile"]) * 4]
    kongs = [k["type"] for k in winner_kongs]
    best = 0
    for shape in _readings(concealed, len(hand.get("pungs", [])), kongs):
        row = next(iter(shape)) if len(shape) == 1 else ""
        if row.startswith("seven_pairs:"):  # R2: a luxury row at 0 falls to the next smaller one
            if not ratios["seven_pairs"]:
                continue
            rows = SEVEN_PAIRS_ROWS[: int(row[-1]) + 1]
            shape = {next(r for r in reversed(rows) if ratios[r])}
        if shape == {"thirteen_orphans"} and not ratios["thirteen_orphans"]:
            continue
        matched = {p for p in shape | _tile_patterns(every) if ratios[p]}
        if not matched and not shape & {"thirteen_orphans"} and not row.startswith("seven"):
            matched = {"ordinary"} if ratios["ordinary"] else set()
        if not matched:
            continue
        if combine == "highest":
            value = max(ratios[p] for p in matched)
        else:
            kept = [p for p in matched if not any(p in SUPERSEDES.get(q, ()) for q in matched)]
            value = 0 if combine == "add" else 1
            for p in kept:
                value = value + ratios[p] if combine == "add" else value * ratios[p]
        best = max(best, value)
    return best


def hand_units(record: dict, players: list[str], rules: dict) -> dict[str, int] | None:
    """Each player's units for one hand (R5–R9), or None where it is not a legal win (R6, R2)."""
    units = dict.fromkeys(players, 0)
    if record.get("draw"):
        return units  # R9: nothing, kongs included
    winner, how = record["winner"], record["win_type"]
    kongs = record.get("kongs", [])
    own = [k for k in kongs if k["player"] == winner]
    if how == "kong_bloom" and not own:
        return None  # R6: no kong, no replacement tile
    r = ratio(record["hand"], own, rules)
    if not r:
        return None
    if "robbed_from" in record and rules["robbable_kongs"] == "added":
        return None  # R7: a kong from a discard robbed, where only an added kong may be

    def pay(payer: str, payee: str, amount: int) -> None:
        units[payer] -= amount
        units[payee] += amount

    share = rules["self_draw_share"]
    if how == "robbed_kong":  # R7: the robbed player alone
        robbed = rules.get("robbed_kong_share", 3 * share)
        pay(record["robbed"], winner, robbed * r)
    else:  # R5, R6: every other player
        each = share * r * (rules["kong_bloom_multiplier"] if how == "kong_bloom" else 1)
        for p in players:
            if p != winner:
                pay(p, winner, each)
    if how == "robbed_kong" and rules["robbed_kong_paid"]:  # R7's other reading: paid as it stood
        robbed_kong = {"player": record["robbed"], "type": "added"}
        if "robbed_from" in record:  # a kong from a discard (robbable_kongs: open)
            robbed_kong = {
                "player": record["robbed"],
                "type": "exposed",
                "from": record["robbed_from"],
            }
        kongs = [*kongs, robbed_kong]
    for k in kongs:  # R8: every kong, only on a win
        each = rules["kong_units"][k["type"]]
        if k["type"] == "exposed" and rules["exposed_kong_payer"] == "discarder":
            pay(k["from"], k["player"], 3 * each)
            continue
        for p in players:
            if p != k["player"]:
                pay(p, k["player"], each)
    return units


def next_dealer(record: dict, dealer: str, players: list[str], rules: dict) -> str:
    """R10: the robbed player, else the winner, else after a draw the next seat (or the same)."""
    if record.get("draw"):
        if rules["dealer_after_draw"] == "same":
            return dealer
        return players[(players.index(dealer) + 1) % 4]
    return record["robbed"] if record["win_type"] == "robbed_kong" else record["winner"]


def night_money(night: dict, base: dict | None = None) -> dict:
    """``{"hands": [{player: amount}], "totals": {player: amount}, "disputed": bool}``: the night
    settled from the rules (``base``: a rules file's, under the night's own), each amount units ×
    the hand's stake (its own, the night's, or 1)."""
    with localcontext(EXACT):
        return _night_money(night, base)


def _night_money(night: dict, base: dict | None) -> dict:
    players, rules = night["players"], house_rules(night, base)
    totals = dict.fromkeys(players, Decimal(0))
    hands, disputed = [], False
    for record in night["hands"]:
        stake = Decimal(str(record.get("stake", night.get("stake", 1))))
        units = hand_units(record, players, rules)
        if units is None:
            disputed = True  # not a win: settles nothing (docs/rules.md, "not a legal win")
            units = dict.fromkeys(players, 0)
        money = {p: units[p] * stake for p in players}
        claimed = record.get("claimed", {})
        disputed |= any(Decimal(str(v)) != money[p] for p, v in claimed.items())
        hands.append(money)
        for p in players:
            totals[p] += money[p]
    return {"hands": hands, "totals": totals, "disputed": disputed}
