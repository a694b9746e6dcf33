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
from ..i18n import terms
from ..i18n.language import language
from ..i18n.messages import Message, Named, msg
from . import validators

# 被搶杠者一個人承擔 3 家的分數: the robbed player alone pays the shares of the three
# (R7)
ROBBED_PAYS_FOR = 3


class Choice(NamedTuple):
    """A value a house rule may take, or a key of its mapping of counts, with its words."""

    id: str
    chinese: str  # as a Meizhou player says it, in Traditional (the catalog's, i18n/terms.py)
    gloss: str = ""  # an aside after the id in English (包槓)


class Row(NamedTuple):
    """One house rule: everything the program says or checks about it comes from here.

    ``kind`` is its type: ``count`` (a whole number from 0 to validators.COUNT_LIMIT), ``flag``
    (true or false), ``choice`` (one of ``choices``) or ``counts`` (a mapping, a count for each of
    ``choices``). ``names`` are the other words a file may write for a choice (or a key of the
    counts): the Chinese of i18n/terms.py in either script, each naming one id or several (明槓 in
    kong_units sets both open kongs). A default of
    None follows other rules (robbed_kong_share: 3 × self_draw_share). ``english`` and ``chinese``
    say what it changes, read from the catalog of terms by the row's key (i18n/terms.py; Chinese
    in Traditional, Simplified generated).
    """

    key: str
    kind: str
    default: Any
    ruling: str  # the ruling it changes (docs/rules.md, i18n/rulings.py)
    english: str
    chinese: str
    choices: tuple[Choice, ...] = ()
    unknown: Message | None = None  # counts only: the error for a key not among the choices
    names: Mapping[str, tuple[str, ...]] = MappingProxyType({})  # a word → the ids it names


def _words(key: str) -> tuple[str, str]:
    """A house rule's words (English, Chinese), from the catalog of terms by its key."""
    return terms.HOUSE_RULES[key]


def _choices(key: str) -> tuple[Choice, ...]:
    """The choices of house rule ``key`` with their Chinese words, from the catalog of terms."""
    return tuple(
        Choice(id, said, terms.CHOICE_GLOSSES.get((key, id), ""))
        for id, said in terms.RULE_CHOICES[key].items()
    )


def _names(
    key: str, choices: tuple[Choice, ...], *more: tuple[str, str]
) -> dict[str, tuple[str, ...]]:
    """What a rules file may write for each choice of house rule ``key`` besides its id: the
    choice's Chinese as ``rules`` shows it, its gloss (包槓), the words of i18n/terms.py — each
    in either script and any mix of the two (terms.spelled)."""
    words = [(c.chinese, c.id) for c in choices]
    words += [(c.gloss, c.id) for c in choices if c.gloss]
    words += [*terms.CHOICE_WORDS.get(key, ()), *more]
    return {said: (meant,) for said, meant in terms.spelled(words).items()}


def _kong_names() -> dict[str, tuple[str, ...]]:
    """A kong type's every word (補槓, 點槓 …) for kong_units; 明槓, either open kong, names
    both: a price for 明槓 is the document's price of every open kong (暗杠是明杠賠率的 2
    倍)."""
    out = {said: (meant,) for said, meant in terms.spelled(terms.KONG_TYPE_WORDS).items()}
    return {said: ("added", "exposed") if ids == ("open",) else ids for said, ids in out.items()}


_PATTERN_CHOICES = tuple(Choice(p.id, terms.PATTERNS[p.id][1]) for p in PATTERNS)
_KONG_CHOICES = _choices("kong_units")

ROWS: tuple[Row, ...] = (
    Row(
        "patterns",
        "counts",
        {p.id: p.ratio for p in PATTERNS},
        "R4",
        *_words("patterns"),
        _PATTERN_CHOICES,
        msg("unknown pattern id"),
        _names("patterns", _PATTERN_CHOICES, *terms.PATTERN_WORDS),
    ),
    Row(
        "combine",
        "choice",
        "highest",
        "R4",
        *_words("combine"),
        _choices("combine"),
        names=_names("combine", _choices("combine")),
    ),
    Row("self_draw_share", "count", 2, "R5", *_words("self_draw_share")),
    Row("kong_bloom_multiplier", "count", 1, "R6", *_words("kong_bloom_multiplier")),
    Row("robbed_kong_share", "count", None, "R7", *_words("robbed_kong_share")),
    Row(
        "kong_units",
        "counts",
        {"concealed": 2, "added": 1, "exposed": 1},
        "R8",
        *_words("kong_units"),
        _KONG_CHOICES,
        msg("unknown kong type"),
        _kong_names(),
    ),
    Row(
        "exposed_kong_payer",
        "choice",
        "all",
        "R8",
        *_words("exposed_kong_payer"),
        _choices("exposed_kong_payer"),
        names=_names("exposed_kong_payer", _choices("exposed_kong_payer")),
    ),
    Row(
        "dealer_after_draw",
        "choice",
        "next",
        "R10",
        *_words("dealer_after_draw"),
        _choices("dealer_after_draw"),
        names=_names("dealer_after_draw", _choices("dealer_after_draw")),
    ),
    # the document's two readings (docs/rules.md, "Two readings of the robbed kong"): by default
    # the robbed kong was never completed and only an added kong may be robbed
    Row("robbed_kong_paid", "flag", False, "R7", *_words("robbed_kong_paid")),
    Row(
        "robbable_kongs",
        "choice",
        "added",
        "R7",
        *_words("robbable_kongs"),
        _choices("robbable_kongs"),
        names=_names("robbable_kongs", _choices("robbable_kongs")),
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
    """What house rule ``r`` changes, with the values it may take, in ``lang``: the values by id
    (a gloss after one, 包槓) where the language names them by id, else in its words."""
    from ..i18n.words import phrase

    spoken = language(lang)
    meaning = _said(f"rule_{r.key}", r.english, r.chinese, lang)
    if r.kind != "choice":
        return meaning
    if spoken.by_id:
        values = [f"{c.id} ({c.gloss})" if c.gloss else c.id for c in r.choices]
    else:
        values = [_said(f"choice_{r.key}_{c.id}", c.id, c.chinese, lang) for c in r.choices]
    return phrase(
        "rules_with_choices", lang, meaning=meaning, values=spoken.choice_sep.join(values)
    )


def shown(r: Row, value: Any, lang: str = "en") -> str:
    """A house rule's value as a player reads it: by id where the language names choices by id
    (English), else in the player's words."""
    spoken = language(lang)
    if r.kind == "flag":  # as a rules file writes it in English, yes or no in Chinese
        if spoken.by_id:
            return "true" if value else "false"
        return spoken.yes if value else spoken.no
    if spoken.by_id or r.kind not in ("counts", "choice"):
        return (
            spoken.join(f"{k} {v}" for k, v in value.items()) if r.kind == "counts" else str(value)
        )
    chinese = {c.id: c.chinese for c in r.choices}
    if r.kind == "counts":
        return spoken.join(
            f"{_said(f'choice_{r.key}_{k}', k, chinese[k], lang)} {v}" for k, v in value.items()
        )
    return _said(f"choice_{r.key}_{value}", str(value), chinese[value], lang)


def _said(key: str, english: str, chinese: str, lang: str) -> str:
    """The words catalog's ``key`` in ``lang``; for a row the catalog does not know yet (one added
    in a test), the row's own words: its Chinese in a Chinese language's script, else its
    English."""
    from ..i18n.scripts import in_script
    from ..i18n.words import WORDS

    found = WORDS[lang].get(key)
    if found is not None:
        return found
    return in_script(chinese, lang) if language(lang).chinese else english


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
    robbed_kong_paid: bool = DEFAULTS["robbed_kong_paid"]
    robbable_kongs: str = DEFAULTS["robbable_kongs"]
    more: Mapping[str, Any] = MappingProxyType({})

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickled and copied (every protocol, ``copy`` and ``deepcopy``) as plain data: a
        mappingproxy has no pickle of its own, so each read-only view goes as a dict and is made
        a view again by :func:`_remade`."""
        return _remade, tuple([_plain(value) for value in self])

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
                checked: Any = _merge_counts(
                    self.value(key), value, where, r.choices, r.unknown, r.names
                )
            elif r.kind == "choice":
                ids = tuple(c.id for c in r.choices)
                named = r.names.get(value.strip()) if isinstance(value, str) else None
                if named is not None:
                    value = named[0]
                shown = tuple(Named(c.id, c.chinese) for c in r.choices)
                checked = validators.choice(value, where, ids, error=RulesError, shown=shown)
            elif r.kind == "flag":
                checked = validators.boolean(value, where, error=RulesError)
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
        """Plain data, in the layout of a rules file (docs/rules.md, “House rules”): every
        rule's value in force, a rule that follows another as the figure it comes to."""
        out: dict[str, Any] = {}
        for r in ROWS:
            value = self.robbed_share if r.key == "robbed_kong_share" else self.value(r.key)
            out[r.key] = dict(value) if isinstance(value, Mapping) else value
        return out


def _merge_counts(
    current: Mapping[str, int],
    value: Any,
    path: str,
    choices: Collection[Choice],
    unknown: Message,
    names: Mapping[str, tuple[str, ...]],
) -> Mapping[str, int]:
    known = [c.id for c in choices]
    if not isinstance(value, dict):
        raise validators.fail(path, msg("a mapping"), value, RulesError)
    merged = dict(current)
    for key, count in value.items():
        named = names.get(key.strip()) if isinstance(key, str) and key not in known else None
        if named is not None:  # a pattern or a kong type by its name (雞胡, 補槓, 明槓)
            figure = validators.count(count, validators.join(path, str(key)), error=RulesError)
            for meant in named:
                merged[meant] = figure
            continue
        if key not in known:
            raise RulesError(
                validators.join(path, str(key)),
                msg(
                    "{unknown}{hint}; expected one of {allowed}",
                    unknown=unknown,
                    hint=validators.close(str(key), known),
                    allowed=tuple(Named(c.id, c.chinese) for c in choices),
                ),
            )
        merged[key] = validators.count(count, validators.join(path, key), error=RulesError)
    return MappingProxyType(merged)


def _plain(value: Any) -> Any:
    """A field of Rules with every read-only view in it (``more`` may hold some) a dict."""
    if isinstance(value, MappingProxyType):
        return {key: _plain(inner) for key, inner in value.items()}
    return value


def _viewed(value: Any) -> Any:
    """The other way: every dict a read-only view again (Rules holds its mappings as views)."""
    if isinstance(value, dict):
        return MappingProxyType({key: _viewed(inner) for key, inner in value.items()})
    return value


def _remade(*fields: Any) -> Rules:
    """Rules from the fields :meth:`Rules.__reduce__` gave."""
    return Rules(*[_viewed(field) for field in fields])


# the rows with a field of their own in Rules
_FIELDS = frozenset(Rules._fields) - {"more"}
DEFAULT_RULES = Rules()
