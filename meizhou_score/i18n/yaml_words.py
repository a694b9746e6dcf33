"""What the YAML parser says, in the player's words (YAML 的錯誤): a message PyYAML or libyaml
gives that the catalog knows is said as the catalog says it; any other is said as the kind of
problem it is (a tab, an unclosed quote, a tag, …), never in the parser's English, except to an
English reader, who reads it as the parser wrote it."""

from __future__ import annotations

import re
from typing import Any

from .catalog import catalog
from .messages import Message, msg

# (a pattern of the parser's words, the kind of problem) in order: the first that matches says it
KINDS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern, re.IGNORECASE), kind)
    for pattern, kind in (
        (r"\btab\b", "a tab where YAML indents with spaces"),
        (r"quoted scalar", "a quoted value not closed"),
        (r"escape", "a backslash escape YAML does not know, inside double quotes"),
        (
            r"directive|%|incompatible",
            "a line starting with % (a YAML directive); quote a value that starts with %",
        ),
        (
            r"\btag\b|'!'|URI",
            "a tag starting with ! is not read here; quote a value that starts with !",
        ),
        (
            r"alias|anchor|occurrence",
            "an anchor (&) or alias (*) written wrong; quote a value that starts with & or *",
        ),
        (r"control character|special character", "a control character (one that cannot be seen)"),
        (r"UTF-8|unicode|octet|decod", "bytes that are not UTF-8: save the file as UTF-8"),
        (
            r"document|stream",
            "a second document in the file (after --- or ...); a file holds one",
        ),
        (
            r"block scalar|indentation indicator|chomping",
            "a block of text after a bar or > written wrong",
        ),
        (r"sequence entr|'-'", "a list item (- ) where it cannot stand (the indentation?)"),
        (r"mapping keys|simple key|key", "a key where it cannot stand (the indentation?)"),
        (
            r"flow|'\]'|'\}'|'\['|'\{'",
            "a list in square brackets or a mapping in braces not closed",
        ),
    )
)
ANY = "the YAML cannot be read here (the indentation, or a character out of place?)"


class Problem(Message):
    """The parser's sentence: as written in English, the catalog's words where it has them, else
    the words of its kind."""

    __slots__ = ("kind",)

    def __init__(self, text: str, kind: Message, **values: Any):
        super().__init__(text, **values)
        self.kind = kind

    def _said(self, lang: str) -> str:
        if lang == "en" or self.template in catalog(lang, "messages"):
            return super()._said(lang)
        return self.kind.say(lang)

    def __reduce__(self) -> tuple[type[Problem], tuple[str, Any]]:
        return (Problem, (self.template, self.kind))


def problem(text: str) -> Message:
    """The parser's ``text`` as a message a player can read in any language."""
    for pattern, kind in KINDS:
        if pattern.search(text):
            return Problem(text, msg(kind))
    return Problem(text, msg(ANY))
