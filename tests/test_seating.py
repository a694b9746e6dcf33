"""seat: tables of four for a club's rounds. Every repeat is counted here from the plan itself,
and every bound worked by hand (the counts are in each case's comment)."""

from __future__ import annotations

import json
import random
from collections import Counter
from itertools import combinations

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from meizhou_score.cli.app import cli
from meizhou_score.errors import RecordError
from meizhou_score.seating.bound import lower_bound
from meizhou_score.seating.plan import plan_numbers, plan_rounds
from meizhou_score.seating.search import random_search, search, sit_outs


def names(n: int) -> list[str]:
    return [f"P{i}" for i in range(n)]


def meetings(rounds) -> Counter:
    """How often each pair shares a table, counted from the plan."""
    return Counter(frozenset(p) for tables in rounds for t in tables for p in combinations(t, 2))


def repeats(rounds) -> int:
    return sum(m - 1 for m in meetings(rounds).values())


def well_formed(plan, players: list[str]) -> None:
    """Tables of four, each player seated at most once a round, the rest sitting out."""
    for tables, out in zip(plan.rounds, plan.sit_out, strict=True):
        assert all(len(t) == 4 for t in tables)
        seated = [p for t in tables for p in t]
        assert len(seated) == len(set(seated)) == 4 * (len(players) // 4)
        assert sorted(seated + list(out)) == sorted(players)


@pytest.mark.parametrize(
    "n, rounds, bound",
    [
        (4, 3, 12),  # one table, every round: 6 pairs meet 3 times, 2 repeats each
        (5, 5, 20),  # each sits out once, plays 4 rounds: 12 meetings among 4 others, 8 repeats
        # each, 5 × 8 / 2 = 20
        (16, 5, 0),  # 15 meetings among 15 others: none forced
        (16, 6, 24),  # 18 meetings among 15: 3 each, 16 × 3 / 2 = 24
        (8, 2, 4),  # two tables from two: each new table takes 2 + 2 or 3 + 1 of the old ones,
        # at least one pair from each side: 2 a table, 4 in all
        (8, 3, 8),  # 9 meetings among 7: 2 each, 8 × 2 / 2 = 8
        (12, 2, 3),  # three tables of four from three: 2 + 1 + 1 at best, one pair a table
        (7, 4, 3),  # 12 sit-outs: 5 players sit out twice (6 meetings among 6: none), 2 once
        # (9 among 6: 3 each), 2 × 3 / 2 = 3
        (6, 2, 1),  # the two who never sit out meet 6 among 5: 1 each, 2 × 1 / 2 = 1
        (13, 4, 6),  # three tables and one sitting out: only one of round one's tables can send a
        # player to round two's sit-out, the other two spread 4 over 3 tables, a pair each: 2
        # pairs meet again in any two rounds, (4 - 1) × 2 = 6 (the count of opponents gives 0)
    ],
)
def test_the_lower_bound_worked_by_hand(n, rounds, bound):
    assert lower_bound(n, rounds) == bound


@pytest.mark.parametrize(
    "n, rounds, most",
    [(16, 5, 0), (20, 5, 0), (24, 6, 2), (8, 3, 8), (5, 5, 20), (4, 3, 12), (64, 21, 0)],
)
def test_the_plan_counted_from_its_tables(n, rounds, most):
    players = names(n)
    plan = plan_numbers(players, rounds)
    well_formed(plan, players)
    assert repeats(plan.rounds) == plan.repeats <= most
    assert plan.bound == lower_bound(n, rounds)


def test_sixteen_players_five_rounds_meet_everyone_once():
    plan = plan_rounds(names(16), 5)
    assert set(meetings(plan.rounds).values()) == {1}
    assert len(meetings(plan.rounds)) == 16 * 15 // 2
    assert plan.repeats == plan.bound == 0 and plan.proven_best


def test_sit_outs_are_shared_in_turn():
    # 6 players: 2 sit out a round; over 3 rounds all 6 sit out once, nobody twice
    assert sit_outs(6, 3) == [[0, 1], [2, 3], [4, 5]]
    plan = plan_rounds(names(6), 3)
    assert Counter(p for out in plan.sit_out for p in out) == Counter(names(6))


def test_the_same_names_give_the_same_plan():
    assert plan_rounds(names(13), 4) == plan_rounds(names(13), 4)


@settings(max_examples=40, deadline=None)
@given(st.integers(4, 30), st.integers(1, 8))
def test_any_club_any_rounds(n, rounds):
    players = names(n)
    plan = plan_numbers(players, rounds, budget=3000)
    well_formed(plan, players)
    counted = repeats(plan.rounds)
    assert counted == plan.repeats >= plan.bound
    sat_out = Counter(p for out in plan.sit_out for p in out)
    each = [sat_out[p] for p in players]
    assert max(each) - min(each) <= 1  # the sit-outs shared as evenly as they can be
    winds = Counter((p, w) for tables in plan.rounds for t in tables for w, p in enumerate(t))
    for p in players:
        counts = [winds[p, w] for w in range(4)]
        assert max(counts) - min(counts) <= 1  # the winds rotated: each as often, or once more


def test_the_winds_are_even_on_every_plan_of_a_club_night():
    # 29 players x 4 rounds: a player seated four times sits once at each wind (the searched winds
    # left one player at [0, 2, 1, 1]); every club of 4-40 and 1-12 rounds: counts within one
    for n, rounds in [(29, 4), *((n, r) for n in range(4, 41, 3) for r in range(1, 13, 2))]:
        players = names(n)
        plan = plan_numbers(players, rounds, budget=200)
        winds = Counter((p, w) for ts in plan.rounds for t in ts for w, p in enumerate(t))
        seated = Counter(p for ts in plan.rounds for t in ts for p in t)
        for p in players:
            counts = [winds[p, w] for w in range(4)]
            assert max(counts) - min(counts) <= 1, (n, rounds, p, counts)
            if seated[p] == 4:
                assert counts == [1, 1, 1, 1], (n, rounds, p)


@settings(max_examples=25, deadline=None)
@given(st.integers(5, 24), st.integers(2, 6))
def test_the_search_is_never_worse_than_plain_random_plans(n, rounds):
    budget = 2000
    found = search(n, rounds, lower_bound(n, rounds), budget)
    assert repeats(found) <= random_search(n, rounds, budget)


def seat(*args: str):
    return CliRunner().invoke(cli, ["seat", *args])


def test_seat_prints_each_round_and_proves_the_plan_best():
    done = seat("Ah", "Mei", "Jun", "Lan", "Fook", "Ying", "Wai", "Kit", "--rounds", "3")
    assert done.exit_code == 0
    assert done.output.count("East    South    West    North") == 3
    assert "Repeats: 8 (a pair's meetings after its first); the fewest possible: 8" in done.output
    assert "Proven best" in done.output


def test_seat_json_is_the_plan_object():
    done = seat("阿福", "阿梅", "阿君", "阿蘭", "阿英", "--rounds", "2", "--format", "json")
    assert done.exit_code == 0
    plan = json.loads(done.stdout)
    assert list(plan) == ["rounds", "sit_out", "repeats", "bound"]
    assert [len(r) for r in plan["rounds"]] == [1, 1]
    assert plan["sit_out"] == [["阿福"], ["阿梅"]]
    # the two tables share the three players who never sit out: 3 pairs meet twice
    assert repeats(plan["rounds"]) == plan["repeats"] == plan["bound"] == 3


@pytest.mark.parametrize(
    "args, said",
    [
        (["A", "B", "C", "--rounds", "2"], "NAMES: seating takes at least 4 players; got 3"),
        (
            ["A", "B", "C", "D", "--rounds", "0"],
            "--rounds: expected a number of rounds from 1 to 30; got 0",
        ),
        (["A", "B", "C", "D", "--rounds", "1000000"], "from 1 to 30; got 1000000"),
        (["A", "B", "C", "A", "--rounds", "2"], "NAMES[3]: 'A' is named twice"),
        (
            ["Mei", "B", "C", "MEI", "--rounds", "2"],
            "NAMES[3]: 'Mei' and 'MEI' are one player written two ways",
        ),
        (["Ah Fook", "B", "C", "ah  fook", "--rounds", "2"], "are one player written two ways"),
        (["A", "B", "C", "", "--rounds", "2"], "NAMES[3]"),
    ],
)
def test_seat_refuses_bad_input_with_exit_2(args, said):
    done = seat(*args)
    assert done.exit_code == 2
    assert said in done.output and "Traceback" not in done.output


@pytest.mark.parametrize(
    "lang, said",
    [
        ("zh-Hant", "排位至少要 4 位玩家；現在只有 3 位"),
        ("zh-Hans", "排位至少要 4 位玩家；现在只有 3 位"),
    ],
)
def test_seat_refuses_in_chinese(lang, said):
    done = seat("A", "B", "C", "--rounds", "2", "--lang", lang)
    assert done.exit_code == 2 and said in done.output


def test_the_lobby_names_its_own_keys():
    with pytest.raises(RecordError) as refused:
        plan_rounds(["A", "B", "C", "a"], 2)
    assert refused.value.path == "players[3]"
    with pytest.raises(RecordError) as refused:
        plan_rounds(names(8), "3")
    assert refused.value.path == "rounds"


def test_a_random_plan_keeps_the_sit_outs():
    from meizhou_score.seating.search import random_plan

    plan = random_plan(7, 4, random.Random(1))
    assert [sorted(set(range(7)) - {p for t in ts for p in t}) for ts in plan] == sit_outs(7, 4)
