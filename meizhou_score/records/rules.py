"""House rules (規則): the defaults of docs/rules.md, overridable key by key.

Rules are data. Each key carries the ruling it implements (R5, R8, …) so an
explanation can cite it; no figure is written inside an ``if`` elsewhere.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, NamedTuple

from ..engine.patterns import BY_ID, COMBINE_MODES, PATTERNS
from ..errors import RulesError
from ..i18n.messages import Message, msg
from . import validators

KONG_TYPES = ("concealed", "added", "exposed")

DEFAULTS: dict[str, Any] = {
    "patterns": {p.id: p.ratio for p in PATTERNS},
    "combine": "highest",
    "self_draw_share": 2,
    "kong_bloom_multiplier": 1,
    "robbed_kong_share": 6,
    "kong_units": {"concealed": 2, "added": 1, "exposed": 1},
    "exposed_kong_payer": "all",
    "dealer_after_draw": "next",
}

DESCRIPTIONS: dict[str, str] = {
    "combine": "how matched patterns make the ratio: highest | add | multiply",
    "self_draw_share": "units each other player pays per ratio on a self-draw (自摸)",
    "kong_bloom_multiplier": "a kong bloom (槓上開花) pays the self-draw amount times this",
    "robbed_kong_share": "units the robbed player pays per ratio (搶槓)",
    "kong_units": "units from each paying player, per kong type",
    "exposed_kong_payer": "who pays an exposed kong (直槓): all | discarder (包槓)",
    "dealer_after_draw": "who deals after an exhaustive draw (荒莊): next | same",
}

DESCRIPTIONS_CHINESE: dict[str, str] = {
    "combine": "牌型如何合成倍數：highest 取最高｜add 相加｜multiply 相乘",
    "self_draw_share": "自摸時其餘每家每倍付幾分",
    "kong_bloom_multiplier": "槓上開花付自摸金額的幾倍",
    "robbed_kong_share": "搶槓時被搶者每倍付幾分",
    "kong_units": "每種槓，每個付錢的人付幾分",
    "exposed_kong_payer": "直槓由誰付：all 三家｜discarder 打出者（包槓）",
    "dealer_after_draw": "荒莊後誰坐莊：next 下家｜same 連莊",
}

_CHOICES = {
    "combine": COMBINE_MODES,
    "exposed_kong_payer": ("all", "discarder"),
    "dealer_after_draw": ("next", "same"),
}


class Rules(NamedTuple):
    """The rules in force for one hand or session (immutable; mappings are read-only views)."""

    patterns: Mapping[str, int] = MappingProxyType(dict(DEFAULTS["patterns"]))
    combine: str = DEFAULTS["combine"]
    self_draw_share: int = DEFAULTS["self_draw_share"]
    kong_bloom_multiplier: int = DEFAULTS["kong_bloom_multiplier"]
    robbed_kong_share: int = DEFAULTS["robbed_kong_share"]
    kong_units: Mapping[str, int] = MappingProxyType(dict(DEFAULTS["kong_units"]))
    exposed_kong_payer: str = DEFAULTS["exposed_kong_payer"]
    dealer_after_draw: str = DEFAULTS["dealer_after_draw"]

    def override(self, mapping: Any, path: str = "rules") -> Rules:
        """A copy with the keys of ``mapping`` (a house-rules document) applied."""
        if mapping is None:
            return self
        validators.mapping(mapping, path, DEFAULTS.keys(), error=RulesError)
        changes: dict[str, Any] = {}
        for key, value in mapping.items():
            where = validators.join(path, key)
            if key == "patterns":
                changes[key] = _merge_counts(
                    self.patterns, value, where, BY_ID, msg("unknown pattern id")
                )
            elif key == "kong_units":
                changes[key] = _merge_counts(
                    self.kong_units, value, where, KONG_TYPES, msg("unknown kong type")
                )
            elif key in _CHOICES:
                changes[key] = validators.choice(value, where, _CHOICES[key], error=RulesError)
            else:
                changes[key] = validators.count(value, where, error=RulesError)
        return self._replace(**changes)

    @property
    def seven_pairs(self) -> bool:
        """七小對 is a winning shape unless its ratio is 0."""
        return self.patterns["seven_pairs"] > 0

    @property
    def thirteen_orphans(self) -> bool:
        """十三幺 is a winning shape unless its ratio is 0."""
        return self.patterns["thirteen_orphans"] > 0

    def as_dict(self) -> dict[str, Any]:
        """Plain data, in the layout of a rules file (docs/rules.md, “House rules”)."""
        return {
            "patterns": dict(self.patterns),
            "combine": self.combine,
            "self_draw_share": self.self_draw_share,
            "kong_bloom_multiplier": self.kong_bloom_multiplier,
            "robbed_kong_share": self.robbed_kong_share,
            "kong_units": dict(self.kong_units),
            "exposed_kong_payer": self.exposed_kong_payer,
            "dealer_after_draw": self.dealer_after_draw,
        }


def _merge_counts(current: Mapping[str, int], value: Any, path: str, known, unknown: Message):
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


DEFAULT_RULES = Rules()
