"""``reconcile`` as a person reads it, or as JSON: the gold held beside the night's, then each
explanation of the gap, in the player's language (docs/formats.md, "reconcile")."""

from __future__ import annotations

from typing import Any

from ..i18n.visible import visible
from ..i18n.words import phrase
from ..settling.mistakes import Edit
from ..settling.money import exact, signed, text
from ..settling.reconcile import Explanation, Reconciliation
from .columns import LEFT, RIGHT, table


def reconcile_text(result: Reconciliation, file: str, hands: int, lang: str = "en") -> str:
    """The gaps, then the explanations, the likeliest first, and how to apply one."""
    rows = [
        [name, signed(result.held[name]), signed(result.settled[name]), signed(gap)]
        for name, gap in result.gaps.items()
    ]
    heads = ["player", "rec_held", "rec_recorded", "rec_gap"]
    out = [table(rows, [phrase(h, lang) for h in heads], (LEFT, RIGHT, RIGHT, RIGHT)), ""]
    out += summary(result, lang)
    if result.matches or not result.explanations:
        return "\n".join(out) + "\n"
    for rank, explanation in enumerate(result.explanations, start=1):
        out.append(f"{rank:>2}. " + explained(explanation, result, hands, lang))
    if result.more:
        out.append(phrase("rec_more", lang, count=result.more))
    out += ["", phrase("rec_apply", lang, file=visible(file))]
    return "\n".join(out) + "\n"


def summary(result: Reconciliation, lang: str) -> list[str]:
    """What is said before the explanations: the held amounts' sum when not 0, then whether the
    record matches, or that nothing comes nearer, or how the explanations are ranked (and that
    they are ambiguous). The command's text and the page's "Close the night" say the same."""
    out = []
    if not result.sum_zero:
        total = exact(sum(result.held.values(), 0))
        out.append(phrase("rec_not_zero", lang, sum=text(total)))
    if result.matches:
        out.append(phrase("rec_matches", lang))
    elif not result.explanations:
        out.append(phrase("rec_none", lang))
    else:
        out.append(phrase("rec_found" if result.exact else "rec_nearest", lang))
        if result.ambiguous:
            edits = len(result.explanations[0].edits)
            count = len(result.explanations)
            out.append(phrase("rec_ambiguous", lang, count=count, edits=edits))
    return out


def explained(explanation: Explanation, result: Reconciliation, hands: int, lang: str) -> str:
    """One explanation in a line: each edit, any count of coins that is off, what is left."""
    parts = [edit_text(edit, hands, lang) for edit in explanation.edits]
    parts += [
        phrase("rec_off", lang, name=name, amount=signed(amount))
        for name, amount in explanation.off.items()
    ]
    if not result.exact:
        left = [
            f"{name} {signed(_less(result.held[name], explanation.totals[name]))}"
            for name in result.held
            if result.held[name] != explanation.totals[name]
        ]
        parts.append(phrase("rec_left", lang, gaps=", ".join(left)))
    return phrase("rec_and", lang).join(parts)


def edit_text(edit: Edit, hands: int, lang: str) -> str:
    """One edit as the table says it: the hand, what was written, what it would be."""
    was, now, kind = edit.was, edit.now, edit.kind
    said: dict[str, Any] = {"hand": edit.hand, "was": was, "now": now}
    if kind == "win_type":
        said.update(was=_win(was, None, lang), now=_win(*_robbing(now), lang))
    elif kind in ("kong_type", "kong_owner", "kong_discarder", "kong_missing", "kong_extra"):
        kong = now if was is None else was
        said.update(owner=kong["player"], kong=phrase(f"{kong['type']}_kong", lang))
        if kind == "kong_type":
            said.update(was=_kong(was, lang), now=_kong(now, lang))
        elif kind == "kong_owner":
            said.update(was=was["player"], now=now["player"])
        elif kind == "kong_discarder":
            said.update(was=was.get("from"), now=now.get("from"))
    elif kind == "pattern":
        said.update(was=phrase(f"pattern_{was}", lang), now=phrase(f"pattern_{now}", lang))
    elif kind in ("draw_as_win", "hand_missing"):
        how = _win(now["win_type"], now.get("robbed"), lang)
        pattern = phrase(f"pattern_{now['pattern']}", lang)
        said.update(win=phrase("edit_win", lang, winner=now["winner"], how=how, pattern=pattern))
        said.update(last=hands)
    line = phrase(f"edit_{kind}", lang, **said)
    if edit.also:
        line += " " + phrase("edit_also", lang, hands=", ".join(str(n) for n in edit.also))
    return line


def reconcile_json(result: Reconciliation) -> dict[str, Any]:
    """The JSON ``reconcile --format json`` prints (docs/formats.md)."""
    return {
        "held": {name: exact(v) for name, v in result.held.items()},
        "settled": {name: exact(v) for name, v in result.settled.items()},
        "gaps": {name: exact(v) for name, v in result.gaps.items()},
        "sum_zero": result.sum_zero,
        "exact": result.exact,
        "explanations": [
            {
                "rank": rank,
                "edits": [_edit_json(edit) for edit in explanation.edits],
                "totals": {name: exact(v) for name, v in explanation.totals.items()},
                "off": {name: exact(v) for name, v in explanation.off.items()},
            }
            for rank, explanation in enumerate(result.explanations, start=1)
        ],
        "ambiguous": result.ambiguous,
        "more": result.more,
    }


def _edit_json(edit: Edit) -> dict[str, Any]:
    return {
        "hand": edit.hand,
        "kind": edit.kind,
        "was": edit.was,
        "now": edit.now,
        "amend": edit.amend,
        "also": list(edit.also),
    }


def _robbing(now: Any) -> tuple[str, str | None]:
    return (now[0], now[1]) if isinstance(now, list) else (now, None)


def _win(win_type: str, robbed: str | None, lang: str) -> str:
    said = phrase(win_type, lang)
    return said + phrase("from", lang, robbed=robbed) if robbed else said


def _kong(kong: dict[str, Any], lang: str) -> str:
    said = phrase(f"{kong['type']}_kong", lang)
    return said + phrase("from", lang, robbed=kong["from"]) if "from" in kong else said


def _less(amount: Any, other: Any) -> Any:
    from ..settling.money import difference

    return difference(amount, other)
