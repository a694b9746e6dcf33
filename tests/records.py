"""A generator of random legal hand records, for property tests and the bulk benchmark.

Every record it makes respects tile conservation (never five copies, the
robbed tile the winner's only copy), the count rule and the kong rules; tiles,
winner, win type, kongs, house rules, stakes and claims all vary.
"""

from __future__ import annotations

import json
import random

PLAYERS = ["Ah Fook", "Mei", "Jun", "Lan"]
A, B, C, D = PLAYERS

# ---------------------------------------------------------------- records for tests, by hand


def hand_record(
    winner: str = B,
    win_type: str = "self_draw",
    concealed: str = "123m 456m 789p 234s 55s",
    winning: str = "4s",
    **extra,
) -> dict:
    """A hand record: by default Mei self-draws an ordinary hand that Ah Fook dealt; ``extra`` keys added."""
    rec = {
        "players": list(PLAYERS),
        "dealer": A,
        "winner": winner,
        "win_type": win_type,
        "hand": {"concealed": concealed, "winning_tile": winning},
    }
    rec.update(extra)
    return rec


def draw_record(dealer: str = B, **extra) -> dict:
    """An exhaustive draw (荒莊) dealt by ``dealer``."""
    return {"players": list(PLAYERS), "dealer": dealer, "draw": True, **extra}


def session_record(*hands: dict, players: list[str] | None = None, **extra) -> dict:
    """A session of ``hands`` (their own players keys dropped)."""
    return {
        "players": list(players or PLAYERS),
        **extra,
        "hands": [{k: v for k, v in h.items() if k != "players"} for h in hands],
    }


def complete_counts(rng: random.Random) -> list[int]:
    """34 counts of a random complete hand: a pair and four sets, at most four copies of a tile."""
    while True:
        c = [0] * 34
        c[rng.randrange(34)] += 2
        for _ in range(4):
            if rng.random() < 0.5:
                c[rng.randrange(34)] += 3
            else:
                start = 9 * rng.randrange(3) + rng.randrange(7)
                for k in range(3):
                    c[start + k] += 1
        if max(c) <= 4:
            return c


def _name(tiles: list[int]) -> str:
    from meizhou_score.engine.tiles import format_indices

    return format_indices(tiles)


def _standard_hand(rng: random.Random, used: list[int], melds: int, kong_tiles: list[int]):
    """A random pair + four sets: (blocks of concealed tiles, exposed pungs, kong tiles)."""
    blocks: list[list[int]] = []
    pungs: list[int] = []
    while True:
        t = rng.randrange(34)
        if used[t] + 2 <= 4:
            used[t] += 2
            blocks.append([t, t])
            break
    for n in range(4):
        for _ in range(100):
            if n < melds:
                t = rng.randrange(34)
                if used[t] + (4 if n < len(kong_tiles) else 3) <= 4:
                    if n < len(kong_tiles):
                        used[t] += 4
                        kong_tiles[n] = t
                    else:
                        used[t] += 3
                        pungs.append(t)
                    break
                continue
            if rng.random() < 0.6:
                start = 9 * rng.randrange(3) + rng.randrange(7)
                run = [start, start + 1, start + 2]
                if all(used[k] < 4 for k in run):
                    for k in run:
                        used[k] += 1
                    blocks.append(run)
                    break
            else:
                t = rng.randrange(34)
                if used[t] + 3 <= 4:
                    used[t] += 3
                    blocks.append([t, t, t])
                    break
        else:
            return None
    return blocks, pungs, kong_tiles


def make_record(rng: random.Random) -> dict:
    """A random valid record: tiles, winner, win type, kongs, rules and claims all vary."""
    from meizhou_score.engine.tiles import TILES

    while True:
        rec = _attempt(rng, TILES)
        if rec is not None:
            return rec


def _attempt(rng: random.Random, TILES) -> dict | None:
    rec: dict = {"players": PLAYERS, "dealer": rng.choice(PLAYERS)}
    if rng.random() < 0.2:
        rec["stake"] = rng.choice([5, 10, 0.5, 2.5])
    used = [0] * 34
    winner = rng.choice(PLAYERS)
    kind = rng.random()
    kongs = []
    if kind < 0.1:
        rec["draw"] = True
    elif kind < 0.2:
        # seven pairs (七小對), concealed
        tiles = rng.sample(range(34), 7)
        concealed = [t for t in tiles for _ in range(2)]
        rng.shuffle(concealed)
        for t in tiles:
            used[t] += 2
        rec.update(
            winner=winner,
            win_type="self_draw",
            hand={
                "concealed": " ".join(str(TILES[t]) for t in concealed),
                "winning_tile": str(TILES[concealed[0]]),
            },
        )
    else:
        win_type = "robbed_kong" if kind < 0.35 else ("kong_bloom" if kind < 0.5 else "self_draw")
        n_kongs = rng.choice([1, 1, 2]) if win_type == "kong_bloom" else rng.choice([0, 0, 0, 1])
        melds = n_kongs + rng.choice([0, 0, 1, 2])
        built = _standard_hand(rng, used, min(melds, 4), [0] * n_kongs)
        if built is None:
            return None
        blocks, pungs, kong_tiles = built
        rng.shuffle(blocks)
        written = " ".join(_name(b) for b in blocks)
        if win_type == "robbed_kong":
            runs = [b for b in blocks if len(b) == 3 and b[0] != b[1]]
            choices = [t for b in runs for t in b if used[t] == 1]
            if not choices:
                return None
            winning = rng.choice(choices)
            used[winning] += 3  # the robbed player's pung
            rec["robbed"] = rng.choice([p for p in PLAYERS if p != winner])
        else:
            winning = rng.choice([t for b in blocks for t in b])
        rec.update(
            winner=winner,
            win_type=win_type,
            hand={"concealed": written, "winning_tile": str(TILES[winning])},
        )
        if pungs:
            rec["hand"]["pungs"] = [_name([t] * 3) for t in pungs]
        for t in kong_tiles:
            kongs.append(
                {
                    "player": winner,
                    "type": rng.choice(["concealed", "added", "exposed"]),
                    "tile": str(TILES[t]),
                }
            )
        if rec["win_type"] == "robbed_kong":
            rec = {
                k: rec[k]
                for k in ("players", "dealer", "stake", "winner", "win_type", "robbed", "hand")
                if k in rec
            }
    for _ in range(rng.choice([0, 0, 1, 1, 2, 3])):
        free = [t for t in range(34) if used[t] == 0]
        t = rng.choice(free)
        used[t] = 4
        owner = rng.choice([p for p in PLAYERS if p != winner] if "hand" in rec else PLAYERS)
        kongs.append(
            {
                "player": owner,
                "type": rng.choice(["concealed", "added", "exposed"]),
                "tile": str(TILES[t]),
            }
        )
    for k in kongs:
        if k["type"] == "exposed":
            k["from"] = rng.choice([p for p in PLAYERS if p != k["player"]])
    if kongs:
        rec["kongs"] = kongs
    if rng.random() < 0.1:
        rec["rules"] = {
            "exposed_kong_payer": "discarder",
            "combine": rng.choice(["add", "highest"]),
        }
    if rng.random() < 0.1:
        rec["claimed"] = {"Mei": rng.choice([0, 6, -2])}
    return rec


# ---------------------------------------------------------------- a club's log


def name_pool(size: int = 400, seed: int = 3) -> list[str]:
    """``size`` distinct player names, English and Chinese, as a club's members."""
    rng = random.Random(seed)
    given = [
        "Ah Fook",
        "Mei",
        "Jun",
        "Lan",
        "Wing",
        "Siu Ling",
        "Kwok",
        "Yan",
        "Hui",
        "Bo",
        "Chun",
        "Fai",
    ]
    family = ["Chan", "Lee", "Wong", "Lau", "Ng", "Ho", "Cheung", "Yip", "Tang", "Hakka"]
    chinese = "明華玲芳偉強麗娟秀英國平志勇"
    names: set[str] = set()
    while len(names) < size:
        if rng.random() < 0.3:
            names.add(rng.choice("陳李黃劉吳何張葉鄧") + "".join(rng.sample(chinese, 2)))
        else:
            names.add(
                f"{rng.choice(given)} {rng.choice(family)}{rng.randrange(100) if rng.random() < 0.5 else ''}"
            )
    return sorted(names)


def _break(rng: random.Random, rec: dict) -> dict:
    """One of the mistakes a real log holds: a typo in a key, a bad tile, a stranger, a wrong type."""
    rec = json.loads(json.dumps(rec))
    kind = rng.randrange(5)
    if kind == 0:
        rec["winer"] = rec.pop("winner", "x")
    elif kind == 1 and "hand" in rec:
        rec["hand"]["concealed"] = rec["hand"]["concealed"].replace("m", "x", 1)
    elif kind == 2:
        rec["dealer"] = "Somebody Else"
    elif kind == 3:
        rec["stake"] = "ten"
    else:
        rec["kongs"] = [{"player": rec["players"][0], "type": "dark", "tile": "5z"}]
    return rec


def club_log(rng: random.Random, count: int, pool: list[str] | None = None, tables: int = 60):
    """``count`` lines of a club's (or a platform's) log: hands of ``tables`` tables at once, interleaved.

    Each table seats four players drawn from a pool of 400 names, in a random
    seat order, and is replaced by a new table every 10–40 hands; the hands
    themselves are :func:`make_record`'s (every win type, kongs, draws, claims,
    house rules, decimal stakes), and about 2% of the lines are broken.
    """
    pool = pool or name_pool()
    seated = [[rng.sample(pool, 4), rng.randrange(10, 40)] for _ in range(tables)]
    for _ in range(count):
        table = rng.choice(seated)
        if table[1] == 0:
            table[:] = [rng.sample(pool, 4), rng.randrange(10, 40)]
        table[1] -= 1
        names = table[0]
        rec = _renamed(
            make_record(rng), dict(zip(PLAYERS, names, strict=True))
        )  # no pool name is a bare "Mei"
        if rng.random() < 0.02:
            rec = _break(rng, rec)
        yield rec


def _renamed(value, names: dict[str, str]):
    if isinstance(value, str):
        return names.get(value, value)
    if isinstance(value, list):
        return [_renamed(v, names) for v in value]
    if isinstance(value, dict):
        return {names.get(k, k): _renamed(v, names) for k, v in value.items()}
    return value


def fresh_seating_log(rng: random.Random, count: int, pool: list[str] | None = None):
    """``count`` lines where every line seats four of the pool's 400 names afresh (a platform's log)."""
    pool = pool or name_pool()
    for _ in range(count):
        rec = _renamed(make_record(rng), dict(zip(PLAYERS, rng.sample(pool, 4), strict=True)))
        if rng.random() < 0.02:
            rec = _break(rng, rec)
        yield rec


def damaged_log() -> bytes:
    """The suite's damaged log: 5,000 lines of a club's log (2% broken), with a blank line (1201),
    a line of 300,000 bytes (2501), a byte that is not UTF-8 (line 3701, its 21st byte 0xff), and
    no newline after the last line, as files sometimes end."""
    rng = random.Random(31)
    lines = [json.dumps(rec, ensure_ascii=False).encode() for rec in club_log(rng, 5000)]
    lines[1200] = b""
    lines[2500] = b'{"players": ["' + b"x" * 300_000 + b'"]}'
    lines[3700] = lines[3700][:20] + b"\xff" + lines[3700][20:]
    return b"\n".join(lines)
