"""A language (語言): how its sentences are put together — quotes, list separator, colon, yes
and no, the default shown at a question, percentages — and the one function that picks a language
for a player.

Every word of a language comes from its catalog (:mod:`.messages`, :mod:`.words`, :mod:`.help`);
this module says only how the words are joined. A new language is one :class:`Language` and one
catalog, registered with :func:`register`.
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

_CJK = "\u2018-\u201f\u3000-\u303f\u3400-\u9fff\uf900-\ufaff\uff00-\uffef"
# one space a template put between two Chinese characters (「阿福 的」): Chinese sets no space
# there
_LONE_SPACE = re.compile(f"(?<=[{_CJK}]) (?=[{_CJK}])")


@dataclass(frozen=True)
class Language:
    """How sentences are written in one language."""

    code: str  # en, zh-Hant, zh-Hans: what --lang, the locale and the page name it by
    quotes: tuple[str, str]  # around a name or a typed text
    list_sep: str  # between the items of a list
    colon: str  # between a place and what is wrong there, or a question and its answer
    yes: str  # the word that answers a yes/no question yes
    no: str
    default_word: str  # "default" at a question: [是/否，默認 是]
    chinese: bool = False  # set as Chinese: no space between two Chinese characters
    source: str | None = None  # the catalog this one is made from (zh-Hans from zh-Hant)
    make: Callable[[str], str] | None = None  # how a text of ``source`` becomes this one's
    english_quotes: bool = (
        False  # names quoted as Python writes them ('Mei'), as English always has
    )
    # a pattern, a house rule and its choices named by the id a rules file uses, the player's words
    # in a column beside (English); else by the player's words, the id in a column of its own
    by_id: bool = True
    # the language whose words stand beside a code or an id (一萬 beside 1m, English's 中文):
    # a Chinese language its own; English, and a language made from it, Traditional
    gloss: str = "zh-Hant"
    choice_sep: str = " | "  # between the values a house rule may take (highest | add | multiply)
    # what a player may type for yes, no, "back one question" and "none", besides ``yes`` and
    # ``no`` (any language's words are read, whichever is spoken: see :func:`typed_for`)
    yes_words: tuple[str, ...] = ()
    no_words: tuple[str, ...] = ()
    back_words: tuple[str, ...] = ()
    none_words: tuple[str, ...] = ()
    draw_words: tuple[str, ...] = ()  # an exhaustive draw, at "who won?"
    # between a question's choices ([1] self-draw  [2] kong bloom): English two spaces, Chinese one
    gap: str = "  "

    def quote(self, value: Any) -> str:
        """``value`` between this language's quotes (English: as Python's repr, as it always
        was)."""
        if self.english_quotes:
            return repr(value)
        text = repr(value)[1:-1] if isinstance(value, str) else str(value)
        return f"{self.quotes[0]}{text}{self.quotes[1]}"

    def join(self, items: Iterable[object]) -> str:
        """A list of names or tiles, with this language's separator (Ah Fook、Mei)."""
        return self.list_sep.join(str(item) for item in items)

    def rate(self, plain: str, rate: Decimal) -> str:
        """A rate as this language shows it: English as the plain number (0.25, as it always was),
        Chinese as a percentage (25%)."""
        if self.english_quotes:
            return plain
        value = rate * 100
        return f"{value:.0f}%" if value == int(value) else f"{value:.1f}%"

    def question_hint(self, default: bool) -> str:
        """What a yes/no question shows after it: [Y/n] in English, [是/否，默認 是] in
        Chinese."""
        if not self.default_word:
            yes = self.yes.upper() if default else self.yes
            no = self.no if default else self.no.upper()
            return f"[{yes}/{no}]"
        chosen = self.yes if default else self.no
        return f"[{self.yes}/{self.no}{self.list_comma}{self.default_word} {chosen}]"

    def prompt_suffix(self, question: str, default_shown: bool = False) -> str:
        """What stands between a question and the answer typed: the colon, but after a question
        mark only the colon's space (``Tile? ``, 哪張牌？), never both; a default shown ends the
        question in its brackets, so the colon follows them."""
        if not default_shown and question.rstrip().endswith(("?", "？")):
            return self.colon[len(self.colon.rstrip()) :]
        return self.colon

    @property
    def list_comma(self) -> str:
        return "，" if self.chinese else ", "

    def fill(self, template: str, values: Mapping[str, object]) -> str:
        """``template`` with ``values`` filled in: ``{x!r}`` quoted in this language's quotes, and
        in Chinese no lone space left by the template between two Chinese characters (a value is
        never changed)."""
        if not self.chinese and self.english_quotes:
            return template.format_map(values)  # nothing to quote or tidy: str's own formatter
        pieces = []
        formatter = _Filler(self)
        for literal, field, spec, conversion in formatter.parse(template):
            if literal:
                pieces.append((literal, False))
            if field is not None:
                value, _ = formatter.get_field(field, (), values)
                value = formatter.convert_field(value, conversion)
                spec = formatter.vformat(spec, (), values) if spec else ""
                pieces.append((formatter.format_field(value, spec), True))
        if not self.chinese:
            return "".join(text for text, _ in pieces)
        return _tidied(pieces)


class _Filler(string.Formatter):
    def __init__(self, language: Language) -> None:
        self.language = language

    def convert_field(self, value: object, conversion: str | None) -> object:
        if conversion == "r" and not self.language.english_quotes:
            return self.language.quote(value)
        return super().convert_field(value, conversion)


def _tidied(pieces: list[tuple[str, bool]]) -> str:
    """The pieces joined, each lone space of the template between two Chinese characters dropped."""
    text = "".join(piece for piece, _ in pieces)
    dropped = set()
    at = 0  # where the piece starts in the text
    for piece, is_value in pieces:
        space = -1 if is_value else piece.find(" ")
        while space != -1:  # only the template's own spaces are looked at
            if _lone(text, at + space):
                dropped.add(at + space)
            space = piece.find(" ", space + 1)
        at += len(piece)
    if not dropped:
        return text
    return "".join(c for n, c in enumerate(text) if n not in dropped)


def _lone(text: str, n: int) -> bool:
    return _LONE_SPACE.match(text, n) is not None


EN = Language(
    "en",
    ("'", "'"),
    ", ",
    ": ",
    "y",
    "n",
    "",
    english_quotes=True,
    yes_words=("yes",),
    no_words=("no",),
    back_words=("back",),
    none_words=("none", "no"),
    draw_words=("draw",),
)
ZH_HANT = Language(
    "zh-Hant",
    ("「", "」"),
    "、",
    "：",
    "是",
    "否",
    "默認",
    chinese=True,
    by_id=False,
    choice_sep="、",
    yes_words=("對", "好", "要"),
    no_words=("不", "不是", "不要", "不對"),
    back_words=("返回", "上一題"),
    none_words=("無", "沒有"),
    draw_words=("荒莊", "流局"),
    gap=" ",
)
ZH_HANS = Language(
    "zh-Hans",
    ("“", "”"),
    "、",
    "：",
    "是",
    "否",
    "默认",
    chinese=True,
    by_id=False,
    choice_sep="、",
    source="zh-Hant",
    gloss="zh-Hans",
    yes_words=("对", "好", "要"),
    no_words=("不", "不是", "不要", "不对"),
    back_words=("返回", "上一题"),
    none_words=("无", "没有"),
    draw_words=("荒庄", "流局"),
    gap=" ",
)

LANGUAGES: dict[str, Language] = {lang.code: lang for lang in (EN, ZH_HANT, ZH_HANS)}
ALIASES = {"zh": "zh-Hant"}  # --lang zh: Traditional, as it always was


def register(language: Language) -> None:
    """Add a language (its catalogs are registered beside it, see :func:`.catalog.register`)."""
    LANGUAGES[language.code] = language


def language(code: str) -> Language:
    """The :class:`Language` named ``code`` (English for a name we do not know)."""
    return LANGUAGES.get(code) or LANGUAGES.get(ALIASES.get(code, ""), EN)


WRITTEN_IN = "en"  # the language the program is written in: its ids are its words


def written_in(lang: str) -> bool:
    """Is ``lang`` the language the program is written in (English)? Its words are the ids
    themselves: click's own, the commands' docstrings; nothing need be lent them."""
    return language(lang).code == WRITTEN_IN


def typed_for(kind: str) -> frozenset[str]:
    """What a player may type for ``kind`` (``yes``, ``no``, ``back``, ``none``, ``draw``) in any
    language
    registered, casefolded: input is read in every language and script, whichever is spoken (是 and
    y answer yes in English and in Chinese alike)."""
    found: set[str] = set()
    for lang in LANGUAGES.values():
        if kind in ("yes", "no"):
            found.add(getattr(lang, kind))
        found.update(getattr(lang, f"{kind}_words"))
    return frozenset(word.casefold() for word in found)


_TAG = re.compile(
    r"[a-z]{1,8}(?:-[a-z0-9]{1,8})*"
)  # a language tag (BCP 47's shape), in lower case
_WEIGHT = re.compile(r"0(?:\.[0-9]{0,3})?|1(?:\.0{0,3})?")  # a q-value: 0 to 1, three decimals
_SIMPLIFIED = ("hans", "cn", "sg", "my")  # a script first, then the regions that write Simplified
_TRADITIONAL = ("hant", "tw", "hk", "mo")


def language_of(said: str | None) -> str | None:
    """The language named by one tag — a --lang value (``zh-Hans``), a locale (``zh_CN.UTF-8``) or
    a browser's (``zh-Hans-TW``) — or None when it names none we speak. The script wins over the
    region: zh-Hans-TW is Simplified, zh-Hant-CN Traditional; zh alone, or a region we do not know,
    is Traditional."""
    if not said:
        return None
    code = said.strip().split(".")[0].split("@")[0].replace("_", "-").lower()
    if not _TAG.fullmatch(code):  # not a tag at all (zh-CN/, zh-Hans%ZZ): it names no language
        return None
    for known in LANGUAGES:
        if code == known.lower():
            return known
    if code in ALIASES:
        return ALIASES[code]
    if code == "en" or code.startswith("en-"):
        return "en"
    if code != "zh" and not code.startswith("zh-"):
        return None
    parts = code.split("-")[1:]
    if parts and parts[0] in ("hans", "hant"):  # the script subtag wins over any region after it
        return "zh-Hans" if parts[0] == "hans" else "zh-Hant"
    if any(part in _SIMPLIFIED for part in parts):
        return "zh-Hans"
    return "zh-Hant"


def _accepted(header: str) -> list[str]:
    """A browser's Accept-Language, its tags best first (``zh-Hans-TW, en;q=0.8``), as RFC 9110
    reads it: a weight (``q``, in either case) is 0 to 1 with at most three decimals; a tag whose
    weight is not one is dropped, as is one of weight 0; tags of equal weight keep their order."""
    tags = []
    for n, item in enumerate(header.split(",")):
        tag, *params = (part.strip() for part in item.split(";"))
        weight = 1.0
        for param in params:
            name, _, value = param.partition("=")
            if name.strip().lower() == "q":
                weight = float(value) if _WEIGHT.fullmatch(value.strip()) else 0.0
        if tag and weight > 0:
            tags.append((-weight, n, tag))
    return [tag for _, _, tag in sorted(tags)]


def named_by(option: str | None) -> str | None:
    """The language an option (--lang, ?lang=, X-Lang) names: a tag, or a list as a browser writes
    one (``zh-CN;q=0, en`` is English); None when it names none we speak."""
    for tag in _accepted(option or ""):
        chosen = language_of(tag)
        if chosen:
            return chosen
    return None


def pick(
    option: str | None = None, locale: str | Iterable[str | None] = (), accept: str | None = None
) -> str:
    """The one choice of a language: an explicit option (--lang, ?lang=) first, then a browser's
    Accept-Language, then the locale's variables in order (LC_ALL, LC_MESSAGES, LANG: the first one
    set decides), else English."""
    chosen = named_by(option)
    if chosen:
        return chosen
    for tag in _accepted(accept or ""):
        chosen = language_of(tag)
        if chosen:
            return chosen
    for value in [locale] if isinstance(locale, str) else locale:
        if value:
            return language_of(value) or "en"
    return "en"
