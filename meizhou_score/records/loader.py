"""Reading input files: bytes → text → plain data, with limits (bad input: exit 2).

Only PyYAML's safe loaders read input (the C ``CSafeLoader`` when libyaml is
present, else ``SafeLoader``), through a subclass that reads decimals exactly
and refuses duplicate keys. What a file may cost is bounded before and during
parsing: its size, what its aliases expand to, and how deep it nests.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from ..errors import MeizhouError, RecordError
from ..i18n import yaml_words
from ..i18n.messages import Message, cannot_read, msg
from .untrusted import MAX_DEPTH, lone_surrogate, nested, refusal
from .yamlin import loader_class

if TYPE_CHECKING:  # PyYAML is imported where a file is read, not when the package is
    from yaml import Event
    from yaml.nodes import MappingNode, Node

MIB = 1024 * 1024
LIMIT_CEILING = 1 << 30  # no limit may be raised beyond 1 GiB


class Limits(NamedTuple):
    """How large a file the tool reads: a hand record is a few hundred bytes, a session of 10,000
    hands a few MiB.

    Read once from the environment by the command line (:meth:`from_environment`) and passed down.
    """

    record_bytes: int = MIB
    session_bytes: int = (
        4 * MIB
    )  # about 20,000 hands; settling one at the limit stays within 512 MiB

    @classmethod
    def from_environment(cls, environ: Mapping[str, str]) -> Limits:
        """``MEIZHOU_MAX_RECORD_BYTES`` / ``MEIZHOU_MAX_SESSION_BYTES``: a whole number of bytes,
        else an error."""
        values = {}
        for name, field in (
            ("MEIZHOU_MAX_RECORD_BYTES", "record_bytes"),
            ("MEIZHOU_MAX_SESSION_BYTES", "session_bytes"),
        ):
            text = environ.get(name)
            if text is None:
                continue
            digits = text.strip()
            number = digits.isascii() and digits.isdigit() and len(digits) <= 12  # int(): 4,300
            value = int(digits) if number else 0
            if not 1 <= value <= LIMIT_CEILING:
                raise MeizhouError(
                    msg(
                        "{name}: expected a whole number of bytes from 1 to {limit:,}; "
                        "got {text!r}",
                        name=name,
                        limit=LIMIT_CEILING,
                        text=text,
                    )
                )
            values[field] = value
        return cls(**values)


DEFAULT_LIMITS = Limits()
# Aliases (*name) may repeat what a file holds, but not multiply it.
ALIAS_GROWTH = 2


def read_text(source: str, data: bytes) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        hint: str | Message = ""
        for encoding, name in (("gbk", "GBK"), ("big5", "Big5"), ("utf-16", "UTF-16")):
            if encoding == "utf-16" and not _utf_16_like(data):
                continue  # any even count of bytes decodes as UTF-16: a stray byte is not UTF-16
            try:
                data.decode(encoding)
            except (UnicodeDecodeError, LookupError):
                continue
            hint = msg("; it reads as {encoding}: save it as UTF-8", encoding=name)
            break
        raise RecordError(
            "",
            msg(
                "not UTF-8 text (line {line}, column {column}: "
                "byte {position} is {byte:#04x}){hint}",
                line=data.count(b"\n", 0, exc.start) + 1,
                column=_column(data, exc.start),
                position=exc.start + 1,
                byte=data[exc.start],
                hint=hint,
            ),
            source,
        ) from None


def _column(data: bytes, at: int) -> int:
    """The column (in characters, from 1) of the byte at ``at`` on its line."""
    start = data.rfind(b"\n", 0, at) + 1
    return len(data[start:at].decode("utf-8", "replace")) + 1


def _utf_16_like(data: bytes) -> bool:
    """A byte-order mark of UTF-16, or the zero bytes its ASCII letters bring (none in UTF-8)."""
    return data.startswith((b"\xff\xfe", b"\xfe\xff")) or b"\x00" in data


def load_record(path: str, limits: Limits = DEFAULT_LIMITS) -> Any:
    """Read a hand record or session file (``-`` is standard input) into plain data.

    A file larger than ``max_record_bytes`` (1 MiB) is refused unless it is a
    session, which may reach ``max_session_bytes`` (4 MiB); both are refused
    before any parsing.
    """
    import sys

    record_limit, session_limit = limits
    source = "<stdin>" if path == "-" else str(path)
    try:
        if path == "-":
            if sys.stdin is None:  # started with standard input closed (<&-)
                raise RecordError(
                    "", msg("standard input is closed; give a file, or pipe the record in"), source
                )
            data = sys.stdin.buffer.read(session_limit + 1)
        else:
            with open(path, "rb") as handle:
                data = handle.read(session_limit + 1)
    except OSError as exc:
        raise RecordError("", cannot_read(exc), source) from None
    if len(data) > session_limit:
        raise RecordError(
            "",
            msg(
                "the file is larger than {limit}, the limit for a session "
                "(MEIZHOU_MAX_SESSION_BYTES or --max-session-bytes)",
                limit=_size(session_limit),
            ),
            source,
        )
    from .model import is_session

    text = read_text(source, data)
    if len(data) > SHAPE_CHECK_BYTES:
        check_shape(text, source)
    loaded = load_yaml(text, source)
    refused = refusal(
        loaded
    )  # what a line of settle --jsonl or the page's body may not hold either
    if refused is not None:
        raise RecordError(*refused, source)
    if len(data) > record_limit and not is_session(
        loaded
    ):  # decided on the parsed data, as everywhere
        raise RecordError(
            "",
            msg(
                "the file is {size}, larger than {limit}, the limit for a hand record "
                "(MEIZHOU_MAX_RECORD_BYTES or --max-record-bytes)",
                size=_size(len(data)),
                limit=_size(record_limit),
            ),
            source,
        )
    return loaded


# Files larger than this are first read as a stream of YAML events (cheap, flat in memory) and
# refused
# at once if no record or session could have their shape: building them would take seconds and GBs.
SHAPE_CHECK_BYTES = 64 * 1024
MAX_ENTRIES = 64  # no list or mapping but a session's hands holds more


def check_shape(text: str, source: str) -> None:
    """Refuse a document whose nesting or lists no hand record or session could have, before it is
    built."""
    import yaml

    # each open list or mapping: [entries seen, is the top-level hands list, the key just read,
    # is a mapping]
    stack: list[list[Any]] = []
    try:
        for event in yaml.parse(text, Loader=loader_class()):
            kind = type(event).__name__
            if kind in ("MappingStartEvent", "SequenceStartEvent", "ScalarEvent", "AliasEvent"):
                if stack:
                    top = stack[-1]
                    top[0] += 1
                    limit = MAX_ENTRIES * (2 if top[2] is not None or top[3] else 1)
                    if not top[1] and top[0] > limit:
                        raise RecordError(
                            _line(event),
                            msg(
                                "a list or mapping of more than {limit} entries; no hand "
                                "record or session has one (only a session's hands may be "
                                "many)",
                                limit=MAX_ENTRIES,
                            ),
                            source,
                        )
                if kind.endswith("StartEvent"):
                    is_hands = (
                        len(stack) == 1
                        and stack[0][3]
                        and kind == "SequenceStartEvent"
                        and stack[0][2] == "hands"
                    )
                    stack.append([0, is_hands, None, kind == "MappingStartEvent"])
                    if len(stack) > MAX_DEPTH:
                        raise RecordError(
                            _line(event),
                            nested(),
                            source,
                        )
                elif stack and stack[-1][3]:  # a scalar in a mapping: remember it when it is a key
                    top = stack[-1]
                    top[2] = (
                        event.value
                        if isinstance(event, yaml.ScalarEvent) and top[0] % 2 == 1
                        else top[2]
                    )
            elif kind in ("MappingEndEvent", "SequenceEndEvent"):
                stack.pop()
    except yaml.YAMLError:
        return  # load_yaml words the syntax error with its line and column


def _line(event: Event) -> Message:
    """The line a parse event starts on (the parser marks every event)."""
    mark = event.start_mark
    assert mark is not None, "the parser marks every event"
    return msg("line {line}", line=mark.line + 1)


def _size(n: int) -> str:
    return f"{n / MIB:.1f} MiB" if n >= MIB else f"{n:,} bytes"


def load_yaml(text: str, source: str = "<input>", nodes: list[Node | None] | None = None) -> Any:
    """Parse YAML with a safe loader only; numbers with a point become exact Decimals.

    ``nodes``, when given, receives the document's root node (where each part stands in the text).
    """
    import gc

    import yaml

    loader = loader_class()(text)
    collecting = gc.isenabled()
    # the tree holds only new objects and no cycles: collecting while it grows is wasted work
    gc.disable()
    try:
        node = loader.get_single_node()
        if node is not None and "*" in text:
            _check_aliases(node, source)
        if nodes is not None:
            nodes.append(node)
        return loader.construct_document(node) if node is not None else None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = (
            msg("line {line}, column {column}", line=mark.line + 1, column=mark.column + 1)
            if mark
            else ""
        )
        lines = text.splitlines()
        problem = (
            exc.problem
            if isinstance(exc.problem, Message)
            else lone_surrogate()
            if mark is not None and _surrogate_escape(lines, mark.line, mark.column)
            else yaml_words.problem(exc.problem or exc.context or "invalid YAML")
        )
        if mark is not None and mark.line < len(lines) and "\t" in lines[mark.line]:
            problem += msg(" (a tab in the indentation? YAML indents with spaces only)")
        elif len([line for line in lines[:8] if line.strip()]) > 1 and all(
            line.lstrip().lstrip("\ufeff").startswith("{") for line in lines[:8] if line.strip()
        ):
            problem += msg(" (one JSON record a line? settle --jsonl reads such a log)")
        raise RecordError(where, msg("YAML error: {problem}", problem=problem), source) from None
    except yaml.YAMLError as exc:
        raise RecordError(
            "", msg("YAML error: {problem}", problem=yaml_words.problem(str(exc))), source
        ) from None
    except RecursionError:
        raise RecordError("", nested(), source) from None
    finally:
        if collecting:
            gc.enable()
        loader.dispose()


_ESCAPE_DIGITS = {"x": 2, "u": 4, "U": 8}


def _surrogate_escape(lines: list[str], line: int, column: int) -> bool:
    """Whether libyaml stopped at the digits of an escape naming half of a UTF-16 pair
    (``"\\ud800"``): refused as a lone surrogate, in the words of a line's or the page's."""
    if line >= len(lines) or column < 1:
        return False
    kind = lines[line][column - 1]
    digits = lines[line][column : column + _ESCAPE_DIGITS.get(kind, 0)]
    try:
        return 0xD800 <= int(digits, 16) <= 0xDFFF
    except ValueError:
        return False


def _check_aliases(root: Node, source: str) -> None:
    """Refuse aliases that expand the document beyond ALIAS_GROWTH × its nodes, or refer to
    themselves."""
    from yaml.nodes import MappingNode, ScalarNode

    sizes: dict[int, int] = {}
    open_nodes: set[int] = set()
    stack: list[tuple[Node, bool]] = [(root, False)]
    distinct = 0
    while stack:
        node, finished = stack.pop()
        key = id(node)
        if finished:
            open_nodes.discard(key)
            children = _children(node, MappingNode)
            sizes[key] = 1 + sum(sizes[id(c)] for c in children)
            continue
        if key in sizes:
            continue
        distinct += 1
        if isinstance(node, ScalarNode):
            sizes[key] = 1
            continue
        open_nodes.add(key)
        stack.append((node, True))
        for child in _children(node, MappingNode):
            if id(child) in open_nodes:
                raise RecordError(
                    "", msg("a YAML alias refers to the node that contains it"), source
                )
            if id(child) not in sizes:
                stack.append((child, False))
    if sizes[id(root)] > ALIAS_GROWTH * distinct + 1000:
        raise RecordError(
            "",
            msg(
                "YAML aliases expand {distinct:,} nodes to {expanded:,}; refused (a "
                "billion-laughs file?)",
                distinct=distinct,
                expanded=sizes[id(root)],
            ),
            source,
        )


def _children(node: Node, mapping_type: type[MappingNode]) -> list[Node]:
    if isinstance(node, mapping_type):
        return [part for pair in node.value for part in pair]
    return list(node.value)
