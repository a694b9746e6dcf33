"""One payment of a hand's settlement: how its units were reached (:class:`Basis`), what one
player collects from each of its payers (:class:`Collection`, what a settlement holds) and each
single payment of one (:class:`Transfer`, what the outputs list)."""

from __future__ import annotations

from typing import NamedTuple

from ..engine.value import Value


class Basis(Value):
    """How a payment's units were reached: ``ratio`` (the hand's,
    None for a kong) × ``share`` × ``multiplier``.

    A win: the hand's ratio × the share per ratio (R5, R7) × the kong-bloom
    multiplier (R6). A kong: its units from each payer (R8) × 3 when the
    discarder pays everyone's share (包槓).
    """

    _fields = ("ratio", "share", "multiplier")
    __slots__ = _fields

    def __init__(self, ratio: int | None, share: int, multiplier: int = 1) -> None:
        self.ratio = ratio
        self.share = share
        self.multiplier = multiplier


class Collection(Value):
    """What one player collects for the win or for a kong: ``units`` × stake from each of
    ``payers`` (in seat order), for ``reason``, by ruling ``rule``."""

    _fields = ("payers", "payee", "units", "reason", "rule", "basis", "tile")
    __slots__ = _fields

    def __init__(
        self,
        payers: tuple[str, ...],
        payee: str,
        units: int,
        reason: str,
        rule: str,
        basis: Basis,
        tile: int | None = None,
    ) -> None:
        self.payers = payers
        self.payee = payee
        self.units = units
        self.reason = reason
        self.rule = rule
        self.basis = basis
        self.tile = tile  # the kong's tile, for an explanation


class Transfer(NamedTuple):
    """One payment: ``payer`` gives ``payee`` ``units`` × stake, for ``reason``,
    by ruling ``rule``; a :class:`Collection` is one such payment from each of its payers."""

    payer: str
    payee: str
    units: int
    reason: str
    rule: str
    basis: Basis
    tile: int | None = None  # the kong's tile, for an explanation
