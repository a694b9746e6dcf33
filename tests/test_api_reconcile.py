"""The page's "Close the night" API (issue 47 §4, docs/web.md): POST/GET /api/reconcile checks the
gold each player holds against the night, with reconcile's own search; POST /api/reconcile/apply
amends the night with one explanation, against the version checked (If-Match), through the night
service. A real `serve` on 127.0.0.1, the night in a temporary folder.

The night is examples/night-with-a-mistake.yaml, stake 10, worked by hand from RULES.md:
  1. Ah Fook deals; Mei self-draws an ordinary hand (ratio 1, R4): each other pays 2 × 1 units =
     20 (R5): Mei +60, Ah Fook, Jun, Lan −20. The winner deals next (R10): Mei.
  2. A draw: nothing (R9); the dealer's next player deals (R10): Jun.
  3. Jun self-draws seven pairs (ratio 3): each other pays 2 × 3 × 10 = 60: Jun +180, others −60.
  4. Lan robs Mei's kong, ordinary: Mei alone pays 3 × 2 × 1 × 10 = 60 (R7): Lan +60, Mei −60.
  5. Ah Fook self-draws 123p 456p 789p 111z 22z, one suit and honours (混一色, ratio 2): each
     other pays 2 × 2 × 10 = 40; Jun's concealed kong: each other pays him 2 units = 20 (R8):
     Ah Fook +120 −20 = +100, Mei −40 −20 = −60, Jun −40 +60 = +20, Lan −40 −20 = −60.
  6. Mei self-draws an ordinary hand: Mei +60, the others −20.
  Totals: Ah Fook −20 −60 +100 −20 = 0; Mei +60 −60 −60 −60 +60 = −60;
          Jun −20 +180 +20 −20 = +160; Lan −20 −60 +60 −60 −20 = −100.
Held on the table: Ah Fook 0, Mei −60, Jun −80, Lan +140: the gaps are Jun −240, Lan +240.
Hand 3 won by Lan instead (the same seven pairs, self-drawn): Lan +180, the others −60 — Jun's
hand-3 change goes from +180 to −60 (−240) and Lan's from −60 to +180 (+240): exactly the gaps.
"""

from __future__ import annotations

import http.client
import json
import shutil
import threading

import pytest
import yaml
from conftest import EXAMPLES, api_call, serving

HELD = {"Ah Fook": 0, "Mei": -60, "Jun": -80, "Lan": 140}
SETTLED = {"Ah Fook": 0, "Mei": -60, "Jun": 160, "Lan": -100}
GAPS = {"Ah Fook": 0, "Mei": 0, "Jun": -240, "Lan": 240}


@pytest.fixture
def night(tmp_path):
    path = tmp_path / "night.yaml"
    shutil.copy(EXAMPLES / "night-with-a-mistake.yaml", path)
    return path


def winners(night) -> list:
    hands = yaml.safe_load(night.read_text(encoding="utf-8"))["hands"]
    return [hand.get("winner", "draw") for hand in hands]


def version_of(port) -> str:
    status, answer = api_call(port, "GET", "/api/night")
    assert status == 200
    return answer["version"]


def if_match(version: str) -> dict:
    return {"If-Match": f'"{version}"'}


def test_each_phone_sends_its_own_count_and_the_check_names_the_hand(night, tmp_path):
    with serving(night, state=tmp_path / "state") as port:
        # each phone its own: the first three counts wait for the fourth
        for sent, name in enumerate(["Mei", "Ah Fook", "Jun"], start=1):
            status, answer = api_call(port, "POST", "/api/reconcile", {"held": {name: HELD[name]}})
            assert status == 200
            assert len(answer["held"]) == sent and answer["held"][name] == HELD[name]
            assert answer["waiting"] == [p for p in HELD if p not in answer["held"]]
        status, waiting = api_call(port, "GET", "/api/reconcile")  # another phone asks
        assert (status, waiting["waiting"]) == (200, ["Lan"])
        status, answer = api_call(port, "POST", "/api/reconcile", {"held": {"Lan": 140}})
        assert status == 200
        assert answer["waiting"] == []
        assert answer["held"] == HELD and answer["settled"] == SETTLED and answer["gaps"] == GAPS
        assert answer["sum_zero"] is True and answer["exact"] is True
        assert answer["matches"] is False
        assert answer["version"] == version_of(port)
        first = answer["explanations"][0]
        assert first["rank"] == 1
        assert [(e["hand"], e["kind"], e["was"], e["now"]) for e in first["edits"]] == [
            (3, "winner", "Jun", "Lan")
        ]
        assert first["totals"] == HELD  # an exact explanation settles to what is held
        assert first["said"] == "hand 3: Lan won, not Jun"
        # hand 2 a win instead of a draw, or a hand missing, explain it as well (Lan robbing Jun's
        # kong with a pure one suit: Jun alone pays 3 × 2 × 4 × 10 = 240): ambiguous, and said
        assert answer["ambiguous"] is True and len(answer["explanations"]) == 3
        assert answer["said"] == [
            "Which hand is wrong? The likeliest first:",
            "Ambiguous: 3 explanations of 1 edit(s) each fit the gold exactly; the gold cannot "
            "tell them apart, so ask the table.",
        ]
        # the same check in the player's language: the hands named in it
        status, zh = api_call(port, "GET", "/api/reconcile?lang=zh-Hant")
        assert zh["explanations"][0]["said"] == "第 3 局：胡牌的是 Lan，不是 Jun"
        status, hans = api_call(port, "GET", "/api/reconcile?lang=zh-Hans")
        assert hans["said"][0] == "哪一局记错了？最可能的在前："
    assert winners(night) == ["Mei", "draw", "Jun", "Lan", "Ah Fook", "Mei"]  # nothing written


def test_one_tap_amends_with_the_explanation_through_the_night_service(night, tmp_path):
    before = night.read_text(encoding="utf-8")
    with serving(night, state=tmp_path / "state") as port:
        status, checked = api_call(port, "POST", "/api/reconcile", {"held": HELD})
        assert status == 200
        status, done = api_call(
            port,
            "POST",
            "/api/reconcile/apply",
            {"held": HELD, "explanation": 1},
            if_match(checked["version"]),
        )
        assert status == 200, done
        assert done["applied"] == 1
        assert done["totals"] == HELD  # the night as GET gives it, now settled to the coins
        assert done["reconcile"]["matches"] is True
        assert done["reconcile"]["said"] == [
            "The record matches the gold held: nothing to explain."
        ]
        # hand 4's dealer follows hand 3's winner now (R10): Lan
        assert [row["dealer"] for row in done["sheet"]][3] == "Lan"
        assert done["version"] == version_of(port) != checked["version"]
    assert winners(night) == ["Mei", "draw", "Lan", "Lan", "Ah Fook", "Mei"]
    # only hand 3's winner changed: every other line of the file as it was
    changed = [
        (a, b)
        for a, b in zip(
            before.splitlines(), night.read_text(encoding="utf-8").splitlines(), strict=True
        )
        if a != b
    ]
    assert changed == [("  - winner: Jun", "  - winner: Lan")]


def test_an_amendment_on_a_night_changed_since_is_412_and_nothing_is_written(night, tmp_path):
    with serving(night, state=tmp_path / "state") as port:
        checked_on = version_of(port)
        # another phone records hand 7 (a draw) after the check
        status, _ = api_call(port, "POST", "/api/hands", {"draw": True}, if_match(checked_on))
        assert status == 201
        kept = night.read_bytes()
        status, refused = api_call(
            port,
            "POST",
            "/api/reconcile/apply",
            {"held": HELD, "explanation": 1},
            if_match(checked_on),
        )
        assert status == 412
        assert refused["changed"] == {"kind": "recorded", "hand": 7}
        assert refused["error"] == ("Hand 7 was recorded elsewhere (another phone or the laptop).")
        assert len(refused["night"]["sheet"]) == 7  # the night as it now stands
        assert night.read_bytes() == kept  # nothing written, hand 7 kept
        # no version named: 428, nothing written
        status, _ = api_call(port, "POST", "/api/reconcile/apply", {"held": HELD, "explanation": 1})
        assert status == 428
        assert night.read_bytes() == kept


def test_the_amendment_racing_a_record_from_another_phone(night, tmp_path):
    """Both sent at once on the version seen, twelve times: exactly one is written, the other is
    refused (412), and the file is the night with that one change, nothing lost."""
    example = (EXAMPLES / "night-with-a-mistake.yaml").read_bytes()
    seen = {"record": 0, "apply": 0}
    with serving(night, state=tmp_path / "state") as port:
        for _ in range(12):
            night.write_bytes(example)
            version = version_of(port)
            start = threading.Barrier(2)
            answers: dict[str, int] = {}

            def send(name, path, body):
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
                headers = {
                    "Origin": f"http://127.0.0.1:{port}",
                    "Content-Type": "application/json",
                    **if_match(version),
                }
                start.wait()
                conn.request("POST", path, body=json.dumps(body), headers=headers)
                answers[name] = conn.getresponse().status
                conn.close()

            both = [
                threading.Thread(target=send, args=("record", "/api/hands", {"draw": True})),
                threading.Thread(
                    target=send,
                    args=("apply", "/api/reconcile/apply", {"held": HELD, "explanation": 1}),
                ),
            ]
            for thread in both:
                thread.start()
            for thread in both:
                thread.join()
            assert sorted(answers.values()) in ([201, 412], [200, 412]), answers
            if answers["record"] == 201:
                seen["record"] += 1
                assert winners(night) == ["Mei", "draw", "Jun", "Lan", "Ah Fook", "Mei", "draw"]
            else:
                seen["apply"] += 1
                assert winners(night) == ["Mei", "draw", "Lan", "Lan", "Ah Fook", "Mei"]
    assert sum(seen.values()) == 12


def test_held_amounts_that_do_not_sum_to_zero_are_said_and_still_explained(night, tmp_path):
    held = {**HELD, "Mei": -50}  # Mei's coins counted 10 too many: the held sum is +10
    with serving(night, state=tmp_path / "state") as port:
        status, answer = api_call(port, "POST", "/api/reconcile", {"held": held})
    assert status == 200
    assert answer["sum_zero"] is False and answer["matches"] is False
    assert answer["said"][0] == (
        "The gold held adds up to 10, not 0: someone miscounted the coins."
    )
    # taking Mei's count as the one off by +10, the rest is hand 3's winner, as before
    first = answer["explanations"][0]
    assert [(e["hand"], e["kind"]) for e in first["edits"]] == [(3, "winner")]
    assert first["off"] == {"Mei": 10}
    assert first["said"] == "hand 3: Lan won, not Jun; and Mei's coins counted +10 off"


@pytest.mark.parametrize(
    ("body", "where", "said"),
    [
        ({"held": {"Mei": "abc"}}, "held.Mei", "held.Mei: expected a number; got 'abc'"),
        ({"held": {"Mei": "-60"}}, "held.Mei", None),  # a number in quotes is text
        ({"held": {"Mei": 10**40}}, "held.Mei", None),  # more digits than an amount keeps
        ({"held": {"Mei": True}}, "held.Mei", None),
        ({"held": {"Bob": 20}}, "held.Bob", None),  # not at this table
        ({"held": [20, 20, 20, -60]}, "held", None),
        ({"held": {"Mei": {"gold": 1}}}, "held.Mei", None),
        ({"gold": {"Mei": 1}}, "gold", None),  # a key the check does not take
        ({}, "held", None),
    ],
)
def test_held_gold_that_cannot_be_counted_is_refused_in_the_players_language(
    night, tmp_path, body, where, said
):
    kept = night.read_bytes()
    with serving(night, state=tmp_path / "state") as port:
        status, answer = api_call(port, "POST", "/api/reconcile", body)
        assert status == 422 and answer["where"] == where, answer
        if said:
            assert answer["error"] == said
        status, zh = api_call(port, "POST", "/api/reconcile?lang=zh-Hant", body)
        assert status == 422 and zh["where"] == where
        assert zh["error"] != answer["error"]  # said in Chinese, not the English
        # nothing kept from a refused count: the check still waits for all four
        status, waiting = api_call(port, "GET", "/api/reconcile")
        assert waiting["waiting"] == list(HELD)
    assert night.read_bytes() == kept


def test_an_amendment_that_names_no_explanation_is_refused(night, tmp_path):
    kept = night.read_bytes()
    with serving(night, state=tmp_path / "state") as port:
        version = if_match(version_of(port))
        for explanation in ("1", 0, True, None, 1.0):
            status, answer = api_call(
                port,
                "POST",
                "/api/reconcile/apply",
                {"held": HELD, "explanation": explanation},
                version,
            )
            assert (status, answer["where"]) == (422, "explanation"), explanation
        # three explanations fit exactly (see the first test): there is no fourth
        status, answer = api_call(
            port, "POST", "/api/reconcile/apply", {"held": HELD, "explanation": 4}, version
        )
        assert status == 422
        assert answer["error"] == (
            "there is no exact explanation 4 to amend with (there are 3); nothing was written"
        )
        # an amendment needs every player's count (the check the player looked at)
        status, answer = api_call(
            port,
            "POST",
            "/api/reconcile/apply",
            {"held": {"Mei": -60}, "explanation": 1},
            version,
        )
        assert (status, answer["where"]) == (422, "held")
        status, answer = api_call(
            port,
            "POST",
            "/api/reconcile/apply?lang=zh-Hant",
            {"held": HELD, "explanation": 4},
            version,
        )
        assert answer["error"] == "沒有第 4 種完全相符的解釋可用來改正（共有 3 種）；沒有寫入"
    assert night.read_bytes() == kept


def test_a_night_without_hands_has_nothing_to_check(tmp_path):
    night = tmp_path / "night.yaml"
    night.write_text("players: [Ah Fook, Mei, Jun, Lan]\nstake: 10\nhands: []\n", encoding="utf-8")
    with serving(night, state=tmp_path / "state") as port:
        status, answer = api_call(port, "POST", "/api/reconcile", {"held": HELD})
    assert status == 422
    assert answer["error"] == "the night has no hand yet: nothing to check against the gold"
