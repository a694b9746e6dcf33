"""The page at a table: the preview in view above Record, one notice at a time
that fades, an amendment called so on every phone, kongs in their own row, the language's own
separator and the mainland's words, and the page's language picked as the command line picks it.
Real `serve`, Debian's Chromium, phone-sized contexts.

The night (test_page_table's, stake 10, worked from RULES.md): hand 1, Ah Fook deals and Mei
self-draws an ordinary hand (ratio 1): each of the three pays 2 units (R5), Mei +60, the others −20.
"""

from __future__ import annotations

import json
import urllib.request

import pytest
from test_page_table import NIGHT, PLAIN, phone, serve, stop
from test_web_page import poll


@pytest.fixture
def served(tmp_path):
    night = tmp_path / "night.yaml"
    night.write_text(NIGHT, encoding="utf-8")
    base, proc = serve(night)
    yield base, night
    stop(proc)


@pytest.fixture(scope="module")
def served_to_read(tmp_path_factory):
    """One night served for the tests that only open it (no hand recorded or taken back)."""
    night = tmp_path_factory.mktemp("read") / "night.yaml"
    night.write_text(NIGHT, encoding="utf-8")
    base, proc = serve(night)
    yield base, night
    stop(proc)


def opened(page, base: str):
    page.set_default_timeout(8000)
    page.goto(base + "/")
    page.wait_for_selector("[data-hand='1']")


def enter_juns_self_draw(page) -> None:
    """A new hand, tapped in: Jun wins by self-draw with the plain hand, winning tile 4s."""
    page.click("#new-hand")
    page.click("[data-winner='Jun']")
    page.click("[data-how='self_draw']")
    for group in PLAIN:
        page.click(f"[data-set='{group}']")
    page.click("[data-win='4s']")


def in_view(page, selector: str) -> dict:
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    assert 0 <= box["y"] and box["y"] + box["height"] <= page.viewport_size["height"], selector
    return box


@pytest.mark.parametrize("width", [320, 390])
def test_the_preview_stays_in_view_above_record(served, chromium, width):
    base, _ = served
    page = phone(chromium, width=width)
    opened(page, base)
    enter_juns_self_draw(page)
    page.wait_for_selector("#record:enabled")
    page.evaluate("window.scrollTo(0, 0)")  # the keyboard fills the screen: the top of the page
    preview, record = in_view(page, "#preview"), in_view(page, "#record")
    assert preview["y"] + preview["height"] <= record["y"]  # read first, then pressed
    # Jun self-draws an ordinary hand: 2 units from each of three at stake 10 (R5)
    assert "Jun +60" in page.inner_text("#preview")
    assert page.errors == []


def test_one_notice_at_a_time_and_it_fades(served, chromium):
    base, _ = served
    page = phone(chromium)
    opened(page, base)
    page.click("#new-hand")
    page.click("[data-winner='__draw']")
    page.click("#record")
    page.wait_for_selector("[data-hand='2']")
    page.click("#undo")
    page.click("#undo-yes")
    page.wait_for_selector("#notice:has-text('Hand 2 was taken back.')")
    page.click("#new-hand")
    page.click("[data-winner='__draw']")
    page.click("#record")
    page.wait_for_selector("#recorded")
    assert page.inner_text("#notice") == "Hand 2 recorded."  # the taken-back one replaced
    in_view(page, "#notice")
    page.wait_for_selector("#notice", state="hidden", timeout=10000)  # gone after a few seconds
    assert page.errors == []


def test_an_amendment_is_called_so_on_every_phone(served, chromium):
    base, night = served
    mine, theirs = phone(chromium), phone(chromium, locale="zh-CN")
    for page in (mine, theirs):
        opened(page, base)
    mine.click("[data-hand='1'] button.open")
    mine.click("[data-amend='1']")
    # the forgotten kong: Lan's concealed kong of 9m, 2 units from each of the three others (R8)
    mine.click("#add-kong")
    mine.click("[data-kong-player='Lan']")
    mine.click("[data-kong-type='concealed']")
    mine.click("#keyboard [data-tile='9m']")
    # the kong in its own row, not among the winner's concealed tiles (once the page has drawn it:
    # counted at once, a loaded run once found no chip yet)
    mine.wait_for_selector("#kong-chips [data-kong='9m']")
    assert mine.locator("#kong-chips [data-kong='9m']").count() == 1
    assert mine.locator("#hand-tiles [data-kong]").count() == 0
    mine.wait_for_selector("#record:enabled")
    mine.click("#record")
    mine.wait_for_selector("#recorded")
    assert mine.inner_text("#notice") == "Hand 1 amended."
    theirs.wait_for_selector("#notice:has-text('第 1 局已在别处修改（另一部手机或笔记本电脑）。')")
    # hand 1 now: Mei +60 −20 = +40, Lan −20 +60 = +40, Ah Fook and Jun −20 −20 = −40
    assert theirs.inner_text("[data-total='Lan']") == "+40"
    assert "kongs" in night.read_text()
    assert mine.errors == [] and theirs.errors == []


def test_chinese_says_its_own_separator_and_the_mainlands_words(served, chromium):
    base, _ = served
    page = phone(chromium, locale="zh-CN")
    opened(page, base)
    page.click("#undo")
    text = page.inner_text("#ask-text")
    # Mei's gain in hand 1, +60, after the sheet's what with a full-width comma
    assert text.endswith("，+60）？") and ", " not in text
    with urllib.request.urlopen(base + "/static/words.json") as answer:
        words = json.loads(answer.read())
    assert words["zh-Hans"]["offline"].startswith("笔记本电脑")
    assert words["zh-Hant"]["offline"].startswith("手提電腦")
    assert page.errors == []


@pytest.mark.parametrize(
    "query, languages, chosen",
    [
        ("", ["fr-FR", "zh-Hans-TW", "en"], "zh-Hans"),  # the script wins over the region
        ("", ["zh-Hant-CN"], "zh-Hant"),
        ("", ["de-DE", "zh-MY"], "zh-Hans"),
        ("", ["zh-SG"], "zh-Hans"),
        ("", ["zh-HK", "zh-CN"], "zh-Hant"),  # the first the page speaks decides
        ("", ["zh"], "zh-Hant"),
        ("", ["fr-FR", "en-GB", "zh-CN"], "en"),
        ("", ["fr-FR", "de-DE"], "en"),
        ("?lang=zh-Hant", ["en-US"], "zh-Hant"),  # ?lang= first
        ("?lang=zh-CN", ["zh-TW"], "zh-Hans"),
    ],
)
def test_the_page_picks_its_language_as_the_command_line_does(
    served_to_read, chromium, query, languages, chosen
):
    base, _ = served_to_read
    page = phone(chromium)
    # the browser's list, as a browser gives it: in Accept-Language (the server picks from it) and
    # in navigator.languages alike (Chromium sends its locale on a navigation whatever extra headers
    # say: the header is set on the way out)
    listed = ", ".join(languages)
    page.route(
        "**/*",
        lambda route: route.continue_(headers={**route.request.headers, "accept-language": listed}),
    )
    page.add_init_script(
        f"Object.defineProperty(navigator, 'languages', {{get: () => {json.dumps(languages)}}})"
    )
    page.goto(base + "/" + query)
    page.wait_for_selector("[data-hand='1']")
    assert page.get_attribute("#langs [aria-pressed='true']", "data-lang") == chosen
    assert page.evaluate("document.documentElement.lang") == chosen
    assert page.errors == []


# A table of four Chromium phones: a notice left in the script it was said
# in after the switch to another, the tab's title always 梅州麻將, a half-width colon in Chinese,
# and at 320 px the night's file name cut to one stray letter beside the language buttons.

PHONES = [(320, 640), (390, 844)]


@pytest.mark.parametrize("width, height", PHONES)
def test_a_notice_is_said_again_in_the_language_switched_to(served, chromium, width, height):
    base, _ = served
    mine, theirs = phone(chromium), phone(chromium, locale="zh-TW", width=width, height=height)
    for page in (mine, theirs):
        opened(page, base)
    mine.click("#new-hand")
    mine.click("[data-winner='__draw']")
    mine.click("#record")
    theirs.locator("#notice", has_text="第 2 局已在別處記下（另一部手機或手提電腦）。").wait_for(
        timeout=5000
    )
    theirs.click("[data-lang='zh-Hans']")  # within the notice's five seconds
    theirs.locator("#notice", has_text="第 2 局已在别处记下（另一部手机或笔记本电脑）。").wait_for(
        timeout=3000
    )
    theirs.click("[data-lang='en']")
    theirs.locator(
        "#notice", has_text="Hand 2 was recorded elsewhere (another phone or the laptop)."
    ).wait_for(timeout=3000)
    assert mine.errors == [] and theirs.errors == []


@pytest.mark.parametrize("width, height", PHONES)
def test_a_question_and_the_preview_are_said_again_in_the_new_language(
    served, chromium, width, height
):
    base, _ = served
    page = phone(chromium, width=width, height=height)
    opened(page, base)
    page.click("#undo")
    assert page.inner_text("#ask-text") == "Take back hand 1 (Mei self-draw ×1, +60)?"
    page.click("[data-lang='zh-Hant']")
    page.locator("#ask-text", has_text="撤回第 1 局").wait_for(timeout=3000)
    # the question's own words and the hand's, as the night now says them: Mei's +60 after the
    # full-width comma
    text = page.inner_text("#ask-text")
    assert text.startswith("撤回第 1 局（Mei 自摸") and text.endswith("，+60）？"), text
    assert page.inner_text("#undo-no") == "保留"
    page.click("#undo-no")
    enter_juns_self_draw(page)
    page.wait_for_selector("#record:enabled")
    assert "Jun 自摸" in page.inner_text("#preview")
    page.click("[data-lang='en']")
    page.locator("#preview", has_text="Jun wins by self-draw").wait_for(timeout=3000)
    assert "Jun +60" in page.inner_text("#preview")
    assert page.errors == []


def test_a_question_after_a_refused_write_is_asked_again_in_the_new_language(served, chromium):
    base, night = served

    def refuse(route):  # the night changed elsewhere: the server's sentence, in English
        route.fulfill(
            status=412,
            json={
                "error": "The night changed elsewhere (another phone, or the file itself).",
                "changed": {"kind": "changed", "hand": None},
                "night": json.loads(urllib.request.urlopen(base + "/api/night").read()),
            },
        )

    page = phone(chromium)
    opened(page, base)
    page.route("**/api/hands?*", refuse)
    page.click("#new-hand")
    page.click("[data-winner='__draw']")
    page.click("#record")
    page.wait_for_selector("#ask:visible")
    # the question is the page's own words (what changed, and whether to record it after that)
    assert page.inner_text("#ask-text") == (
        "Meanwhile the night changed elsewhere (another phone, or the file itself)."
    )
    assert page.inner_text("#ask-more") == "Record yours as hand 2?"
    page.click("[data-lang='zh-Hant']")
    page.locator("#ask-text", has_text="其間這一場已在別處改過").wait_for(timeout=3000)
    assert page.inner_text("#ask-more") == "把你的記作第 2 局嗎？"
    page.locator("#record", has_text="記錄").wait_for()  # the hand still there to record
    assert [e for e in page.errors if "412" not in e] == []


@pytest.mark.parametrize(
    "query, title, then",
    [("?lang=zh-Hans", "梅州麻将", "Meizhou mahjong"), ("?lang=en", "Meizhou mahjong", "梅州麻將")],
)
def test_the_tabs_title_follows_the_language(served_to_read, chromium, query, title, then):
    base, _ = served_to_read
    page = phone(chromium)
    page.goto(base + "/" + query)
    page.wait_for_selector("[data-hand='1']")
    assert page.title() == title
    page.click("[data-lang='en']" if then.isascii() else "[data-lang='zh-Hant']")
    poll(page, f"document.title === {json.dumps(then)}", 5)
    assert page.errors == []


def test_chinese_says_its_own_colon(served, chromium):
    base, _ = served
    for locale, said in [("en-US", "Ah Fook → Mei: 20"), ("zh-TW", "Ah Fook → Mei：20")]:
        page = phone(chromium, locale=locale)
        opened(page, base)
        page.click("#settle-up")
        # each of the three pays Mei 2 units at stake 10 (R5): 20 each, already the fewest
        assert page.locator("#settle-list li").first.inner_text() == said
    # a refused preview: the place it names, the colon, the sentence
    answers = [
        {"error": "不是文字：單獨的代理字符（\\ud800）", "where": "winner"},
        # a sentence that names its place already is not told it twice
        {"error": "hand：1m 有 6 張；每種牌只有四張（R1）", "where": "hand"},
    ]
    page.route("**/api/preview?*", lambda route: route.fulfill(status=422, json=answers[0]))
    enter_juns_self_draw(page)
    page.locator("#preview.refused").wait_for()
    assert page.inner_text("#preview") == "winner：不是文字：單獨的代理字符（\\ud800）"
    answers.pop(0)
    page.click("[data-win='4s']")  # off and on: asked again
    page.click("[data-win='4s']")
    page.locator("#preview.refused", has_text="1m").wait_for()
    assert page.inner_text("#preview") == "hand：1m 有 6 張；每種牌只有四張（R1）"
    assert [e for e in page.errors if "422" not in e] == []


HEADER = """() => {
  const box = (id) => document.getElementById(id).getBoundingClientRect();
  const cut = (id) => { const e = document.getElementById(id); return e.scrollWidth > e.clientWidth; };
  const [title, file, langs] = [box('title'), box('file'), box('langs')];
  return {file: document.getElementById('file').textContent, cut: [cut('title'), cut('file')],
          room: Math.min(langs.left - title.right, langs.left - file.right), title: title.width,
          file_width: file.width, header: document.querySelector('header').getBoundingClientRect().height};
}"""


@pytest.mark.parametrize("width, height", PHONES)
@pytest.mark.parametrize("locale", ["en-US", "zh-TW"])
def test_the_header_shows_the_file_name_beside_the_language_buttons(
    served_to_read, chromium, locale, width, height
):
    base, _ = served_to_read
    page = phone(chromium, locale=locale, width=width, height=height)
    opened(page, base)
    found = page.evaluate(HEADER)
    # the file's own name whole (the folders before it would only fill the line), the title whole
    assert found["file"] == "night.yaml" and found["cut"] == [False, False], found
    assert found["room"] >= 4, found  # neither runs into the buttons
    assert found["header"] <= 56, found  # no taller than the buttons' row: the totals stay up
    assert page.errors == []
