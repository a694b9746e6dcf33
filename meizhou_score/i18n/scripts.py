"""The languages a player may read (語言) and the two scripts of Chinese: 繁體 (zh-Hant) and
简体 (zh-Hans).

Traditional is the text people write here; Simplified is made from it by the generated table
(``simplified_characters.py`` and ``simplified_phrases.py``, built with OpenCC by
``make_simplified.py``). Only our own words are converted — templates, headings, pattern and tile
names — never a value filled into them: a player's name or a file's path is shown as it was
written.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .language import LANGUAGES as _REGISTERED
from .language import language

if TYPE_CHECKING:
    import re

LANGUAGES = ("en", "zh-Hant", "zh-Hans")
CHOICES = (*LANGUAGES, "zh")  # what --lang accepts: zh is Traditional, as it always was


def choices() -> tuple[str, ...]:
    """What --lang accepts now: every language registered (a test may add one), and zh."""
    return (*_REGISTERED, "zh")


def is_chinese(lang: str) -> bool:
    """Either script of Chinese (what its :class:`~.language.Language` says)."""
    return language(lang).chinese


def in_script(text: str, lang: str) -> str:
    """Our own Chinese ``text`` (written in Traditional) in ``lang``'s script: as written for a
    language whose catalogs are written by hand (zh-Hant), made as its catalogs are made for one
    made from them (zh-Hans). A language that is not Chinese is refused: its words come from its
    catalog, and a Chinese word it shows beside an id is a :func:`gloss`."""
    spoken = language(lang)
    if not spoken.chinese:
        raise LookupError(f"{spoken.code} is not Chinese: ask its catalog, or for a gloss")
    return (spoken.make or simplified)(text) if spoken.source else text


def gloss(text: str, lang: str) -> str:
    """Our own Chinese ``text`` as ``lang`` shows it beside a code or an id (一萬 beside 1m):
    in the script of ``lang``'s gloss language (its own for Chinese; Traditional for English)."""
    return in_script(text, language(lang).gloss)


def simplified(text: str) -> str:
    """``text`` in Simplified, run of Chinese characters by run: a run the table keeps whole (the
    words the mainland says otherwise: 文件 → 文件) as the table says, any other character by
    character."""
    if text.isascii():
        return text
    from .mainland import mainland

    characters, phrases, run = _table()
    return mainland(
        run.sub(
            lambda found: phrases.get(found.group()) or found.group().translate(characters), text
        )
    )


RUN = "[\u3400-\u9fff\uf900-\ufaff]+"  # a run of Chinese characters: the unit the table converts
# the character map (for str.translate), the phrases, the run: made on the first Simplified word
_Table = tuple[dict[int, str], dict[str, str], "re.Pattern[str]"]
_TABLE: list[_Table] = []


def _table() -> _Table:
    if not _TABLE:
        import re

        from .simplified_characters import CHARACTERS
        from .simplified_phrases import PHRASES

        _TABLE.append((str.maketrans(CHARACTERS), PHRASES, re.compile(RUN)))
    return _TABLE[0]
