"""The one YAML loader class: PyYAML's safe loader, decimals exact, duplicate keys refused.

The C ``CSafeLoader`` when libyaml is present, else ``SafeLoader``; numbers no mahjong figure could
be, and dates not in the calendar, are refused while the document is built. :mod:`.loader` reads
files through it.
"""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING, Any

from ..i18n.messages import Message, msg
from .untrusted import twice

if TYPE_CHECKING:  # PyYAML is imported when a file is read, not when the package is
    from yaml import CSafeLoader, SafeLoader
    from yaml.constructor import ConstructorError, SafeConstructor
    from yaml.error import Mark
    from yaml.nodes import MappingNode, ScalarNode

# No number in a file may be longer than this, or have a decimal exponent beyond ±NUMBER_EXPONENT:
# such a number cannot be a mahjong figure, and converting it could take seconds.
NUMBER_CHARACTERS, NUMBER_EXPONENT = 100, 100


def _refusal(
    context: str | None, context_mark: Mark | None, problem: Message, problem_mark: Mark | None
) -> ConstructorError:
    """A refusal; its problem a Message, which ``load_yaml`` says in the reader's words."""
    import yaml

    return yaml.constructor.ConstructorError(
        context,
        context_mark,
        problem,  # type: ignore[arg-type]  # a Message, not str: load_yaml reads it back as one
        problem_mark,
    )


_LOADER: type[SafeLoader | CSafeLoader] | None = None


def loader_class() -> type[SafeLoader | CSafeLoader]:
    """The loader class, made once (PyYAML is imported on first use)."""
    global _LOADER
    if _LOADER is None:
        import yaml

        base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

        class RecordLoader(base):  # type: ignore[misc,valid-type]  # CSafeLoader or SafeLoader
            """SafeLoader that reads decimals exactly and refuses duplicate keys."""

        def construct_decimal(loader: SafeConstructor, node: ScalarNode) -> Any:
            value = loader.construct_scalar(node).replace("_", "")
            try:
                number = Decimal(value)
            except ArithmeticError:
                return yaml.SafeLoader.construct_yaml_float(
                    loader, node
                )  # .inf, .nan: refused where used
            if len(value) > NUMBER_CHARACTERS or (
                number.is_finite() and abs(number.adjusted()) > NUMBER_EXPONENT
            ):
                raise _refusal(
                    None,
                    None,
                    msg(
                        "a number out of any mahjong figure's range ({start}…)",
                        start=value[:20],
                    ),
                    node.start_mark,
                )
            return number

        def construct_int(loader: SafeConstructor, node: ScalarNode) -> Any:
            value = loader.construct_scalar(node)
            if len(value) > NUMBER_CHARACTERS:  # refused before Python converts thousands of digits
                raise _refusal(
                    None,
                    None,
                    msg(
                        "a number of {length:,} characters, out of any mahjong figure's range",
                        length=len(value),
                    ),
                    node.start_mark,
                )
            return yaml.SafeLoader.construct_yaml_int(loader, node)

        def construct_mapping(
            loader: SafeConstructor, node: MappingNode, deep: bool = False
        ) -> dict[Any, Any]:
            loader.flatten_mapping(node)
            seen: set[Any] = set()
            for key_node, _ in node.value:
                key = loader.construct_object(key_node, deep=deep)
                try:
                    if key in seen:
                        raise _refusal(
                            "while reading a mapping",
                            node.start_mark,
                            twice(key),
                            key_node.start_mark,
                        )
                    seen.add(key)
                except TypeError:
                    pass
            return yaml.SafeLoader.construct_mapping(loader, node, deep)

        def construct_timestamp(loader: SafeConstructor, node: ScalarNode) -> Any:
            try:
                return yaml.SafeLoader.construct_yaml_timestamp(loader, node)
            except (
                ValueError,
                OverflowError,
            ):  # 2026-13-45, 2026-02-30: the shape of a date, not a date
                raise _refusal(
                    None,
                    None,
                    msg(
                        "{text!r} is not a date in the calendar", text=loader.construct_scalar(node)
                    ),
                    node.start_mark,
                ) from None

        RecordLoader.add_constructor("tag:yaml.org,2002:float", construct_decimal)
        RecordLoader.add_constructor("tag:yaml.org,2002:timestamp", construct_timestamp)
        RecordLoader.add_constructor("tag:yaml.org,2002:int", construct_int)
        RecordLoader.add_constructor("tag:yaml.org,2002:map", construct_mapping)
        _LOADER = RecordLoader
    return _LOADER
