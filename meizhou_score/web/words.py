"""The server's own sentences and the page's words (網頁的話): one catalog of the kind ``web``
per language, registered with :mod:`..i18n.catalog` when this module is imported.

The server's sentences (what the API and the refusal page say) and the presets' names are written
here, English and Traditional side by side; the page's words are in ``static/words.json`` (English
and Traditional, as written), under the ids ``page.<key>``. Simplified is made from Traditional by
the catalog, with the same table as the command line's; a language registered at run time (a test's
en-XA) is made from its source the same way. The language of a request is picked by i18n's one
choice, :func:`~..i18n.language.pick`.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from html import escape
from importlib import resources

from ..i18n.catalog import catalog, register, written
from ..i18n.language import LANGUAGES, language, pick
from . import closing_words

SAID: dict[str, tuple[str, str]] = {  # id → (English, Traditional)
    "recorded": (
        "Hand {hand} was recorded elsewhere (another phone or the laptop).",
        "第 {hand} 局已在別處記下（另一部手機或手提電腦）。",
    ),
    "taken_back": (
        "Hand {hand} was taken back elsewhere (another phone or the laptop).",
        "第 {hand} 局已在別處收回（另一部手機或手提電腦）。",
    ),
    "amended": (
        "Hand {hand} was changed elsewhere (another phone or the laptop).",
        "第 {hand} 局已在別處修改（另一部手機或手提電腦）。",
    ),
    "created": (
        "The night was set up elsewhere (another phone or the laptop).",
        "這一場已在別處開好（另一部手機或手提電腦）。",
    ),
    "changed": (
        "The night changed elsewhere (another phone, or the file itself).",
        "這一場已在別處改過（另一部手機，或文件本身）。",
    ),
    "moved": (
        "The night's file was switched for another one while this was written; nothing was "
        "written. This is the night it names now.",
        "寫入時這一場的文件被換成了另一個文件；"  # split to fit 100 bytes
        "沒有寫入任何東西。這是它現在指向的一場。",
    ),
    "no_version": (
        "This change does not say which version of the night it was made on"
        ' (If-Match or "version"); nothing was written.',
        "這項更改沒有註明依據這一場的哪個版本"  # split to fit 100 bytes
        '（If-Match 或 "version"）；沒有寫入。',
    ),
    "disk": (
        "The disk refused the write ({why}); nothing was written, the file is as it was.",
        "磁盤拒絕寫入（{why}）；沒有寫入，文件保持原樣。",
    ),
    "ledger_disk": (
        "The disk refused the ledger's write; nothing was added to the ledger.",
        "磁盤拒絕寫入帳本；帳本沒有加入任何東西。",
    ),
    "not_json": (
        "not JSON (line {line}, column {column})",
        "不是 JSON（第 {line} 行，第 {column} 欄）",
    ),
    "not_utf8": (
        "not UTF-8: the body's byte {at} is not text",
        "不是 UTF-8：內容的第 {at} 個字節不是文字",
    ),
    "bad_if_match": (
        'If-Match must be the version in quotes ("<version>"); nothing was written',
        'If-Match 必須是加上引號的版本（"<版本>"）；沒有寫入',
    ),
    "bad_version": (
        '"version" must be the version as text; nothing was written',
        '"version" 必須是文字形式的版本；沒有寫入',
    ),
    "two_versions": (
        'this change names two different versions of the night (If-Match, "version",'
        " ?version=); nothing was written",
        "這項更改註明了這一場的兩個不同版本"  # split to fit 100 bytes
        '（If-Match、"version"、?version=）；沒有寫入',
    ),
    "bad_http": (
        "not a request this server can read (its first line or headers)",
        "伺服器讀不懂這個請求（第一行或標頭）",
    ),
    "out_of_files": (
        "Too many connections for this machine's open-files limit: the oldest idle ones are"
        " closed to let the phones in.",
        "連接太多，超出本機上限：最久沒動的連接會被關掉。",
    ),
    "cut_off": ("the request ended before its body did", "請求在內容傳完之前就中斷了"),
    "not_object": ("expected a JSON object: one hand", "這裡要寫一局：一個 JSON 對象"),
    "too_big": ("the body is larger than {size} bytes", "內容超過 {size} 字節"),
    "no_token": (
        "this page needs the table's link (its token)",
        "這個頁面需要本桌的連結（含密碼）",
    ),
    "not_ours": ("refused: not from this table's page", "拒絕：不是來自本桌的頁面"),
    "no_ledger": (
        "no ledger: start serve with --db LEDGER",
        "沒有帳本：以 serve --db 帳本 啟動",
    ),
    "unused_key": (
        "this request does not take this key; nothing was written",
        "這個請求不收這一項；沒有寫入",
    ),
    "not_a_table": (
        "expected the new night's table: an object with players, stake, date and rules",
        "這裡要寫新一場的設置：含 players、stake、date 與 rules 的 JSON 對象",
    ),
    "not_a_date": (
        "expected a date, YYYY-MM-DD (2026-03-14), or no date at all for today",
        "日期要寫成 YYYY-MM-DD（例如 2026-03-14），不寫就是今天",
    ),
    "not_yes_no": ("expected true or false", "這裡只能寫 true 或 false"),
    "unreadable": (
        "The night's file could not be read ({why}); nothing was changed.",
        "讀不到這一場的文件（{why}）；沒有任何改動。",
    ),
    "amend_number": ("expected a hand number from 1", "局號從 1 起算"),
    "not_last": (
        "hand {hand} is not the last hand of the night you saw (the last is hand {last});"
        " nothing was taken back",
        "第 {hand} 局不是你看到的這一場的最後一局"  # split to fit 100 bytes
        "（最後一局是第 {last} 局）；沒有撤回任何一局",
    ),
    "later_dealer": (
        "hand {hand}'s dealer would then be {expected}, not {named}",
        "第 {hand} 局的莊家將是 {expected}，而不是 {named}",
    ),
    "hand_reasons": ("hand {hand}: {reasons}", "第 {hand} 局：{reasons}"),
    "no_preset": (
        "no such preset; expected one of {ids}",
        "沒有這套規則；可選的有 {ids}",
    ),
    "bad_number": (
        "expected a whole number from {low} to {high}",
        "要寫 {low} 到 {high} 的整數",
    ),
    "deal_dealer": (
        "the dealer must be one of the four players",
        "莊家必須是四位玩家之一",
    ),
    "internal": (
        "the server could not answer this request; nothing was written",
        "伺服器無法回應這個請求；沒有寫入",
    ),
    "not_found": ("nothing here: no such address", "這裡沒有東西：沒有這個地址"),
    "not_allowed": (
        "this address does not take that kind of request",
        "這個地址不接受這種請求",
    ),
    "no_hand_yet": ("no hand yet", "還沒有任何一局"),
    "page_title": ("Meizhou mahjong", "梅州麻將"),
    "page_scan": (
        "This page needs the table's link. Scan the table's code again, or open the link the"
        " laptop shows.",
        "這個頁面需要本桌的連結。"  # split to fit 100 bytes
        "請再掃一次本桌的 QR 碼，或打開電腦上顯示的連結。",
    ),
    "page_noscript": (
        "This page needs JavaScript: it is the table's own score keeper, served by meizhou-score.",
        "這個頁面需要 JavaScript：它是本桌的記分員，由 meizhou-score 提供。",
    ),
    "page_host": (
        "This server answers only to its own address. Open the link the laptop shows.",
        "這個伺服器只回應它自己的地址。請打開電腦上顯示的連結。",
    ),
    # the presets' names (setup.py's PRESETS), by their id
    "preset.standard": ("Standard rules (the defaults)", "標準規則（默認）"),
    "preset.bao_kong": (
        "包槓: the discarder pays an exposed kong",
        "包槓：點槓由打出者付",
    ),
    "preset.dealer_keeps": (
        "The dealer keeps the deal after a draw",
        "荒莊連莊：莊家續做",
    ),
    "preset.house_rules": (
        "A club's house rules (the example)",
        "一家俱樂部的家規（範例）",
    ),
}


def _written(n: int, code: str) -> Callable[[], dict[str, str]]:
    """The hand-written catalog of ``web`` in ``code``: the ``n``-th of each pair of ``SAID``, and
    the page's words of ``static/words.json``."""

    def made() -> dict[str, str]:
        page = json.loads(
            (resources.files("meizhou_score.web") / "static" / "words.json").read_bytes()
        )
        return {
            **{key: pair[n] for key, pair in SAID.items()},
            **{f"page.{key}": text for key, text in page[code].items()},
            **{key: pair[n] for key, pair in closing_words.SAID.items()},
            **{f"page.{key}": pair[n] for key, pair in closing_words.PAGE.items()},
        }

    return made


register("en", "web", _written(0, "en"))
register("zh-Hant", "web", _written(1, "zh-Hant"))
register("zh-Hans", "web", written("meizhou_score.web.zh_hans_words", "WEB"))  # by hand


def said(key: str, lang: str, **values: object) -> str:
    """The sentence ``key`` in ``lang`` (any language registered), its blanks filled."""
    text = catalog(lang, "web")[key]
    return text.format(**values) if values else text


def page_words() -> dict[str, dict[str, str]]:
    """The page's words (``/static/words.json``) in every language registered, by language, and
    the language's own colon (``colon``: ": " in English, "：" in Chinese), from its
    :class:`~..i18n.language.Language` as the command line's."""
    return {
        code: {
            **{key[5:]: text for key, text in catalog(code, "web").items() if key[:5] == "page."},
            "colon": LANGUAGES[code].colon,
        }
        for code in LANGUAGES
    }


def language_for(option: str | None, default: str, accept: str | None = None) -> str:
    """The language of one request, by i18n's one choice: ``option`` (?lang=, X-Lang) first, then
    the browser's list (Accept-Language, where given), then the server's own (``--lang``), which
    stands where the command line's locale stands."""
    return pick(option, (default,), accept)


def refusal_page(key: str, lang: str) -> bytes:
    """A small HTML page saying why the browser was refused, in its language: no script, no link."""
    title = escape(said("page_title", lang))
    return (
        f'<!doctype html><html lang="{escape(language(lang).code)}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{title}</title></head>"
        "<body>"
        f"<h1>{title}</h1><p>{escape(said(key, lang))}</p>"
        "</body></html>"
    ).encode()
