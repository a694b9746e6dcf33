"""简体 is a catalog written by hand (meizhou_score/i18n/zh_hans_*.py, web/zh_hans_words.py),
never made from 繁體 at run time. OpenCC is only the check: no Traditional character in 简体, no
Simplified-only character in 繁體, and every 繁體 (and English-keyed) entry has its 简体 with the
same blanks.
"""

import re

import opencc
import pytest

import meizhou_score.cli.app  # noqa: F401 -- registers the English help, the help kind's ids
import meizhou_score.i18n.help  # noqa: F401 -- registers the help and click kinds
import meizhou_score.i18n.messages  # noqa: F401 -- registers the messages kind
import meizhou_score.i18n.words  # noqa: F401 -- registers the words kind
import meizhou_score.web.words  # noqa: F401 -- registers the web kind
from meizhou_score.i18n import catalog as catalogs
from meizhou_score.i18n.catalog import KINDS, catalog
from meizhou_score.i18n.simplified_characters import CHARACTERS

T2S = opencc.OpenCC("t2s").convert
S2T = opencc.OpenCC("s2t").convert
BLANK = re.compile(r"\{[^{}]*\}")  # a blank as written, its conversion and format included
CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
HAND_WRITTEN = (
    KINDS  # every kind: 简体 is written by hand  # the kinds whose 简体 is written by hand so far
)


def blanks(text: str) -> list[str]:
    return sorted(BLANK.findall(text))


@pytest.mark.parametrize("kind", HAND_WRITTEN)
def test_simplified_is_registered_by_hand_for_every_kind(kind):
    # registered for zh-Hans itself: catalog() never reaches the converter for it
    assert ("zh-Hans", kind) in catalogs._LOADERS


@pytest.mark.parametrize("kind", HAND_WRITTEN)
def test_every_traditional_and_english_entry_has_simplified_with_the_same_blanks(kind):
    hans = catalog("zh-Hans", kind)
    wanted = {**catalog("en", kind), **catalog("zh-Hant", kind)}
    if kind == "help":  # English help ids with no Chinese are English-only (command names …)
        wanted = catalog("zh-Hant", kind)
    missing = sorted(set(wanted) - set(hans))
    assert not missing, f"zh-Hans {kind} has no entry for: " + "\n  ".join(["", *missing])
    hant = catalog("zh-Hant", kind)
    wrong = [
        f"{key!r}: 繁體 {blanks(hant.get(key, key))} 简体 {blanks(hans[key])}"
        for key in wanted
        if blanks(hant.get(key, key)) != blanks(hans[key])
    ]
    assert not wrong, f"zh-Hans {kind}, blanks differ from 繁體:\n  " + "\n  ".join(wrong)
    extra = sorted(set(hans) - set(wanted))
    assert not extra, f"zh-Hans {kind} has entries no other language has: {extra}"


def without_blanks(text: str) -> str:
    return BLANK.sub("", text)


@pytest.mark.parametrize("kind", HAND_WRITTEN)
def test_no_traditional_character_in_simplified(kind):
    left = {
        key: text
        for key, text in catalog("zh-Hans", kind).items()
        if T2S(without_blanks(text)) != without_blanks(text)
    }
    assert not left, "\n".join(f"{key!r}: {text} → {T2S(text)}" for key, text in left.items())


QUOTED = re.compile("「[^「」]*」")  # the rules document quoted as it is written (it says 杠)


def simplified_only(text: str) -> set[str]:
    """The characters of ``text`` outside a quotation that OpenCC's t2s makes of a Traditional one
    and that its s2t, reading them in their sentence, writes otherwise (杠, 发, 个; not 准 in 只准,
    nor 吃 or 群, which are no conversion's output)."""
    made = {T2S(t) for t in CHARACTERS} - set(CHARACTERS)
    plain = QUOTED.sub("", text)
    back = S2T(plain)
    if len(back) != len(plain):  # s2t changed a length: character by character, then
        back = "".join(S2T(c) for c in plain)
    return {c for c, t in zip(plain, back, strict=True) if c in made and t != c}


@pytest.mark.parametrize("kind", HAND_WRITTEN)
def test_no_simplified_only_character_in_traditional(kind):
    left = {
        key: sorted(simplified_only(text))
        for key, text in catalog("zh-Hant", kind).items()
        if simplified_only(text)
    }
    assert not left, left


def test_the_simplified_catalog_says_the_tables_words():
    # the words Guangdong's tables say (issue 46): 补杠 for an added kong, 点杠 for one from a
    # discard, 鸡胡 for the plain hand, 七对
    words = catalog("zh-Hans", "words")
    assert words["answer_added"] == "补杠"
    assert words["answer_exposed"] == "点杠"
    assert words["pattern_ordinary"] == "鸡胡"
    assert words["pattern_seven_pairs"] == "七对"
    every = "".join(text for kind in HAND_WRITTEN for text in catalog("zh-Hans", kind).values())
    for taiwan in ("直杠", "加杠", "平胡", "档案", "预设", "程式", "印出", "套件", "回应"):
        assert taiwan not in every, taiwan
