"""The hot core: win test, readings and waits, checked against a plain brute-force search."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from meizhou_score import is_win, waits
from meizhou_score.engine.hand import Block, is_win_counts, readings, waits_counts
from meizhou_score.engine.tiles import parse_indices, to_counts


def counts(text):
    return to_counts(parse_indices(text))


@pytest.mark.parametrize(
    "tiles, wins",
    [
        pytest.param("11m 234m 789m 345m 123m", True, id="document-example-1"),
        pytest.param("55m 123m 456m 345m 999m", True, id="document-example-2"),
        pytest.param("123m456m789m123p55s", True, id="spec-api"),
        pytest.param("11122233388899m", True, id="pungs-or-runs"),
        pytest.param("11m 33m 55p 77p 99s 22s 11z", True, id="seven-pairs"),
        pytest.param("1111m 33m 55p 77p 99s 22s", True, id="four-as-two-pairs"),
        pytest.param("19m19p19s1234567z 1z", True, id="thirteen-orphans"),
        pytest.param("111z 222z 333z 444z 55z", True, id="all-honours"),
        pytest.param("123z 456z 777z 11m 123m 456m", False, id="no-honour-runs"),
        pytest.param("123m 456m 789p 235s 55s", False, id="broken-run"),
        pytest.param("11m 22m 33p 44p 55s 66s 7z", False, id="one-tile-short"),
        pytest.param("11m 11p 11s 11z 123m 777z", False, id="four-pairs"),
        pytest.param("1111m 234p 567p 789s 99s", False, id="four-of-a-kind-is-not-a-set"),
        pytest.param("19m19p19s123456z 11z", False, id="orphans-missing-red"),
    ],
)
def test_is_win(tiles, wins):
    assert is_win(tiles) is wins


def test_every_reading_is_found():
    found = [r.notation() for r in readings(counts("11122233388899m"))]
    assert found == [
        ["111m", "222m", "333m", "888m", "99m"],
        ["123m", "123m", "123m", "888m", "99m"],
    ]


def test_seven_pairs_that_also_reads_standard():
    found = readings(counts("11223344556677m"))
    assert [r.shape for r in found] == ["seven_pairs", "standard", "standard", "standard"]
    assert found[0].notation() == ["11m", "22m", "33m", "44m", "55m", "66m", "77m"]


def test_melds_are_sets():
    melds = (Block("pung", 33, concealed=False), Block("kong", 0, concealed=True))
    found = readings(counts("456p 789s 22s"), melds)
    assert [r.notation() for r in found] == [["1111m", "456p", "789s", "777z", "22s"]]


def test_shapes_can_be_turned_off():
    assert not is_win_counts(counts("11m 33m 55p 77p 99s 22s 11z"), seven_pairs=False)
    assert not is_win_counts(counts("19m19p19s1234567z 1z"), thirteen_orphans=False)


@pytest.mark.parametrize(
    "tiles, expected",
    [
        pytest.param("1112345678999m", "1m 2m 3m 4m 5m 6m 7m 8m 9m", id="nine-gates"),
        pytest.param("123m 456m 789p 234s 5s", "2s 5s", id="single-or-edge"),
        pytest.param("123m 456m 789p 11s 99s", "1s 9s", id="two-pairs"),
        pytest.param("11m 33m 55p 77p 99s 22s 1z", "1z", id="seven-pairs"),
        pytest.param(
            "19m19p19s1234567z", "1m 9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 6z 7z", id="orphans-13-sided"
        ),
        pytest.param("19m19p19s123456z 1z", "7z", id="orphans-one"),
        pytest.param("1111m 234p 567p 789s", "", id="all-four-held-is-no-wait"),
        pytest.param("1111m 2m 456p 789s 99s", "3m", id="fourth-copy-excluded"),
    ],
)
def test_waits(tiles, expected):
    assert waits(tiles) == expected.split()


# ---------------------------------------------------------------- brute force


def brute_standard(c, pair_used=False):
    """Plain recursion: remove the first tile as a pair, a pung or a run."""
    i = next((k for k, n in enumerate(c) if n), None)
    if i is None:
        return pair_used
    if c[i] >= 2 and not pair_used:
        c[i] -= 2
        ok = brute_standard(c, True)
        c[i] += 2
        if ok:
            return True
    if c[i] >= 3:
        c[i] -= 3
        ok = brute_standard(c, pair_used)
        c[i] += 3
        if ok:
            return True
    if i < 27 and i % 9 <= 6 and c[i + 1] and c[i + 2]:
        for k in (i, i + 1, i + 2):
            c[k] -= 1
        ok = brute_standard(c, pair_used)
        for k in (i, i + 1, i + 2):
            c[k] += 1
        return ok
    return False


def brute_win(c):
    if brute_standard(list(c)):
        return True
    if all(n in (0, 2, 4) for n in c):
        return True
    orphans = [0, 8, 9, 17, 18, 26] + list(range(27, 34))
    return all(c[k] for k in orphans) and sum(c[k] for k in orphans) == 14


wall = [i for i in range(34) for _ in range(4)]


@st.composite
def complete_hands(draw):
    """A hand built as pair + four sets, at most four copies of any tile."""
    c = [0] * 34
    pair = draw(st.integers(0, 33))
    c[pair] += 2
    for _ in range(4):
        kind = draw(st.sampled_from(["pung", "run"]))
        if kind == "pung":
            t = draw(st.integers(0, 33))
            c[t] += 3
        else:
            suit, start = draw(st.integers(0, 2)), draw(st.integers(0, 6))
            for k in range(3):
                c[9 * suit + start + k] += 1
    return c


near_complete = complete_hands().filter(lambda c: max(c) <= 4)
random_hands = st.permutations(wall).map(lambda w: to_counts(w[:14]))


@settings(max_examples=400)
@given(st.one_of(near_complete, random_hands))
def test_table_agrees_with_brute_force(c):
    assert is_win_counts(c) == brute_win(c)


@settings(max_examples=200)
@given(st.one_of(near_complete, random_hands), st.integers(0, 13))
def test_waits_agree_with_brute_force(c, drop):
    held = [i for i, n in enumerate(c) for _ in range(n)]
    c13 = list(c)
    c13[held[drop]] -= 1
    expected = []
    for t in range(34):
        if c13[t] < 4:
            c13[t] += 1
            if brute_win(c13):
                expected.append(t)
            c13[t] -= 1
    assert waits_counts(c13) == expected


def test_shipped_tables_match_a_fresh_build():
    from meizhou_score.engine.tables import build_tables, tables

    assert tables() == build_tables()


def test_group_readings_are_memoised_and_complete():
    from meizhou_score.engine.tables import PAIR, PUNG, RUN, group_readings

    # 111222333m: three pungs, or three runs 123m
    assert group_readings(bytes([3, 3, 3, 0, 0, 0, 0, 0, 0]), True) == (
        ((PUNG, 0), (PUNG, 1), (PUNG, 2)),
        ((RUN, 0), (RUN, 0), (RUN, 0)),
    )
    assert group_readings(bytes([2, 0, 0, 0, 0, 0, 0]), False) == (((PAIR, 0),),)


def test_the_remembered_suit_search_finds_what_the_full_search_finds():
    # engine/distance.py works each remainder of a suit out once; a direct search of every path must agree
    import random

    from meizhou_score.engine import distance

    def every_path(c, i, sets, partials, eyes, out, honours):
        n = len(c)
        while i < n and not c[i]:
            i += 1
        if i == n:
            out.add((sets, partials, eyes))
            return
        if c[i] >= 3:
            c[i] -= 3
            every_path(c, i, sets + 1, partials, eyes, out, honours)
            c[i] += 3
        if not honours and i + 2 < n and c[i + 1] and c[i + 2]:
            for k in (i, i + 1, i + 2):
                c[k] -= 1
            every_path(c, i, sets + 1, partials, eyes, out, honours)
            for k in (i, i + 1, i + 2):
                c[k] += 1
        if c[i] >= 2:
            c[i] -= 2
            if not eyes:
                every_path(c, i, sets, partials, 1, out, honours)
            every_path(c, i, sets, partials + 1, eyes, out, honours)
            c[i] += 2
        for step in (1, 2):
            if not honours and i + step < n and c[i + step]:
                c[i] -= 1
                c[i + step] -= 1
                every_path(c, i, sets, partials + 1, eyes, out, honours)
                c[i] += 1
                c[i + step] += 1
        c[i] -= 1
        every_path(c, i + 1 if not c[i] else i, sets, partials, eyes, out, honours)
        c[i] += 1

    rng = random.Random(4)
    for _ in range(300):
        honours = rng.random() < 0.3
        size = 7 if honours else 9
        counts = [0] * size
        for _ in range(rng.randint(1, 11)):
            k = rng.randrange(size)
            if counts[k] < 4:
                counts[k] += 1
        out: set = set()
        every_path(list(counts), 0, 0, 0, 0, out, honours)
        assert distance._parts(tuple(counts), honours) == frozenset(out)
