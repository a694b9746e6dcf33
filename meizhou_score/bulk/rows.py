"""Bulk mode's transfer row: a transfer's JSON object as a msgspec struct (not compiled by mypyc).

msgspec writes a struct's keys from names it encoded once, where a dict's keys are encoded for
every transfer of every line; the struct is also built without a dict. The keys, their order and
the values are those of :func:`..render.jsonout.transfer_row`, so the bytes are the same (a test
holds them equal).
"""

from __future__ import annotations

from decimal import Decimal

import msgspec


class TransferRow(msgspec.Struct, rename={"payer": "from", "payee": "to"}):
    payer: str
    payee: str
    units: int
    amount: int | Decimal
    reason: str
    rule: str
