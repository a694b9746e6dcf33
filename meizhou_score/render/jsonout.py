"""JSON output: the result objects, and the one writer that turns any of them into text.

Every JSON the tool prints — ``settle --format json``, a session, bulk mode's
lines, ``check``, ``rules``, ``schema`` — goes through :func:`dumps`, which
encodes with msgspec: amounts are Decimals written as exact JSON numbers,
never through a float. msgspec is imported only when JSON is written.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..engine.tiles import TILES
from ..settling.money import exact, gold_at
from ..settling.night import Night
from ..settling.settlement import Settlement

if TYPE_CHECKING:
    from msgspec.json import Encoder

number = exact  # an amount as JSON writes it (settling.money.exact)


def transfer_row(payer: str, payee: str, units: int, amount: Any, reason: str, rule: str) -> Any:
    """One transfer's JSON object (bulk mode writes the same keys from a msgspec struct)."""
    return {
        "from": payer,
        "to": payee,
        "units": units,
        "amount": amount,
        "reason": reason,
        "rule": rule,
    }


def hand_json(s: Settlement, row: Callable[..., Any] = transfer_row) -> dict[str, Any]:
    """The one-hand JSON object; each transfer also names its ruling (``"rule": "R5"``).

    ``row`` builds each transfer's object from (from, to, units, amount, reason, rule).
    """
    r = s.record
    to_gold = gold_at(r.stake)
    scored = s.score if s.valid else None
    transfers: list[Any] = []  # s.transfers, read from the collections they make up
    for c in s.payments:
        payee, units, reason, rule = c.payee, c.units, c.reason, c.rule
        amount = to_gold(units)
        for payer in c.payers:
            transfers.append(row(payer, payee, units, amount, reason, rule))
    out: dict[str, Any] = {
        "valid": s.valid,
        "draw": r.draw,
        "winner": r.winner,
        "win_type": r.win_type,
        "patterns": list(scored.patterns) if scored is not None else [],
        "ratio": scored.ratio if scored is not None else 0,
        "transfers": transfers,
        "balances": s.amounts,
        "next_dealer": s.next_dealer,
    }
    if not s.valid:
        out["errors"] = [str(e) for e in s.errors]
    if r.claimed is not None:
        diffs = s.claim_differences
        out["claims"] = {
            "agree": not diffs,
            "differences": {
                name: {"claimed": number(c), "computed": number(v)}
                for name, (c, v) in diffs.items()
            },
        }
        if (
            s.claim_notes
        ):  # "partial": only some players claimed; "unbalanced": the claims do not sum to 0
            out["claims"]["notes"] = list(s.claim_notes)
        if diffs:
            out["claims"].update(_explained(s))
    return out


def _explained(s: Settlement) -> dict[str, Any]:
    """``gaps`` (each differing claim: gap = settles − claimed, and the part of the hand it
    matches) and ``corrections`` (the fewest payments from what was paid to what is owed;
    null when none can square it)."""
    from ..settling.claims import corrections, gaps

    found = gaps(s)
    fixes = corrections(s, found)
    return {
        "gaps": [
            {
                "player": g.player,
                "claimed": number(g.claimed),
                "settles": number(g.settles),
                "gap": number(g.gap),
                "parts": [
                    {
                        "part": p.kind,
                        "owner": p.owner,
                        "tile": None if p.tile is None else str(TILES[p.tile]),
                        "amount": number(p.amount),
                        "rule": p.rule,
                    }
                    for p in g.parts
                ],
            }
            for g in found
        ],
        "corrections": None
        if fixes is None
        else [{"from": p.payer, "to": p.payee, "amount": number(p.amount)} for p in fixes],
    }


def session_json(result: Night) -> dict[str, Any]:
    """A session: whether every hand is valid, every hand (with its ``index`` and ``dealer``), the
    totals and the next dealer."""
    hands = []
    for n, s in enumerate(result.hands, start=1):
        obj = {"index": n, "dealer": s.record.dealer, **hand_json(s)}
        if s.dealer_expected is not None:
            obj["dealer_check"] = {"named": s.record.dealer, "expected": s.dealer_expected}
        hands.append(obj)
    # valid: every hand a valid win or draw, as a hand record's own ``valid`` says of one hand
    return {
        "valid": all(hand["valid"] for hand in hands),
        "hands": hands,
        "totals": {k: number(v) for k, v in result.totals.items()},
        "next_dealer": result.next_dealer,
        "disputes": [{"hand": n, "kind": kind} for n, kind in result.disputes],
    }


def night_json(night: Night) -> dict[str, Any]:
    """The JSON object of a night: a session's, or its one hand record's."""
    return session_json(night) if night.session else hand_json(night.last)


_ENCODER: Encoder | None = None  # msgspec's Encoder, made on the first JSON written


def _encoder() -> Encoder:
    global _ENCODER
    if _ENCODER is None:
        import msgspec

        _ENCODER = msgspec.json.Encoder(decimal_format="number")
    return _ENCODER


def encode(obj: Any) -> bytes:
    """Compact UTF-8 JSON, decimals as exact numbers: the encoder behind every JSON the tool
    writes."""
    return _encoder().encode(obj)


def encode_into(obj: Any, buffer: bytearray, offset: int) -> None:
    """``encode(obj)`` written into ``buffer`` from ``offset`` on (what lay there and beyond is
    replaced): many results in one buffer, none copied out of a ``bytes`` of its own."""
    (_ENCODER or _encoder()).encode_into(obj, buffer, offset)  # a line's one call: none to find it


def dumps(obj: Any, indent: int | None = 2) -> str:
    """JSON text: indented by ``indent``, or on one line with a space after ``,`` and ``:``
    (``indent=None``)."""
    from msgspec.json import format as layout

    return layout(encode(obj), indent=0 if indent is None else indent).decode("utf-8")


def dumps_session(obj: dict[str, Any]) -> str:
    """A session's JSON: indented at the top, one line per hand,
    so that 10,000 hands still read well."""
    hands = ",\n".join("    " + dumps(h, indent=None) for h in obj["hands"])
    head = [f'  "{key}": {dumps(obj[key], indent=None)},\n' for key in ("valid",) if key in obj]
    rest = [
        f'  "{key}": {dumps(value, indent=None)}'
        for key, value in obj.items()
        if key not in ("hands", "valid")
    ]
    return "{\n" + "".join(head) + '  "hands": [\n' + hands + "\n  ],\n" + ",\n".join(rest) + "\n}"


def settle_up_json(night: Night) -> list[dict[str, Any]]:
    """``"settle_up"``: the fewest payments that square the balances."""
    from ..settling.settleup import settle_up

    return [
        {"from": p.payer, "to": p.payee, "amount": number(p.amount)}
        for p in settle_up(night.totals).payments
    ]


def night_json_text(night: Night, settle_up: bool = False) -> str:
    """``settle --format json``: a hand indented, a session with a line per hand;
    ``--settle-up`` adds its key."""
    obj = night_json(night)
    if settle_up:
        obj["settle_up"] = settle_up_json(night)
    return dumps_session(obj) if night.session else dumps(obj)
