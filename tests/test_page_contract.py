"""The page against the server side of docs/web.md's newer contract (/tmp/briefs/api.md): a stale
write answered 412 and turned into a question, an old hand amended as it was written (its row's
"record", a preview with "amend": N and its "why"), house-rule presets and the dice on the setup
form, a second phone setting up a night that now exists. End to end against the real server; the
same page behaviour is also pinned against the contract's answers played by Playwright's routes
(the tests named "..._as_the_contract_says"). Two phones recording one hand and an old hand
amended with a kong are played in test_page_night.py's one night on four phones.

Worked from RULES.md, stake 10: hand 1, Ah Fook deals and Mei self-draws an ordinary hand (ratio 1):
2 units from each (R5), Mei +60; hand 2 is a draw that Mei deals (R10: the winner deals next).
"""

from __future__ import annotations

import json
import urllib.request

import pytest
from test_page_table import PLAIN, phone, serve, stop

NIGHT = """players: [Ah Fook, Mei, Jun, Lan]
stake: 10
date: '2026-12-01'
hands:
  - dealer: Ah Fook
    winner: Mei
    win_type: self_draw
    hand: {concealed: 123m 456m 789p 234s 55s, winning_tile: 4s}
  - dealer: Mei
    draw: true
"""


@pytest.fixture
def served(tmp_path):
    night = tmp_path / "night.yaml"
    night.write_text(NIGHT, encoding="utf-8")
    base, proc = serve(night)
    yield base, night
    stop(proc)


def test_an_amendment_that_would_upset_a_later_hand_says_why(served, chromium):
    base, night = served
    page = phone(chromium)
    page.set_default_timeout(8000)
    page.goto(base + "/")
    page.click("[data-hand='1'] button.open")
    page.click("[data-amend='1']")
    page.click("[data-winner='Jun']")  # then Jun would deal hand 2, which names Mei (R10)
    page.wait_for_selector("#preview.refused #why li")
    assert "2" in page.inner_text("#why")
    assert page.is_disabled("#record")
    assert "Mei" in night.read_text().split("hands:")[1].split("- ")[1]  # nothing written


def test_presets_and_the_dice_on_the_setup_form(tmp_path, chromium):
    night = tmp_path / "night.yaml"
    base, proc = serve(night)
    try:
        page = phone(chromium)
        page.set_default_timeout(8000)
        page.goto(base + "/")
        page.wait_for_selector("#rules")
        ids = page.eval_on_selector_all("#rules option", "options => options.map((o) => o.value)")
        assert {"standard", "bao_kong", "dealer_keeps"} <= set(ids)
        for n, name in enumerate("ABCD"):
            page.fill(f"#player{n}", name)
        # A throws 7 and counts off from themself: A1 B2 C3 D4 A5 B6 C7, so C sits East and deals
        page.fill("#dice", "7")
        page.click("#deal")
        page.wait_for_selector("#seats-drawn:has-text('East C')")
        assert [page.input_value(f"#player{n}") for n in range(4)] == ["C", "D", "A", "B"]
        page.select_option("#rules", "bao_kong")
        page.click("#start")
        assert page.get_attribute("[data-dealer='C']", "aria-pressed") == "true"
        page.click("[data-winner='__draw']")
        page.click("#record")
        page.wait_for_selector("[data-hand='1']")
        assert "players: [C, D, A, B]" in night.read_text().replace("'", "")
    finally:
        stop(proc)


def test_a_second_phone_setting_up_the_night_is_told(tmp_path, chromium):
    night = tmp_path / "night.yaml"
    base, proc = serve(night)
    try:
        first, second = phone(chromium), phone(chromium)
        for page, names in ((first, "ABCD"), (second, "WXYZ")):
            page.set_default_timeout(8000)
            page.goto(base + "/")
            page.wait_for_selector("#player0")
            for n, name in enumerate(names):
                page.fill(f"#player{n}", name)
            page.click("#start")
            page.click(f"[data-dealer='{names[0]}']")
            page.click("[data-winner='__draw']")
        second.route("**/api/night*", lambda route: route.fulfill(status=304))  # no poll since
        first.click("#record")
        first.wait_for_selector("[data-hand='1']")
        second.click("#record")
        second.wait_for_selector("#ask:visible")
        assert (
            second.inner_text("#ask-text")
            == "The night was set up elsewhere (another phone or the laptop)."
        )
        # the night as it now stands, the first phone's players; the second's written nowhere
        assert second.inner_text("[data-total='A']") == "0"
        assert "players: [A, B, C, D]" in night.read_text()
        assert "W" not in night.read_text()
        assert second.locator("#setup").is_hidden()
    finally:
        stop(proc)


def night_now(base: str) -> dict:
    with urllib.request.urlopen(base + "/api/night?lang=en") as answer:
        return json.loads(answer.read())


def test_a_stale_write_becomes_a_question_as_the_contract_says(served, chromium):
    base, night = served
    page = phone(chromium)
    page.goto(base + "/")
    page.wait_for_selector("[data-hand='2']")
    seen = night_now(base)["version"]
    sent = []

    def refuse(route):  # another phone recorded hand 3 (a draw) just before this one's write
        sent.append(route.request.headers.get("if-match"))
        night.write_text(NIGHT + "  - draw: true\n", encoding="utf-8")
        route.fulfill(
            status=412,
            json={
                "error": "Hand 3 was recorded elsewhere (another phone or the laptop).",
                "changed": {"kind": "recorded", "hand": 3},
                "night": night_now(base),
            },
        )

    page.route("**/api/hands?*", refuse)
    page.click("#new-hand")
    page.click("[data-winner='__draw']")
    page.click("#record")
    page.wait_for_selector("#ask:visible")
    assert sent == [f'"{seen}"']  # the write named the version it was decided on
    assert page.inner_text("#ask-text") == (
        "Hand 3 was just recorded elsewhere (another phone or the laptop): is this the same hand?"
    )
    page.wait_for_selector("[data-hand='3']")  # the night as it now stands
    page.unroute("**/api/hands?*")
    page.click("#same-no")  # not the same: this phone's draw is recorded too, as hand 4
    page.wait_for_selector("[data-hand='4']")
    assert night.read_text().count("draw: true") == 3
    assert [e for e in page.errors if "412" not in e] == []  # the browser logs the 412 itself


RECORD_1 = {
    "dealer": "Ah Fook",
    "winner": "Mei",
    "win_type": "self_draw",
    "hand": {"concealed": "123m 456m 789p 234s 55s", "winning_tile": "4s"},
}


def with_records(route):
    """GET /api/night as the contract has it: each row carrying its hand as written."""
    answer = route.fetch()
    if answer.status != 200:
        route.fulfill(response=answer)
        return
    body = answer.json()
    if body.get("sheet"):
        body["sheet"][0]["record"] = RECORD_1
        body["sheet"][1]["record"] = {"dealer": "Mei", "draw": True}
    route.fulfill(response=answer, json=body)


def test_an_old_hand_opens_as_it_was_as_the_contract_says(served, chromium):
    base, _ = served
    page = phone(chromium)
    page.route("**/api/night?*", with_records)
    asked = []

    def judge(route):  # the amendment judged in its place: refused, with the reason
        body = json.loads(route.request.post_data)
        asked.append(body.pop("amend", None))
        answer = route.fetch(post_data=json.dumps(body))
        shown = answer.json()
        shown.update(disputed=True, why=["hand 2's dealer would then be Jun, not Mei"])
        route.fulfill(response=answer, json=shown)

    page.route("**/api/preview?*", judge)
    page.goto(base + "/")
    page.click("[data-hand='1'] button.open")
    page.click("[data-amend='1']")
    page.wait_for_selector("#editor:visible")
    assert page.inner_text("#editor h2") == "Amend hand 1"
    assert [c.get_attribute("data-group") for c in page.locator("[data-group]").all()] == PLAIN
    assert page.get_attribute("[data-win='4s']", "aria-pressed") == "true"
    assert page.get_attribute("[data-dealer='Ah Fook']", "aria-pressed") == "true"
    page.click("[data-winner='Jun']")
    page.wait_for_selector("#why li")
    assert page.inner_text("#why") == "hand 2's dealer would then be Jun, not Mei"
    assert asked and set(asked) == {1}  # every preview said which hand it amends
    assert page.is_disabled("#record")
    assert page.errors == []


def test_presets_and_dice_as_the_contract_says(tmp_path, chromium):
    night = tmp_path / "night.yaml"
    base, proc = serve(night)
    try:
        page = phone(chromium)
        presets = [
            {"id": "standard", "name": "Standard", "rules": {}},
            {"id": "bao_kong", "name": "包槓", "rules": {"exposed_kong_payer": "discarder"}},
        ]
        page.route("**/api/rules?*", lambda r: r.fulfill(json={"presets": presets, "keys": {}}))
        deals = []

        def deal(route):  # A throws 7: A1 B2 C3 D4 A5 B6 C7, so C sits East
            deals.append(route.request.url)
            seats = {"East": "C", "South": "D", "West": "A", "North": "B"}
            route.fulfill(json={"throw": 7, "thrower": "A", "seats": seats})

        page.route("**/api/deal?*", deal)
        posted = []
        page.route(
            "**/api/hands?*",
            lambda r: (posted.append(json.loads(r.request.post_data)), r.continue_()),
        )
        page.goto(base + "/")
        page.wait_for_selector("#rules")
        for n, name in enumerate("ABCD"):
            page.fill(f"#player{n}", name)
        page.fill("#dice", "7")
        page.click("#deal")
        page.wait_for_selector("#seats-drawn:has-text('East C')")
        assert "seats=7&players=A,B,C,D" in deals[0]
        assert [page.input_value(f"#player{n}") for n in range(4)] == ["C", "D", "A", "B"]
        page.select_option("#rules", "bao_kong")
        page.click("#start")
        assert page.get_attribute("[data-dealer='C']", "aria-pressed") == "true"
        page.click("[data-winner='__draw']")
        page.click("#record")
        page.wait_for_selector("[data-hand='1']")
        assert posted[0]["table"]["rules"] == "bao_kong"
        assert posted[0]["table"]["players"] == ["C", "D", "A", "B"]
        assert posted[0]["dealer"] == "C"
        assert page.errors == []
    finally:
        stop(proc)
