"""``record``'s kong questions: whose, which type, which tile, and an open kong's discarder."""

# ruff: noqa: B023 - each closure in a loop is called (asked) in the pass that made it

from __future__ import annotations

import click

from ...errors import EntryError
from ...i18n.language import typed_for
from ...i18n.messages import msg
from ...records.kinds import KongType, WinType
from ..shared.errors import Usage
from ..shared.options import checked
from ..shared.prompts import (
    Questions,
    amended_default,
    ask_player,
    names_a_player,
    numbered_choices,
)

NONE_KEY = "-"  # no (more) kongs, where Enter would keep a default; so are the languages' words


def none_said(text: str, players=()) -> bool:
    """Is ``text`` "none" (``-`` always; none, 沒有 in any language, unless it is the full name of
    one of ``players``)?"""
    typed = text.strip().casefold()
    return typed == NONE_KEY or (typed in typed_for("none") and not names_a_player(text, players))


def ask_kongs(q: Questions, players, hand: dict, given: dict) -> list[dict]:
    from ..shared import answers as entry

    kongs: list[dict] = []
    robbed = hand.get("win_type") == WinType.ROBBED_KONG
    if robbed and hand.get("hand", {}).get("winning_tile"):  # R7: said before it is mistyped
        click.echo(
            "  "
            + q.words(
                "record_kong_not_robbed",
                winner=hand["winner"],
                robbed=hand.get("robbed"),
                tile=hand["hand"]["winning_tile"],
            )
        )
    while True:

        def owner(
            text,
        ):  # Enter (or "-" when an amended hand offers its kong as the default): no more kongs
            if not text.strip() or none_said(text, players):
                return None
            return entry.player(text, players, numbered=True)

        n = len(kongs)
        kept = amended_default(given, "player", n)  # an amended hand's kong, offered again
        who = q.ask(
            q.words(
                "record_kong_whose_kept" if kept else "record_kong_whose",
                n=n + 1,
                choices=numbered_choices(players, lang=q.lang),
            ),
            owner,
            "--kong",
            default=kept or "",
            players=players,
        )
        if who is None:
            return kongs
        kept_type = amended_default(given, "type", n)  # Enter keeps it; - drops the kong
        kind = q.ask(
            q.words("record_kong_type_kept" if kept_type else "record_kong_type"),
            lambda t: (
                None
                if _dropped(t)
                else entry.choice(
                    t, entry.said_in(entry.KONG_TYPE_WORDS, q.lang), msg("a kong type"), q.lang
                )
            ),
            "--kong",
            default=q.words(f"answer_{kept_type}") if kept_type else "",
        )

        def tile(text):
            if _dropped(text):
                return None
            found = entry.one_tile(text)
            mine = {**hand, "kongs": kongs + [{"player": who, "type": kind, "tile": found}]}
            try:
                entry.conservation(mine, robbed)
            except EntryError as exc:  # a kong of the winning tile: was it robbed for the win?
                if robbed or found != hand.get("hand", {}).get("winning_tile"):
                    raise
                raise EntryError(
                    msg(
                        "{message}; if a kong of {tile} was robbed for the win, the win type is "
                        "robbed kong (搶槓) and that kong is not entered",
                        message=exc,
                        tile=found,
                    )
                ) from None
            return found

        kept_tile = amended_default(given, "tile", n)
        found = (
            None
            if kind is None
            else q.ask(
                q.words("record_kong_tile_kept" if kept_tile else "record_kong_tile"),
                tile,
                "--kong",
                default=kept_tile or "",
            )
        )
        if found is None:  # Enter at the type or the tile: that kong was started by mistake
            click.echo("  " + q.words("record_kong_dropped", n=len(kongs) + 1))
            continue
        kong = {"player": who, "type": kind, "tile": found}
        if kind == KongType.EXPOSED:
            kong["from"] = ask_player(
                q,
                q.words("record_discarder"),
                players,
                "--kong",
                exclude=(who,),
                default=amended_default(given, "from", n),
            )
        elif (
            kind == "open"
        ):  # 明槓: the document's word for both open kongs; the discarder tells them apart

            def discarder(text):
                if not text.strip() or none_said(text, players):  # - or 無: added to a pung
                    return None
                return entry.player(text, players, numbered=True, exclude=(who,))

            found = q.ask(
                f"{q.words('record_open_from')} {numbered_choices(players, (who,), q.lang)}",
                discarder,
                "--kong",
                default="",
            )
            kong = (
                {**kong, "type": "exposed", "from": found} if found else {**kong, "type": "added"}
            )
        kongs.append(kong)


def _dropped(text: str) -> bool:
    """Enter with nothing to keep, or ``-`` (或 無): no kong after all."""
    return not text.strip() or none_said(text)


def _open_resolved(kong: dict, rules) -> dict:
    """A 明槓 given by flag with no discarder: added, unless the house rules pay 點槓 and 加槓
    differently."""
    if kong["type"] != "open":
        return kong
    from ...records.parts import open_kong

    return {**kong, "type": open_kong(False, rules, "--kong")}


def none_given(texts, flag: str) -> bool:
    """``--kong -`` (or ``none``, 無): the flags say there are none, which only an amendment needs
    to say (it keeps the hand's otherwise); alone, never beside a kong."""
    said = [none_said(text) for text in texts]
    if any(said) and len(said) > 1:
        raise Usage(msg("{flag} - (none) is given alone, without another {flag}", flag=flag))
    return any(said)


def given_kongs(players, given: dict, rules) -> list[dict] | None:
    """The kongs the flags give (``--kong -``: none), or None when they give none."""
    from ..shared import answers as entry

    if not given["kongs"]:
        return None
    if none_given(given["kongs"], "--kong"):
        return []
    return [
        _open_resolved(checked(lambda t: entry.kong(t, players), k, "--kong"), rules)
        for k in given["kongs"]
    ]


def kept_kongs(given: dict) -> list[dict]:
    """An amended hand's kongs as written, kept when nobody is asked (none for a new hand)."""
    return [dict(kong) for kong in given.get("defaults", {}).get("kongs") or []]
