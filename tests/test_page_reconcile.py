"""The page's "Close the night" (issue 47 §4, docs/web.md) on phones: each player's gold entered
(one phone for all four, or each phone its own), the hand written wrong named, one tap amends and
the night matches; the amendment refused (412) when another phone recorded meanwhile; what the
page's script sends for counts typed wrong. Real `serve` processes, Debian's Chromium, phone-sized
contexts.

The night is examples/night-with-a-mistake.yaml (its money worked by hand from RULES.md in
tests/test_api_reconcile.py): recorded totals Ah Fook 0, Mei −60, Jun +160, Lan −100; held on
the table Ah Fook 0, Mei −60, Jun −80, Lan +140. Hand 3 won by Lan instead of Jun (seven pairs,
self-drawn: +180 to the winner, −60 from each other) moves Jun by −240 and Lan by +240: the gaps.
"""

from __future__ import annotations

import json
import shutil

import pytest
import yaml
from conftest import EXAMPLES
from playwright.sync_api import expect
from test_page_table import phone, serve, stop
from test_web_page import shots

HELD = {"Ah Fook": "0", "Mei": "-60", "Jun": "-80", "Lan": "+140"}


@pytest.fixture
def served(tmp_path):
    night = tmp_path / "night.yaml"
    shutil.copy(EXAMPLES / "night-with-a-mistake.yaml", night)
    base, proc = serve(night)
    yield base, night
    stop(proc)


def winners(night) -> list:
    hands = yaml.safe_load(night.read_text(encoding="utf-8"))["hands"]
    return [hand.get("winner", "draw") for hand in hands]


def sent_here(response) -> bool:
    """The check this phone sends (POST), not the GET that asks for the counts other phones
    sent, which the panel repeats while it waits."""
    return response.url.endswith("/api/reconcile?lang=en") and response.request.method == "POST"


def opened(page, base) -> None:
    page.goto(base + "/")
    page.wait_for_selector("[data-hand='6']")
    page.click("#close-night")
    page.wait_for_selector("#closing:visible")


def typed(page, counts: dict) -> None:
    for name, amount in counts.items():
        page.fill(f"#closing [data-held='{name}']", amount)


def test_one_phone_closes_the_night_and_amends_the_hand_named(served, chromium):
    base, night = served
    folder = shots(night.parent)
    page = phone(chromium, width=390)
    opened(page, base)
    typed(page, HELD)
    page.locator("#close-check").tap()
    first = page.locator("#explanations li[data-rank='1']")
    first.wait_for()
    assert first.locator("span").inner_text() == "hand 3: Lan won, not Jun"
    said = page.locator("#close-result .said").all_inner_texts()
    assert said[1].startswith("Ambiguous: 3 explanations of 1 edit(s)")  # said, as the command
    assert page.locator("#explanations li").count() == 3
    page.screenshot(path=str(folder / "close-night-390.png"), full_page=True)
    checked_on = page.evaluate("closing.answer.version")  # the version the player looked at
    with page.expect_response(lambda r: "/api/reconcile/apply" in r.url) as sent:
        first.locator("[data-apply='1']").tap()
    answer = sent.value
    assert answer.status == 200
    assert json.loads(answer.request.post_data) == {
        "held": {"Ah Fook": 0, "Mei": -60, "Jun": -80, "Lan": 140},
        "explanation": 1,
    }
    assert answer.request.headers["if-match"] == f'"{checked_on}"'
    page.locator("#notice", has_text="Amended with explanation 1.").wait_for()
    page.locator("#close-result.matches", has_text="The record matches the gold held").wait_for()
    assert page.inner_text("[data-total='Jun']") == "-80"
    assert page.inner_text("[data-total='Lan']") == "+140"
    assert winners(night) == ["Mei", "draw", "Lan", "Lan", "Ah Fook", "Mei"]
    page.screenshot(path=str(folder / "close-night-matches-390.png"), full_page=True)
    assert page.errors == []


def test_each_phone_its_own_count_in_its_own_language(served, chromium):
    base, night = served
    folder = shots(night.parent)
    mine = phone(chromium, width=320, locale="zh-TW")
    theirs = phone(chromium, width=390)
    opened(mine, base)
    opened(theirs, base)
    typed(mine, {"Mei": "-60"})
    mine.locator("#close-check").tap()
    # awaited as a whole: before the check is answered, the panel still waits for all four
    expect(mine.locator("#close-waiting")).to_have_text("還在等這幾位的金幣：Ah Fook、Jun、Lan")
    typed(theirs, {"Ah Fook": "0", "Jun": "-80", "Lan": "140"})
    theirs.locator("#close-check").tap()
    theirs.locator("#explanations li[data-rank='1']").wait_for()
    # the phone that waited sees the check once the last count is in: in Traditional
    mine.locator("#explanations li[data-rank='1']").wait_for()
    assert mine.locator("#explanations li[data-rank='1'] span").inner_text() == (
        "第 3 局：胡牌的是 Lan，不是 Jun"
    )
    assert mine.input_value("[data-held='Lan']") == "140"  # the other phone's count, shown
    mine.screenshot(path=str(folder / "close-night-320-zh.png"), full_page=True)
    mine.click("#langs [data-lang='zh-Hans']")  # said again in the language chosen
    mine.locator("#explanations li[data-rank='1'] span", has_text="第 3 局：胡牌的是").wait_for()
    mine.locator("#close-result .said", has_text="哪一局记错了").wait_for()
    assert winners(night) == ["Mei", "draw", "Jun", "Lan", "Ah Fook", "Mei"]  # nothing written
    assert mine.errors == [] and theirs.errors == []


def test_the_amendment_after_another_phone_recorded_is_refused_and_said(served, chromium):
    base, night = served
    mine, theirs = phone(chromium), phone(chromium)
    opened(mine, base)
    typed(mine, HELD)
    mine.locator("#close-check").tap()
    mine.locator("[data-apply='1']").wait_for()
    theirs.goto(base + "/")  # another phone records a draw as hand 7 meanwhile
    theirs.wait_for_selector("[data-hand='6']")
    theirs.click("#new-hand")
    theirs.click("[data-winner='__draw']")
    theirs.click("#record")
    theirs.wait_for_selector("[data-hand='7']")
    with mine.expect_response(lambda r: "/api/reconcile/apply" in r.url) as sent:
        mine.locator("[data-apply='1']").tap()
    assert sent.value.status == 412
    mine.locator("#message", has_text="Nothing was amended").wait_for()
    assert mine.inner_text("#message").startswith(
        "Hand 7 was recorded elsewhere (another phone or the laptop)."
    )
    mine.wait_for_selector("[data-hand='7']")  # the night as it now stands
    mine.locator("#explanations li[data-rank='1']").wait_for()  # checked again on it
    assert winners(night) == ["Mei", "draw", "Jun", "Lan", "Ah Fook", "Mei", "draw"]
    assert all("412" in e for e in mine.errors)


@pytest.mark.parametrize(
    ("typed_as", "sent", "said"),
    [
        ("abc", "abc", "held.Mei: expected a number; got 'abc'"),
        ("1e5", "1e5", "held.Mei: expected a number; got '1e5'"),  # never read as 100000
        ("--60", "--60", "held.Mei: expected a number; got '--60'"),
        ("1" * 40, 10**40 // 9, "held.Mei: expected an amount of at most 30 digits"),
    ],
)
def test_counts_typed_wrong_are_sent_as_typed_and_refused_in_words(
    served, chromium, typed_as, sent, said
):
    base, night = served
    kept = night.read_bytes()
    page = phone(chromium)
    opened(page, base)
    typed(page, {**HELD, "Mei": typed_as})
    with page.expect_response(sent_here) as answer:
        page.locator("#close-check").tap()
    assert answer.value.status == 422
    body = json.loads(answer.value.request.post_data)
    assert body["held"]["Mei"] == sent  # text as text, digits as the number they are, exactly
    page.locator("#message", has_text=said).wait_for()
    assert night.read_bytes() == kept


def test_counts_typed_with_a_sign_or_full_width_are_read_exactly(served, chromium):
    base, _ = served
    page = phone(chromium)
    opened(page, base)
    typed(page, {"Ah Fook": "０", "Mei": "−60", "Jun": "-80", "Lan": "＋140"})
    with page.expect_response(sent_here) as answer:
        page.locator("#close-check").tap()
    assert answer.value.status == 200
    assert json.loads(answer.value.request.post_data)["held"] == {
        "Ah Fook": 0,
        "Mei": -60,
        "Jun": -80,
        "Lan": 140,
    }
    page.locator("#explanations li[data-rank='1']").wait_for()
