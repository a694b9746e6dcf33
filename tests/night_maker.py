"""Random nights at one table, for the cross-view test: a generator of its own, not the package's.

A night is a session as a file holds it: four players drawn from a club's pool, a stake (whole
or decimal), house rules (the shares, the robbed-kong share set or left to follow, the kong
units, 包槓, the combine mode, a pattern's ratio), a date, and hands of every kind — self-draws,
kong blooms, robbed kongs, draws, every kong type (an exposed one with its discarder), some hands
with their own stake, claims right and wrong, and now and then a kong bloom with no kong (a hand
that is not a win). Every hand keeps tile conservation (R1, R7) and the count rule, so the only
disputes are the ones made on purpose. Nothing here imports the package.
"""

from __future__ import annotations

import datetime
import json
import random
from decimal import Decimal, localcontext

import yaml
from night_money import EXACT, HONOURS, ORPHANS, hand_units, house_rules, next_dealer

POOL = ["Ah Fook", "Mei", "Jun", "Lan", "Siu Ling", "陳美玲", "Kwok", "Bo"]
STAKES = [1, 2, 5, 10, 20, Decimal("0.5"), Decimal("2.50"), Decimal("0.25"), Decimal("1.5")]
# the house-rules file (`--rules FILE`) a quarter of the nights are settled and added under
RULES_FILE = {"self_draw_share": 3, "exposed_kong_payer": "discarder", "kong_bloom_multiplier": 2}
STAKES += [Decimal("0.3333333333333333333333333333"), Decimal("99999999999999999999.99")]
FIRST_DAY = datetime.date(2025, 1, 1)


def name(tile: int, copies: int = 1) -> str:
    """``5z``, or ``555z`` for three copies."""
    return f"{str(tile % 9 + 1) * copies}{'mpsz'[tile // 9]}"


def _rules(rng: random.Random) -> dict:
    rules: dict = {}
    if rng.random() < 0.5:
        rules["self_draw_share"] = rng.choice([1, 2, 3, 4])
    if rng.random() < 0.35:
        rules["robbed_kong_share"] = rng.choice([3, 6, 9, 12])
    if rng.random() < 0.25:
        rules["kong_bloom_multiplier"] = rng.choice([1, 2, 3])
    if rng.random() < 0.3:
        kinds = rng.sample(["concealed", "added", "exposed"], rng.randint(1, 3))
        rules["kong_units"] = {k: rng.choice([0, 1, 2, 3, 4]) for k in kinds}
    if rng.random() < 0.3:
        rules["exposed_kong_payer"] = rng.choice(["discarder", "all"])
    if rng.random() < 0.35:
        rules["combine"] = rng.choice(["add", "multiply", "highest"])
    if rng.random() < 0.15:
        rules["patterns"] = {rng.choice(["all_pungs", "mixed_one_suit", "seven_pairs"]): 3}
    if rng.random() < 0.15:
        rules["dealer_after_draw"] = "same"
    return rules


def _kinds(rng: random.Random, flavour: str) -> list[int]:
    """The tiles a hand of this flavour may hold."""
    suit = rng.randrange(3)
    if flavour == "pure":
        return list(range(9 * suit, 9 * suit + 9))
    if flavour == "mixed":
        return list(range(9 * suit, 9 * suit + 9)) + sorted(HONOURS)
    if flavour == "terminals":
        return sorted(ORPHANS)
    if flavour == "honours":
        return sorted(HONOURS)
    return list(range(34))


def _standard(rng, used, flavour, melds, kongs):
    """A pair and four sets: (concealed tiles, exposed pungs, the winner's kong tiles), or None."""
    kinds = _kinds(rng, flavour)
    runs = [t for t in kinds if t not in HONOURS and t % 9 <= 6 and t + 2 in kinds]
    if flavour in ("pungs", "terminals", "honours"):
        runs = []
    free = [t for t in kinds if used[t] <= 2]
    if not free:
        return None
    pair = rng.choice(free)
    used[pair] += 2
    concealed, pungs, kong_tiles = [pair, pair], [], []
    for n in range(4):
        for _ in range(50):
            if n < melds or not runs or rng.random() < 0.4:
                t = rng.choice(kinds)
                need = 4 if n < kongs else 3
                if used[t] + need > 4:
                    continue
                used[t] += need
                if n < kongs:
                    kong_tiles.append(t)
                elif n < melds:
                    pungs.append(t)
                else:
                    concealed += [t] * 3
                break
            start = rng.choice(runs)
            if all(used[start + k] < 4 for k in range(3)):
                for k in range(3):
                    used[start + k] += 1
                concealed += [start, start + 1, start + 2]
                break
        else:
            return None
    return concealed, pungs, kong_tiles


def _pairs(rng, used, flavour):
    """Seven pairs, a four of a kind now and then (豪華): the concealed tiles, or None."""
    kinds = _kinds(rng, "pure" if flavour == "pure" else "any")
    concealed: list[int] = []
    while len(concealed) < 14:
        t = rng.choice(kinds)
        take = 4 if len(concealed) <= 10 and rng.random() < 0.25 else 2
        if used[t] or t in concealed:
            continue
        used[t] += take
        concealed += [t] * take
    return concealed


def _winning_hand(rng, used, win_type, winner, players):
    """The winner's hand and kongs, or None when the draw of tiles failed (the caller tries again)."""
    flavour = rng.choice(
        ["any"] * 4
        + ["pure", "mixed", "pungs", "terminals", "honours", "pairs", "pairs", "orphans"]
    )
    own: list[dict] = []
    pungs: list[int] = []
    if flavour == "pairs" and win_type != "kong_bloom":
        concealed = _pairs(rng, used, rng.choice(["pure", "any"]))
    elif flavour == "orphans" and win_type != "kong_bloom":
        concealed = sorted(ORPHANS) + [rng.choice(sorted(ORPHANS))]
        for t in concealed:
            used[t] += 1
    else:
        kongs = rng.choice([1, 1, 2, 4]) if win_type == "kong_bloom" else rng.choice([0, 0, 0, 1])
        melds = min(4, kongs + rng.choice([0, 0, 1, 2]))
        built = _standard(
            rng, used, "any" if flavour in ("pairs", "orphans") else flavour, melds, kongs
        )
        if built is None:
            return None
        concealed, pungs, kong_tiles = built
        for t in kong_tiles:
            kind = rng.choice(["concealed", "added", "exposed"])
            own.append({"player": winner, "type": kind, "tile": name(t)})
            if kind == "exposed":
                own[-1]["from"] = rng.choice([p for p in players if p != winner])
    if (
        win_type == "robbed_kong"
    ):  # R7: the robbed tile is the winner's only copy, the pung the rest
        only = [t for t in set(concealed) if used[t] == 1 and concealed.count(t) == 1]
        if flavour != "orphans":
            only = [t for t in only if t not in HONOURS]
        if not only:
            return None
        winning = rng.choice(sorted(only))
        used[winning] = 4
    else:
        winning = rng.choice(concealed)
    rng.shuffle(concealed)
    hand: dict = {"concealed": " ".join(name(t) for t in concealed), "winning_tile": name(winning)}
    if pungs:
        hand["pungs"] = [name(t, 3) for t in pungs]
    return hand, own


def _hand(rng, players):
    """One hand (no dealer, stake or claims yet)."""
    while True:
        used = [0] * 34
        kind = rng.random()
        record: dict = {}
        kongs: list[dict] = []
        if kind < 0.12:
            record["draw"] = True
        else:
            win_type = "robbed_kong" if kind < 0.32 else "kong_bloom" if kind < 0.5 else "self_draw"
            winner = rng.choice(players)
            made = _winning_hand(rng, used, win_type, winner, players)
            if made is None:
                continue
            record.update(winner=winner, win_type=win_type, hand=made[0])
            if win_type == "robbed_kong":
                record["robbed"] = rng.choice([p for p in players if p != winner])
            kongs += made[1]
            if win_type == "self_draw" and not kongs and rng.random() < 0.04:
                record["win_type"] = "kong_bloom"  # with no kong of its own: no win (R6), a dispute
        for _ in range(rng.choice([0, 0, 1, 1, 2, 3])):
            free = [t for t in range(34) if used[t] == 0]
            t = rng.choice(free)
            used[t] = 4
            owner = rng.choice([p for p in players if p != record.get("winner")])
            kind = rng.choice(["concealed", "added", "exposed"])
            kongs.append({"player": owner, "type": kind, "tile": name(t)})
            if kind == "exposed":
                kongs[-1]["from"] = rng.choice([p for p in players if p != owner])
        if kongs:
            record["kongs"] = kongs
        return record


def make_night(rng: random.Random, number: int, base: dict | None = None) -> dict:
    """Night ``number``: its own date (FIRST_DAY + number days), 3–10 hands; its claims and
    dealers follow the rules in force, under a rules file's ``base`` where one is given."""
    with localcontext(EXACT):
        return _night(rng, number, base)


def _night(rng: random.Random, number: int, base: dict | None) -> dict:
    players = rng.sample(POOL, 4)
    if rng.random() < 0.15:  # one player written another way: the ledger knows them as one person
        k = rng.randrange(4)
        players[k] = rng.choice([str.lower, str.upper, lambda p: p.replace(" ", "  ")])(players[k])
    night: dict = {"players": players, "date": str(FIRST_DAY + datetime.timedelta(days=number))}
    if rng.random() < 0.85:
        night["stake"] = rng.choice(STAKES)
    if rng.random() < 0.8:
        night["rules"] = _rules(rng)
    rules = house_rules(night, base)
    dealer = rng.choice(players)
    named = True  # the first hand names its dealer, and so does a hand after one that is no win
    hands = []
    for _ in range(rng.randint(3, 10)):
        record = _hand(rng, players)
        if named or rng.random() < 0.3:
            record = {"dealer": dealer, **record}
        if rng.random() < 0.1:
            record["stake"] = rng.choice(STAKES)
        stake = Decimal(str(record.get("stake", night.get("stake", 1))))
        units = hand_units(record, players, rules)
        if units is not None and rng.random() < 0.12:
            who = rng.sample(players, rng.randint(1, 4))
            claimed = {p: units[p] * stake for p in who}
            if rng.random() < 0.35:  # a table that paid someone one stake too much
                claimed[who[0]] += stake
            record["claimed"] = claimed
        hands.append(record)
        named = units is None
        if not named:
            dealer = next_dealer(record, dealer, players, rules)
    night["hands"] = hands
    return night


class _Dumper(yaml.SafeDumper):
    pass


_Dumper.add_representer(Decimal, lambda d, v: d.represent_scalar("tag:yaml.org,2002:float", str(v)))


def yaml_text(night: dict) -> str:
    """The night as a YAML file (decimals written as they are: ``stake: 2.50``)."""
    return yaml.dump(night, Dumper=_Dumper, allow_unicode=True, sort_keys=False)


def json_line(night: dict) -> str:
    """The night as one JSON line for bulk mode, decimals as JSON numbers written exactly."""
    marks: dict[str, str] = {}

    def mark(value):
        if isinstance(value, Decimal):
            key = f"@decimal{len(marks)}@"
            marks[f'"{key}"'] = str(value)
            return key
        raise TypeError(value)

    line = json.dumps(night, default=mark, ensure_ascii=False)
    for key, text in marks.items():
        line = line.replace(key, text)
    return line


def table_night(rng: random.Random, hands: int) -> dict:
    """A night as ``record`` writes one at a real table: four players, a stake, house rules, the
    first hand naming its dealer and every other following the rotation (R10), no claims; for
    ``reconcile``'s benchmark and tests."""
    players = rng.sample(POOL, 4)
    night: dict = {"players": players, "stake": rng.choice([1, 2, 5, 10, Decimal("0.5")])}
    if rng.random() < 0.7:
        night["rules"] = _rules(rng)
    made = []
    while len(made) < hands:
        record = _hand(rng, players)
        if record.get("win_type") == "kong_bloom" and not any(
            k["player"] == record["winner"] for k in record.get("kongs", [])
        ):
            continue  # no kong of its own: not a win, and a real table would not write it
        made.append(record)
    made[0] = {"dealer": players[0], **made[0]}
    night["hands"] = made
    return night
