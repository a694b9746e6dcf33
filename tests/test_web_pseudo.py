"""The proof for the server and the page (issue 32 §3): test_words_pseudo's en-XA — English with
every letter accented and every sentence in brackets — registered at run time, and every answer of
the API, the refusal page and the page's words are in it: no key missing, no plain English, and no
Chinese but the terms the English words themselves carry (自摸 beside "self-draw").

Also the one choice of a language for the page: ``?lang=`` first, then the browser's list (the
script winning over the region: zh-Hans-TW is Simplified), then ``serve --lang``, picked on the
server and told to the page in ``<html lang>``.

The night: Ah Fook deals, Mei self-draws an ordinary hand at stake 10 (R5: each of the three pays
2 units, Mei +60, the others −20).
"""

from __future__ import annotations

import html
import re
import string

import pytest

pytest.importorskip("httpx", reason="the API tests need httpx: pip install -e '.[test]'")
from starlette.testclient import TestClient
from test_web_api import HOST, ORIGIN, SELF_DRAW, TABLE, client, first_hand, seen
from test_words_pseudo import XA, plain_english

from meizhou_score.i18n import catalog as catalogs
from meizhou_score.i18n import language as languages
from meizhou_score.records.loader import load_record
from meizhou_score.web.app import create_app
from meizhou_score.web.words import refusal_page, said

_CHINESE = re.compile("[\u3400-\u9fff\uf900-\ufaff\u3000-\u303f\uff00-\uffef]+")


def _filled(text: str) -> dict:
    return {field: 7 for _, field, _, _ in string.Formatter().parse(text) if field}


def _left(pseudo_text: str, english_text: str) -> list[str]:
    """What ``pseudo_text`` (en-XA) still says in plain English, or in Chinese the English
    ``english_text`` does not say."""
    chinese = set(_CHINESE.findall(english_text))
    pseudo_text = re.sub(r"\{\w+\}", "", pseudo_text)  # a blank the page fills ({name})
    return plain_english(pseudo_text) + [
        run for run in _CHINESE.findall(pseudo_text) if run not in chinese
    ]


def test_the_servers_sentences_are_one_catalog_per_language(en_xa):
    english = catalogs.catalog("en", "web")
    assert set(catalogs.catalog(en_xa, "web")) == set(english)
    assert set(catalogs.catalog("zh-Hant", "web")) == set(english)
    assert set(catalogs.catalog("zh-Hans", "web")) == set(english)
    # written by hand from the English
    assert said("recorded", en_xa, hand=10) == (
        "[Ĥàñđ 10 ŵàš ŕéçöŕđéđ éļšéŵĥéŕé (àñöţĥéŕ þĥöñé öŕ ţĥé ļàþţöþ).]"
    )
    assert said("no_hand_yet", en_xa) == "[ñö ĥàñđ ýéţ]"
    assert said("preset.standard", en_xa) == "[Šţàñđàŕđ ŕûļéš (ţĥé đéƒàûļţš)]"
    # Traditional and Simplified as they were
    assert said("recorded", "zh-Hant", hand=10) == "第 10 局已在別處記下（另一部手機或手提電腦）。"
    assert (
        said("recorded", "zh-Hans", hand=10) == "第 10 局已在别处记下（另一部手机或笔记本电脑）。"
    )
    left = {}
    for key, text in english.items():
        found = _left(said(key, en_xa, **_filled(text)), text)
        if found:
            left[key] = found
    assert not left


def test_the_refusal_page_speaks_any_language_registered(en_xa):
    page = refusal_page("page_scan", en_xa).decode()
    assert '<html lang="en-XA">' in page
    assert (
        "<p>[Ţĥîš þàĝé ñééđš ţĥé ţàƀļé'š ļîñķ. Šçàñ ţĥé ţàƀļé'š çöđé àĝàîñ, öŕ öþéñ ţĥé ļîñķ ţĥé"
        " ļàþţöþ šĥöŵš.]</p>" in html.unescape(page)
    )
    assert "<title>[Ṁéîžĥöû ɱàĥĵöñĝ]</title>" in page
    # a browser without the token, in en-XA by its Accept-Language
    guarded = TestClient(
        create_app("night.yaml", token="s3cret", hosts=(HOST,)), base_url=f"http://{HOST}"
    )
    refused = guarded.get("/", headers={"Accept": "text/html", "Accept-Language": "fr, en-XA"})
    assert refused.status_code == 401 and refused.text == page
    api = guarded.get("/api/night?lang=en-XA")
    assert api.json()["error"] == "[ţĥîš þàĝé ñééđš ţĥé ţàƀļé'š ļîñķ (îţš ţöķéñ)]"


def _sentences(answer: dict) -> list[str]:
    """The sentences a player reads in an answer of the API (the rest is data: names, ids,
    numbers, the hand as the file has it)."""
    found = [answer[key] for key in ("error",) if answer.get(key)]
    rows = [*answer.get("sheet", []), *[answer[k] for k in ("row", "taken_back") if k in answer]]
    for row in rows:
        found += [row["what"], *row.get("payments", []), *row.get("errors", [])]
    found += answer.get("why", [])
    found += [preset["name"] for preset in answer.get("presets", [])]
    if "night" in answer and isinstance(answer["night"], dict):
        found += _sentences(answer["night"])
    return found


def _answers(c: TestClient, lang: str) -> list[tuple[str, dict]]:
    """Every kind of answer the API gives, asked in ``lang``, on a night of one hand."""
    q = f"lang={lang}"
    stale = {**ORIGIN, "If-Match": '"0000000000000000"'}
    bad_hand = {"winner": "Mei", "win_type": "nosuch", "hand": SELF_DRAW["hand"]}
    amended = {**SELF_DRAW, "win_type": "self_draw", "dealer": "Jun"}
    sent = [
        ("night", c.get(f"/api/night?{q}")),
        ("preview", c.post(f"/api/preview?{q}", json={**SELF_DRAW, "dealer": "Jun"})),
        ("preview amend", c.post(f"/api/preview?{q}", json={**amended, "amend": 1})),
        ("amend number", c.post(f"/api/preview?{q}", json={**SELF_DRAW, "amend": 0})),
        ("stale", c.post(f"/api/hands?{q}", json=SELF_DRAW, headers=stale)),
        ("no version", c.post(f"/api/hands?{q}", json=SELF_DRAW, headers=ORIGIN)),
        ("bad hand", c.post(f"/api/hands?{q}", json=bad_hand, headers=seen(c))),
        ("not json", c.post(f"/api/hands?{q}", content=b"{no", headers=ORIGIN)),
        ("not object", c.post(f"/api/hands?{q}", content=b"[1]", headers=ORIGIN)),
        ("too big", c.post(f"/api/hands?{q}", content=b" " * 70_000, headers=ORIGIN)),
        ("too deep", c.post(f"/api/hands?{q}", content=b"[" * 40 + b"]" * 40, headers=ORIGIN)),
        (
            "bad if-match",
            c.post(f"/api/hands?{q}", json=SELF_DRAW, headers={**ORIGIN, "If-Match": "x"}),
        ),
        ("no preset", c.post(f"/api/preview?{q}", json={**SELF_DRAW, "table": {"rules": "x"}})),
        ("no ledger", c.post(f"/api/ledger?{q}", json={}, headers=seen(c))),
        ("not found", c.get(f"/api/nosuch?{q}")),
        ("not allowed", c.delete(f"/api/night?{q}", headers=ORIGIN)),
        ("not ours", c.post(f"/api/hands?{q}", json=SELF_DRAW, headers={"Origin": "http://x"})),
        ("deal players", c.get(f"/api/deal?dealer_dice=7&breaker_dice=5&players=A,B&{q}")),
        (
            "deal dealer",
            c.get(f"/api/deal?dealer_dice=7&breaker_dice=5&players=A,B,C,D&dealer=E&{q}"),
        ),
        ("deal dice", c.get(f"/api/deal?dealer_dice=13&breaker_dice=5&{q}")),
        ("rules", c.get(f"/api/rules?{q}")),
        ("undo", c.delete(f"/api/hands/last?{q}", headers=seen(c))),
    ]
    return [(what, answer.json()) for what, answer in sent]


def test_every_answer_of_the_api_speaks_the_pseudo_language(en_xa, tmp_path):
    made = []
    for lang in ("en", en_xa):
        c = client(tmp_path / f"{lang}.yaml")
        made_in = c.post(  # the night set up in its language: its file's comment in it too
            f"/api/hands?lang={lang}",
            json={"table": TABLE, "dealer": "Ah Fook", **SELF_DRAW},
            headers=seen(c),
        )
        assert made_in.status_code == 201, made_in.json()
        assert load_record(str(tmp_path / f"{lang}.yaml"))["players"] == TABLE["players"]
        made.append(_answers(c, lang))
    left = {}
    for (what, english), (_, pseudo) in zip(*made, strict=True):
        said_in_english, said_in_pseudo = _sentences(english), _sentences(pseudo)
        assert said_in_pseudo and len(said_in_pseudo) == len(said_in_english), what
        found = [p for p in said_in_pseudo for p in _left(p, " ".join(said_in_english))]
        if found:
            left[what] = found
    assert not left
    night = dict(made[1])["night"]
    assert night["lang"] == "en-XA"
    assert night["sheet"][0]["what"].startswith(
        "[Mei ŵîñš ƀý [šéļƒ-đŕàŵ (自摸)]]"
    )  # a name as written
    assert dict(made[1])["stale"]["error"] == (
        "[Ţĥé ñîĝĥţ çĥàñĝéđ éļšéŵĥéŕé (àñöţĥéŕ þĥöñé, öŕ ţĥé ƒîļé îţšéļƒ).]"
    )


def test_the_house_rules_descriptions_speak_the_pseudo_language(en_xa, tmp_path):
    english = client(tmp_path / "a.yaml").get("/api/rules?lang=en").json()["keys"]
    pseudo = client(tmp_path / "b.yaml").get("/api/rules?lang=en-XA").json()["keys"]
    left = [
        found
        for e, p in zip(english, pseudo, strict=True)
        for found in _left(p["description"], e["description"])
    ]
    assert not left


def test_the_pages_words_come_from_the_catalogs(en_xa, tmp_path):
    c = client(tmp_path / "night.yaml")
    answer = c.get("/static/words.json")
    words = answer.json()
    assert sorted(words) == ["en", "en-XA", "zh-Hans", "zh-Hant"]
    for lang in ("en-XA", "zh-Hant", "zh-Hans"):
        assert set(words[lang]) == set(words["en"]), lang
    assert words["en-XA"]["undo"] == "[Ûñđö]"
    assert words["en-XA"]["newHand"] == "[+ Ñéŵ ĥàñđ]"
    assert words["en-XA"]["recorded"] == "[Ĥàñđ {n} ŕéçöŕđéđ.]"
    assert words["en-XA"]["s"] == "[š]" and words["en"]["s"] == "s"
    assert words["en"]["honours"] == words["zh-Hant"]["honours"] == "東南西北白發中"
    left = {
        key: found
        for key, text in words["en-XA"].items()
        for found in [_left(text, words["en"][key])]
        if found
    }
    assert not left
    # the ETag names the words served: asked again unchanged, 304
    etag = answer.headers["ETag"]
    again = c.get("/static/words.json", headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.headers["ETag"] == etag


def test_the_pages_words_change_their_etag_with_the_languages(tmp_path, monkeypatch):
    c = client(tmp_path / "night.yaml")
    before = c.get("/static/words.json")
    assert sorted(before.json()) == ["en", "zh-Hans", "zh-Hant"]
    monkeypatch.setitem(languages.LANGUAGES, "en-XA", XA)
    after = c.get("/static/words.json", headers={"If-None-Match": before.headers["ETag"]})
    assert after.status_code == 200 and "en-XA" in after.json()
    assert after.headers["ETag"] != before.headers["ETag"]


@pytest.mark.parametrize(
    ("query", "accept", "lang", "picked"),
    [
        ("?lang=en-XA", "zh-CN", "en-XA", "query"),  # ?lang= first
        ("", "fr-FR, en-XA;q=0.9, zh-Hant;q=0.5", "en-XA", "browser"),
        ("", "fr-FR, zh-Hans-TW", "zh-Hans", "browser"),  # the script wins over the region
        ("", "zh-Hant-CN", "zh-Hant", "browser"),
        ("?lang=fr", "de-DE", "zh-Hant", "browser"),  # neither names one: serve --lang
        ("?lang=zh-Hans-TW", "", "zh-Hans", "query"),
        # a list in ?lang= is the query's choice too (it said browser, so a
        # phone's stored choice stood above it)
        ("?lang=zh-CN,en", "zh-TW", "zh-Hans", "query"),
        ("?lang=zh-CN;q=0,%20en", "zh-TW", "en", "query"),
    ],
)
def test_the_server_picks_the_pages_language(en_xa, tmp_path, query, accept, lang, picked):
    c = TestClient(
        create_app(str(tmp_path / "night.yaml"), lang="zh-Hant", hosts=(HOST,)),
        base_url=f"http://{HOST}",
    )
    page = c.get("/" + query, headers={"Accept-Language": accept} if accept else {}).text
    assert f'<html lang="{lang}" data-picked="{picked}">' in page


def test_the_api_picks_by_the_same_function(tmp_path):
    c = client(tmp_path / "night.yaml")
    # zh-Hans-TW: Simplified, the script winning over the region, as the command line reads it
    assert (
        c.get("/api/nosuch?lang=zh-Hans-TW").json()["error"] == "这里没有东西：没有这个地址"
    )  # the mainland says 地址
    assert c.get("/api/nosuch", headers={"X-Lang": "zh-Hant-CN"}).json()["error"] == (
        "這裡沒有東西：沒有這個地址"
    )


@pytest.mark.parametrize(
    ("lang", "noscript"),
    [
        ("en", "This page needs JavaScript: it is the table's own score keeper"),
        ("zh-Hant", "這個頁面需要 JavaScript：它是本桌的記分員，由 meizhou-score 提供。"),
        ("zh-Hans", "这个页面需要 JavaScript：它是本桌的记分员，由 meizhou-score 提供。"),
        ("en-XA", "[Ţĥîš þàĝé ñééđš ĴàṽàŠçŕîþţ: îţ îš ţĥé ţàƀļé&#x27;š öŵñ šçöŕé ķééþéŕ"),
    ],
)
def test_a_browser_without_script_is_told_so_in_its_language(en_xa, tmp_path, lang, noscript):
    c = client(tmp_path / "night.yaml")
    page = c.get(f"/?lang={lang}").text
    said_there = page.split("<noscript>")[1].split("</noscript>")[0]
    assert said_there.startswith(noscript.replace("'", "&#x27;")), said_there


def test_a_browsers_list_in_two_lines_is_one_list(tmp_path):
    # only the first line was read (fr: English)
    c = client(tmp_path / "night.yaml")
    lines = [("Accept-Language", "fr"), ("Accept-Language", "zh-CN")]
    assert '<html lang="zh-Hans" data-picked="browser">' in c.get("/", headers=lines).text


@pytest.mark.parametrize("path", ["/static/words.json", "/api/night"])
def test_if_none_match_is_compared_weakly_and_star_matches(tmp_path, path):
    # words.json answered 200 to W/"…", and both to *
    c = client(tmp_path / "night.yaml")
    assert first_hand(c).status_code == 201
    etag = c.get(path).headers["ETag"]
    for held in (etag, "W/" + etag, f'"x", {etag}', "*"):
        assert c.get(path, headers={"If-None-Match": held}).status_code == 304, held
    assert c.get(path, headers={"If-None-Match": '"x"'}).status_code == 200


@pytest.mark.parametrize(
    ("lang", "title"),
    [
        ("en", "Meizhou mahjong"),
        ("zh-Hant", "梅州麻將"),
        ("zh-Hans", "梅州麻将"),
        ("en-XA", "[Ṁéîžĥöû ɱàĥĵöñĝ]"),
    ],
)
def test_the_tabs_title_and_the_heading_are_in_its_language(en_xa, tmp_path, lang, title):
    # the tab said 梅州麻將 · meizhou-score in every language, until the page's script ran
    page = client(tmp_path / "night.yaml").get(f"/?lang={lang}").text
    assert f"<title>{title}</title>" in page
    assert f'<h1 id="title">{title}</h1>' in page


def test_the_pages_colon_is_its_languages(en_xa, tmp_path):
    words = client(tmp_path / "night.yaml").get("/static/words.json").json()
    # as the command line joins a place and what is wrong there (i18n.language's colon)
    assert {lang: words[lang]["colon"] for lang in words} == {
        "en": ": ",
        "en-XA": ": ",
        "zh-Hant": "：",
        "zh-Hans": "：",
    }
