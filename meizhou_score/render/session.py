"""A night in text (一晚): the score sheet, one line a hand with the running totals, then the
totals, the next dealer and the disputes; each hand's whole table on demand (``--hands``,
``--explain``)."""

from __future__ import annotations

from collections.abc import Collection

from ..i18n.words import WORDS, phrase
from ..settling.money import signed
from ..settling.money import text as plain
from ..settling.night import Night
from ..settling.settlement import Settlement
from .columns import LEFT, RIGHT, table, width
from .sheet import brief
from .text import claim_lines, hand_text, next_line


def night_text(
    night: Night,
    lang: str = "en",
    explain: bool = False,
    settle_up: bool = False,
    hands: bool = False,
    cells: int | None = None,
) -> str:
    """``settle``'s text for a night: a session's sheet (after each hand's table with ``hands``
    or ``explain``), or its one hand record's table; ``settle_up`` adds who pays whom."""
    text = (
        session_text(night, lang, explain, hands, cells)
        if night.session
        else hand_text(night.last, lang, explain)
    )
    return text + "\n\n" + settle_up_text(night, lang) if settle_up else text


def session_text(
    result: Night,
    lang: str = "en",
    explain: bool = False,
    hands: bool = False,
    cells: int | None = None,
) -> str:
    """The score sheet, the totals and the disputes; with ``hands`` or ``explain``, every hand's
    table first, then the sheet that sums them up."""
    parts = []
    if hands or explain:
        parts = [
            session_hand_text(result, n, lang, explain) for n in range(1, len(result.hands) + 1)
        ]
    parts += [sheet_text(result, lang, cells=cells), totals_text(result, lang)]
    if result.disputes:
        w = WORDS[lang]
        lines = [w["disputes"]]
        for n, kind in result.disputes:
            lines.append(phrase("dispute_line", lang, n=n, kind=w[f"dispute_{kind}"]))
            if not (hands or explain):  # the hand's own table is not shown: why it is disputed is
                lines += ["  " + line for line in _why_disputed(result.hands[n - 1], kind, lang)]
        parts.append("\n".join(lines))
    return "\n\n".join(parts)


def sheet_rows(night: Night, lang: str = "en") -> list[list[str]]:
    """The score sheet's rows as text, a hand a row: its number, dealer, what happened, each
    player's change and (in brackets) running total."""
    w = WORDS[lang]
    rows = []
    for number, s, running in night.running():  # the page's sheet() adds payments, not needed here
        rows.append(
            [
                str(number),
                s.record.dealer,
                brief(s, lang) + (w["sheet_disputed"] if s.disputed else ""),
            ]
            + [f"{signed(s.amounts[name])} ({signed(running[name])})" for name in night.players]
        )
    return rows


def sheet_text(
    night: Night,
    lang: str = "en",
    last: int | None = None,
    cells: int | None = None,
    numbers: Collection[int] | None = None,
) -> str:
    """The score sheet (記分表): a row a hand (:func:`sheet_rows`); only the ``last`` rows when
    given, as ``record`` and ``undo`` end, or only the hands ``numbers`` (from 1: an amended hand
    and the later rows it changed).

    On a screen narrower than that (``cells``, a phone's terminal), who dealt and what happened go
    on a line of their own under each hand's figures.
    """
    rows = sheet_rows(night, lang)
    if numbers is not None:
        rows = [row for n, row in enumerate(rows, start=1) if n in numbers]
    if last is not None:
        rows = rows[-last:]
    headers = WORDS[lang]["sheet_headers"].split("|") + list(night.players)
    wide = table(rows, headers, (RIGHT, LEFT, LEFT) + (RIGHT,) * len(night.players))
    if cells is None or max(width(line) for line in wide.split("\n")) <= cells:
        return wide
    narrow = table(
        [[row[0], *row[3:]] for row in rows],
        [headers[0], *headers[3:]],
        (RIGHT,) + (RIGHT,) * len(night.players),
    ).split("\n")
    pad = " " * (width(narrow[0].split(headers[0])[0] + headers[0]) + 2)
    out = narrow[:2]
    for line, row in zip(narrow[2:], rows, strict=False):
        out += [line, pad + phrase("sheet_dealt", lang, dealer=row[1], what=row[2])]
    return "\n".join(out)


def sheet_end(night: Night, lang: str = "en", rows: int = 3, cells: int | None = None) -> str:
    """How ``undo`` ends: the sheet's last ``rows`` (running totals in brackets), the next
    dealer."""
    return (
        sheet_text(night, lang, last=rows, cells=cells)
        + "\n"
        + next_line(night.next_dealer, night.hands[-1].next_dealer_why, lang)
    )


def _why_disputed(s: Settlement, kind: str, lang: str) -> list[str]:
    """Why hand ``s`` is disputed, in lines indented as the hand's own table indents them."""
    if kind == "claims":
        return claim_lines(s, lang)
    if kind == "dealer":
        return [
            "  "
            + phrase(
                "dealer_check", lang, named=s.record.dealer, expected=s.dealer_expected
            ).strip()
        ]
    return ["  " + e.say(lang) for e in s.errors]


def session_hand_text(result: Night, n: int, lang: str = "en", explain: bool = False) -> str:
    """Hand ``n`` (1-based) of a session under its heading."""
    s = result.hands[n - 1]
    title = phrase("hand", lang, n=n, dealer=s.record.dealer)
    return title + "\n" + "=" * width(title) + "\n" + hand_text(s, lang, explain)


def totals_text(result: Night, lang: str = "en") -> str:
    """The session's totals in seat order, and who deals next."""
    w = WORDS[lang]
    players = result.players
    seats = WORDS[lang]["deal_winds"].split("|")
    rows = [[seats[i], name, signed(result.totals[name])] for i, name in enumerate(players)]
    total = table(rows, [w["seat"], w["player"], w["total"]], (LEFT, LEFT, RIGHT))
    return (
        w["totals"]
        + "\n"
        + total
        + "\n"
        + next_line(result.next_dealer, result.hands[-1].next_dealer_why, lang)
    )


def settle_up_text(night: Night, lang: str = "en") -> str:
    """The fewest payments that square the balances, one line each."""
    from ..settling.settleup import settle_up

    w = WORDS[lang]
    payments = settle_up(night.totals).payments
    if not payments:
        return w["settle_none"]
    return "\n".join(
        [w["settle_up"]]
        + [
            phrase("settle_line", lang, payer=p.payer, payee=p.payee, amount=plain(p.amount))
            for p in payments
        ]
    )
