"""The page read as a player reads it: the undo question says only the question, the draw's preview
one sentence, the sheet's dealer badge in English word order, a hand recorded at the laptop not
called another phone's, a refused hand shown without money and its tiles as the page writes them,
a name and its amount kept on one line, a button's words whole, the tiles' hint above the bottom
bar. Real `serve`, Debian's Chromium, phone-sized contexts.

The night (test_page_table's, stake 10, worked from RULES.md): hand 1, Ah Fook deals and Mei
self-draws an ordinary hand (ratio 1): each of the three pays 2 units (R5), Mei +60, the others −20;
Mei deals next (R10: the winner deals).
"""

from __future__ import annotations

import subprocess
import sys

import pytest
from conftest import ROOT, start_serve
from test_page_table import NIGHT, phone, serve, stop

LOCALES = ["en-US", "zh-TW", "zh-CN"]


@pytest.fixture
def served(tmp_path):
    night = tmp_path / "night.yaml"
    night.write_text(NIGHT, encoding="utf-8")
    base, proc = serve(night)
    yield base, night
    stop(proc)


def opened(page, base: str) -> None:
    page.set_default_timeout(8000)
    page.goto(base + "/")
    page.wait_for_selector("[data-hand='1']")


@pytest.mark.parametrize("locale", LOCALES)
def test_the_undo_question_says_the_question_and_nothing_more(served, chromium, locale):
    base, _ = served
    page = phone(chromium, locale=locale, width=320, height=640)
    opened(page, base)
    page.click("#undo")
    page.wait_for_selector("#undo-yes")
    said = page.inner_text("#ask")
    assert "null" not in said  # the question asked the first time had a stray "null" under it
    assert page.locator("#ask-more").count() == 0
    # the question, then the two answers, then nothing: hand 1, Mei's self-draw, +60
    assert page.locator("#ask > *").count() == 3  # the question, the "meanwhile" line, the answers
    assert page.errors == []


def test_the_draws_preview_is_one_sentence(served, chromium):
    base, _ = served
    page = phone(chromium)
    opened(page, base)
    page.click("#new-hand")
    page.click("[data-winner='__draw']")
    page.wait_for_selector("#preview")
    first = page.inner_text("#preview").splitlines()[0]
    # 荒莊 (R9) pays nothing; Mei, who won hand 1, deals hand 2 (R10)
    assert first == "Exhaustive draw (荒莊): nobody pays, kongs included (R9), Mei deals"


@pytest.mark.parametrize(
    "locale, badge", [("en-US", "Ah Fook deals"), ("zh-TW", "莊 Ah Fook"), ("zh-CN", "庄 Ah Fook")]
)
def test_the_sheets_dealer_badge_in_the_languages_order(served, chromium, locale, badge):
    base, _ = served
    page = phone(chromium, locale=locale)
    opened(page, base)
    assert page.inner_text("[data-hand='1'] .dealer") == badge


@pytest.mark.parametrize(
    "locale, said",
    [
        ("en-US", "Hand 2 was recorded elsewhere (another phone or the laptop)."),
        ("zh-TW", "第 2 局已在別處記下（另一部手機或手提電腦）。"),
        ("zh-CN", "第 2 局已在别处记下（另一部手机或笔记本电脑）。"),
    ],
)
def test_a_hand_recorded_at_the_laptop_is_not_called_another_phones(served, chromium, locale, said):
    base, night = served
    page = phone(chromium, locale=locale)
    opened(page, base)
    done = subprocess.run(
        [sys.executable, "-m", "meizhou_score", "record", str(night), "--draw"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    page.wait_for_selector("[data-hand='2']")
    page.locator("#notice", has_text=said).wait_for()
    assert "phone." not in page.inner_text("#notice")


# fourteen single tiles, no pair, no set, not the thirteen orphans: not a winning hand (R2)
NOT_A_WIN = ["1m", "3m", "5m", "7m", "9m", "2p", "4p", "6p", "8p", "1s", "3s", "5s", "7s", "9s"]


@pytest.mark.parametrize(
    "locale, tiles",
    [
        ("en-US", "1m 3m 5m 7m 9m 2p 4p 6p 8p 1s 3s 5s 7s 9s"),
        ("zh-TW", "1萬 3萬 5萬 7萬 9萬 2筒 4筒 6筒 8筒 1條 3條 5條 7條 9條"),
    ],
)
def test_a_hand_that_is_no_win_shows_no_money(served, chromium, locale, tiles):
    base, _ = served
    page = phone(chromium, locale=locale)
    opened(page, base)
    page.click("#new-hand")
    page.click("[data-winner='Jun']")
    page.click("[data-how='self_draw']")
    page.click("#tab-tiles")
    for tile in NOT_A_WIN:
        page.click(f"#keyboard [data-tile='{tile}']")
    page.click("[data-win='1m']")
    page.wait_for_selector("#preview #why")
    assert page.is_disabled("#record")
    assert page.locator("#preview .changes").count() == 0  # no "Ah Fook 0 · Mei 0 · …" in bold
    why = page.inner_text("#why")
    assert tiles in why, why  # the tiles as the chips show them, not 13579m2468p13579s
    assert "13579m" not in why


def lines_of(page, selector: str) -> list[int]:
    """How many lines each element matching `selector` takes on screen."""
    return page.eval_on_selector_all(
        selector,
        """els => els.map(e => new Set([...e.getClientRects()].map(r => Math.round(r.top))).size)""",
    )


@pytest.mark.parametrize("locale", ["en-US", "zh-TW"])
def test_a_name_and_its_amount_stay_on_one_line_at_320(served, chromium, locale):
    base, _ = served
    page = phone(chromium, locale=locale, width=320, height=640)
    opened(page, base)
    page.click("#new-hand")
    page.click("[data-winner='Ah Fook']")  # the longest name wins: its amount the widest
    page.click("[data-how='self_draw']")
    for group in ["123m", "456m", "789p", "234s", "55s"]:
        page.click(f"[data-set='{group}']")
    page.click("[data-win='4s']")
    page.wait_for_selector("#record:enabled")
    kept = page.locator("#preview .whole")
    assert kept.count() == 5  # "Mei deals" and four players' amounts
    assert lines_of(page, "#preview .whole") == [1] * 5


def words_lines(page, selector: str) -> dict[str, int]:
    """Each word (a run without spaces) of each button matching `selector`, and the lines it takes."""
    return page.eval_on_selector_all(
        selector,
        """buttons => Object.fromEntries(buttons.flatMap(b => {
          const text = b.firstChild, out = [];
          for (const m of text.textContent.matchAll(/\\S+/g)) {
            const range = document.createRange();
            range.setStart(text, m.index);
            range.setEnd(text, m.index + m[0].length);
            out.push([m[0], new Set([...range.getClientRects()].map(r => Math.round(r.top))).size]);
          }
          return out;
        }))""",
    )


def test_a_buttons_words_are_never_broken(tmp_path, chromium):
    night, db = tmp_path / "night.yaml", tmp_path / "club.sqlite3"
    night.write_text(NIGHT, encoding="utf-8")
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    base, proc = start_serve(night, "--db", str(db), **quiet)  # a ledger: four buttons in the bar
    try:
        page = phone(chromium, locale="zh-CN", width=390, height=844)
        opened(page, base)
        page.wait_for_selector("#bar #ledger")
        lines = words_lines(page, "#bar .big")
        assert "新的一局" in lines, lines
        assert set(lines.values()) == {1}, lines  # once 新的一 / 局
    finally:
        stop(proc)


@pytest.mark.parametrize("how", ["self_draw", "robbed_kong"])
def test_the_tiles_hint_is_above_the_bottom_bar_at_320(served, chromium, how):
    base, _ = served
    page = phone(chromium, width=320, height=640)
    opened(page, base)
    page.click("#new-hand")
    page.click("[data-winner='Mei']")
    page.click(f"[data-how='{how}']")
    hint = page.locator("#hand-tiles .muted")
    hint.wait_for()
    box, bar = hint.bounding_box(), page.locator("#bar").bounding_box()
    assert box is not None and bar is not None
    assert box["y"] + box["height"] <= bar["y"], (box, bar)  # read whole, not under Record
    assert box["y"] >= page.locator("#top").bounding_box()["height"]


@pytest.mark.parametrize(
    "code, said",
    [
        ("zh-Hant", "這一場其後已在別處改過（另一部手機或手提電腦）：寫入之前會再問你一次。"),
        ("zh-Hans", "这一场其后已在别处改过（另一部手机或笔记本电脑）：写入之前会再问你一次。"),
    ],
)
def test_the_night_changed_meanwhile_said_without_a_double_negative(code, said):
    from meizhou_score.web.words import page_words

    meanwhile = page_words()[code]["meanwhile"]
    assert "不會不再" not in meanwhile and "不会不再" not in meanwhile
    assert meanwhile == said
