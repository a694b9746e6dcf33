"""``seat`` as a person reads it: each round's tables with the winds as headings, who sits out,
then the repeats beside the fewest possible; or as JSON (the plan's own object)."""

from __future__ import annotations

from ..i18n.words import phrase
from ..seating.plan import Plan
from .columns import LEFT, RIGHT, table
from .jsonout import dumps


def seating_text(plan: Plan, lang: str = "en") -> str:
    """The plan in the player's words: a block a round, then the repeats and the bound."""
    winds = phrase("seat_winds", lang).split("|")
    blocks: list[str] = []
    for n, (tables, out) in enumerate(zip(plan.rounds, plan.sit_out, strict=True), start=1):
        rows = [[str(k), *seated] for k, seated in enumerate(tables, start=1)]
        block = [
            phrase("seat_round", lang, n=n),
            table(rows, [phrase("seat_table", lang), *winds], [RIGHT, LEFT, LEFT, LEFT, LEFT]),
        ]
        if out:
            block.append(phrase("seat_out", lang, names=phrase("list_sep", lang).join(out)))
        blocks.append("\n".join(block))
    blocks.append(
        phrase("seat_repeats", lang, repeats=plan.repeats, bound=plan.bound)
        + "\n"
        + phrase("seat_best" if plan.proven_best else "seat_not_proven", lang)
    )
    return "\n\n".join(blocks)


def seating_json(plan: Plan) -> str:
    """``{"rounds", "sit_out", "repeats", "bound"}``, written by the one JSON writer."""
    return dumps(plan.as_json(), indent=None)
