"""The one choice of a language (i18n/language.pick) against what a hostile or careless browser
sends, each case failing on the picker before.

RFC 9110 reads Accept-Language as a list of tags, each with an optional weight ``q`` from 0 to 1
(at most three decimals; the parameter's name in either case); a tag whose weight is not one is
dropped. An option (?lang=, X-Lang, --lang) is read the same way, so a list there is a list."""

from __future__ import annotations

import pytest

from meizhou_score.i18n.language import language_of, pick


@pytest.mark.parametrize("q", ["2", "1.5", "1.001", "inf", "1e999", "1_0", "nan", "-1", "0x1"])
def test_a_weight_that_is_no_weight_does_not_outrank_the_first_tag(q):
    # English first (weight 1); the other's weight is outside 0..1 or not a number: dropped
    assert pick(None, (), f"en, zh-CN;q={q}") == "en"


@pytest.mark.parametrize(("q", "lang"), [("1", "en"), ("1.000", "en"), ("0.999", "en")])
def test_weights_in_range_still_order_the_list(q, lang):
    assert pick(None, (), f"zh-CN;q=0.5, en;q={q}") == lang
    assert pick(None, (), f"en;q=0.2, zh-CN;q={q}") == "zh-Hans"


def test_an_upper_case_q_is_a_weight():
    assert pick(None, (), "en;q=0.5, zh-CN;Q=0.1") == "en"


@pytest.mark.parametrize("value", ["zh-CN/", "zh-Hans!", "zh-Hans%ZZ", "zh-Hans--x", "zh_\u00a0CN"])
def test_what_is_not_a_tag_names_no_language(value):
    assert language_of(value) is None
    assert pick(value, ("zh_TW.UTF-8",)) == "zh-Hant"  # falls through to the locale


@pytest.mark.parametrize(
    ("option", "lang"),
    [
        ("zh-Hans;q=1", "zh-Hans"),
        ("zh-Hans;", "zh-Hans"),
        ("zh-CN,en", "zh-Hans"),
        ("zh-CN;q=0, en", "en"),  # Chinese refused, English asked for
        ("fr, zh-TW", "zh-Hant"),
    ],
)
def test_an_option_written_as_a_list_is_read_as_one(option, lang):
    assert pick(option, ("en_US.UTF-8",)) == lang


@pytest.mark.parametrize(
    ("locale", "lang"),
    [("zh_CN.GB18030", "zh-Hans"), ("zh_TW.Big5", "zh-Hant"), ("sr_RS@latin", "en"), ("C", "en")],
)
def test_locales_keep_their_charset_and_modifier(locale, lang):
    assert pick(None, (locale,)) == lang
