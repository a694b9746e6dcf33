"""House rules (規則): the defaults of docs/rules.md, overridable key by key.

Rules are data. Each key carries the ruling it implements (R5, R8, …) so an
explanation can cite it; no figure is written inside an ``if`` elsewhere.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from types import MappingProxyType
from typing import Any, NamedTuple

from ..engine.patterns import PATTERNS
from ..errors import RulesError
from ..i18n.messages import Message, msg
from ..i18n.scripts import in_script
from . import validators

KONG_TYPES = ("concealed", "added", "exposed")
# 被搶杠者一個人承擔 3 家的分數: the robbed player alone pays the shares of the three (R7)
ROBBED_PAYS_FOR = 3


class Choice(NamedTuple):
    """A value a house rule may take, or a key of its mapping of counts, with its words."""

    id: str
    chinese: str  # as a Meizhou player says it, in Traditional characters
    gloss: str = ""  # an aside after the id in English, e.g. 包槓


class Row(NamedTuple):
    """One house rule: everything the program says or checks about it comes from here.

    ``kind`` is its type: ``count`` (a whole number from 0 to validators.COUNT_LIMIT), ``choice``
    (one of ``choices``) or ``counts`` (a mapping, a count for each of ``choices``). A default of
    None follows other rules (robbed_kong_share: 3 × self_draw_share). ``english`` and ``chinese``
    say what it changes (Chinese in Traditional; Simplified is generated, i18n/scripts.py).
    """

    key: str
    kind: str
    default: Any
    ruling: str  # the ruling it changes (docs/rules.md, i18n/rulings.py)
    english: str
    chinese: str
    choices: tuple[Choice, ...] = ()
    unknown: Message | None = None  # counts only: the error for a key not among the choices


ROWS: tuple[Row, ...] = (
    Row(
        "patterns",
        "counts",
        {p.id: p.ratio for p in PATTERNS},
        "R4",
        "ratio per pattern id; 0 turns one off",
        "每種牌型的倍數；0 表示不算這種牌型",
        tuple(Choice(p.id, p.chinese) for p in PATTERNS),
        msg("unknown pattern id"),
    ),
    Row(
        "combine",
        "choice",
        "highest",
        "R4",
        "how matched patterns make the ratio",
        "幾個牌型怎樣合成倍數",
        (Choice("highest", "取最高"), Choice("add", "相加"), Choice("multiply", "相乘")),
    ),
    Row(
        "self_draw_share",
        "count",
        2,
        "R5",
        "units each other player pays per ratio on a self-draw (自摸)",
        "自摸時其餘每家每倍付幾分",
    ),
    Row(
        "kong_bloom_multiplier",
        "count",
        1,
        "R6",
        "a kong bloom (槓上開花) pays the self-draw amount times this",
        "槓上開花付自摸金額的幾倍",
    ),
    Row(
        "robbed_kong_share",
        "count",
        None,
        "R7",
        "units the robbed player pays per ratio (搶槓); unless set, 3 × self_draw_share",
        "搶槓時被搶者每倍付幾分；不設時是自摸每家份數的 3 倍",
    ),
    Row(
        "kong_units",
        "counts",
        {"concealed": 2, "added": 1, "exposed": 1},
        "R8",
        "units from each paying player, per kong type",
        "每種槓，每個付錢的人付幾分",
        (Choice("concealed", "暗槓"), Choice("added", "加槓"), Choice("exposed", "直槓")),
        msg("unknown kong type"),
    ),
    Row(
        "exposed_kong_payer",
        "choice",
        "all",
        "R8",
        "who pays an exposed kong (直槓)",
        "直槓由誰付",
        (Choice("all", "三家各付"), Choice("discarder", "打出者包付", "包槓")),
    ),
    Row(
        "dealer_after_draw",
        "choice",
        "next",
        "R10",
        "who deals after an exhaustive draw (荒莊)",
        "荒莊後誰坐莊",
        (Choice("next", "下家坐莊"), Choice("same", "莊家連莊")),
    ),
)


def row(key: str) -> Row:
    """The row of house rule ``key``."""
    return next(r for r in ROWS if r.key == key)


def _keys() -> list[str]:
    return [r.key for r in ROWS]


def defaults() -> dict[str, Any]:
    """Every house rule's default, from the rows (None: it follows other rules)."""
    return {r.key: dict(r.default) if r.kind == "counts" else r.default for r in ROWS}


def description(r: Row, lang: str = "en") -> str:
    """What house rule ``r`` changes, with the values it may take, in ``lang``."""
    if lang == "en":
        values = " | ".join(f"{c.id} ({c.gloss})" if c.gloss else c.id for c in r.choices)
        return f"{r.english}: {values}" if r.kind == "choice" else r.english
    values = "、".join(c.chinese for c in r.choices)
    said = f"{r.chinese}（可選：{values}）" if r.kind == "choice" else r.chinese
    return in_script(said, lang)


def shown(r: Row, value: Any, lang: str = "en") -> str:
    """A house rule's value as a player reads it: ids in English, the player's words in Chinese."""
    if r.kind == "counts":
        if lang == "en":
            return ", ".join(f"{k} {v}" for k, v in value.items())
        words = {c.id: c.chinese for c in r.choices}
        return in_script("、".join(f"{words[k]} {v}" for k, v in value.items()), lang)
    if r.kind == "choice" and lang != "en":
        return in_script(next(c.chinese for c in r.choices if c.id == value), lang)
    return str(value)


DEFAULTS: dict[str, Any] = defaults()  # at import, for the fields below; defaults() is current


class Rules(NamedTuple):
    """The rules in force for one hand or session (immutable; mappings are read-only views).

    A field for each row the settlement reads (mypyc compiles this module, so they are written
    out; a test keeps them the rows' keys and defaults); a row with no field of its own keeps its
    value in ``more``. robbed_kong_share None follows the self-draw share: see ``robbed_share``.
    """

    patterns: Mapping[str, int] = MappingProxyType(dict(DEFAULTS["patterns"]))
    combine: str = DEFAULTS["combine"]
    self_draw_share: int = DEFAULTS["self_draw_share"]
    kong_bloom_multiplier: int = DEFAULTS["kong_bloom_multiplier"]
    robbed_kong_share: int | None = DEFAULTS["robbed_kong_share"]
    kong_units: Mapping[str, int] = MappingProxyType(dict(DEFAULTS["kong_units"]))
    exposed_kong_payer: str = DEFAULTS["exposed_kong_payer"]
    dealer_after_draw: str = DEFAULTS["dealer_after_draw"]
    more: Mapping[str, Any] = MappingProxyType({})

    def override(self, mapping: Any, path: str = "rules") -> Rules:
        """A copy with the keys of ``mapping`` (a house-rules document) applied."""
        if mapping is None:
            return self
        validators.mapping(mapping, path, validators.keys(*_keys()), error=RulesError)
        changes: dict[str, Any] = {}
        more = dict(self.more)
        for key, value in mapping.items():
            r, where = row(key), validators.join(path, key)
            if r.kind == "counts":
                assert r.unknown is not None, f"{key}: a mapping of counts names its unknown key"
                known = [c.id for c in r.choices]
                checked: Any = _merge_counts(self.value(key), value, where, known, r.unknown)
            elif r.kind == "choice":
                ids = tuple(c.id for c in r.choices)
                checked = validators.choice(value, where, ids, error=RulesError)
            else:
                checked = validators.count(value, where, error=RulesError)
            if key in _FIELDS:
                changes[key] = checked
            else:
                more[key] = checked
        return self._replace(**changes, more=MappingProxyType(more))

    def value(self, key: str) -> Any:
        """House rule ``key`` as the rules set it (None where it follows other rules)."""
        if key in _FIELDS:
            return getattr(self, key)
        return self.more.get(key, row(key).default)

    @property
    def robbed_share(self) -> int:
        """Units the robbed player pays per ratio (R7): as set, else the three others' self-draw
        shares (the document: 被搶杠者一個人承擔 3 家的分數)."""
        if self.robbed_kong_share is not None:
            return self.robbed_kong_share
        return ROBBED_PAYS_FOR * self.self_draw_share

    @property
    def seven_pairs(self) -> bool:
        """七小對 is a winning shape unless its ratio is 0."""
        return self.patterns["seven_pairs"] > 0

    @property
    def thirteen_orphans(self) -> bool:
        """十三幺 is a winning shape unless its ratio is 0."""
        return self.patterns["thirteen_orphans"] > 0

    def as_dict(self) -> dict[str, Any]:
        """Plain data, in the layout of a rules file (docs/rules.md, “House rules”): every rule's
        value in force, a rule that follows another as the figure it comes to."""
        out: dict[str, Any] = {}
        for r in ROWS:
            value = self.robbed_share if r.key == "robbed_kong_share" else self.value(r.key)
            out[r.key] = dict(value) if isinstance(value, Mapping) else value
        return out


def _merge_counts(
    current: Mapping[str, int], value: Any, path: str, known: Collection[str], unknown: Message
) -> Mapping[str, int]:
    if not isinstance(value, dict):
        raise validators.fail(path, msg("a mapping"), value, RulesError)
    merged = dict(current)
    for key, count in value.items():
        if key not in known:
            raise RulesError(
                validators.join(path, str(key)),
                msg(
                    "{unknown}{hint}; expected one of {allowed}",
                    unknown=unknown,
                    hint=validators.close(str(key), known),
                    allowed=tuple(known),
                ),
            )
        merged[key] = validators.count(count, validators.join(path, key), error=RulesError)
    return MappingProxyType(merged)


# the rows with a field of their own in Rules
_FIELDS = frozenset(Rules._fields) - {"more"}
DEFAULT_RULES = Rules()
