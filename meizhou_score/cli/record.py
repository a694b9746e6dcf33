"""The command line at the table: ``record`` a hand, ``undo`` the last one (loaded only when called)."""

from __future__ import annotations

from typing import NamedTuple

import click

from ..errors import MeizhouError, RecordError
from ..i18n.messages import at, msg, reason
from ..i18n.rulings import FINDINGS
from ..i18n.visible import visible
from .app import ExitStatus
from .completion import players_of_the_session
from .options import (
    HandOrLast,
    Stopped,
    Unwritten,
    Usage,
    checked,
    common,
    confirm,
    echo_fitted,
    lang_option,
    rules_option,
    screen_width,
    someone_can_answer,
    the_run,
)
from .prompts import Questions, ask_player, claims_of, fill, table

LAST = 0  # --amend with no number: the last hand


@click.command()
@click.argument("session_file", metavar="SESSION.yaml", required=False, type=click.Path())
@click.option(
    "--players",
    "players_text",
    metavar="A,B,C,D",
    help="A new file's players, in seat order E, S, W, N.",
)
@click.option(
    "--stake",
    "stake_text",
    metavar="N",
    help="Gold per unit: a new file's stake, or this hand's own.",
)
@rules_option
@click.option(
    "--date", "date_text", metavar="YYYY-MM-DD", help="A new file's date [default: today]."
)
@click.option(
    "--dealer",
    metavar="NAME",
    help="The first hand's dealer (later ones follow the rotation).",
    shell_complete=players_of_the_session,
)
@click.option("--winner", metavar="NAME", help="Who won.", shell_complete=players_of_the_session)
@click.option("--self-draw", "win_type", flag_value="self_draw", help="Won by self-draw (自摸).")
@click.option(
    "--kong-bloom",
    "win_type",
    flag_value="kong_bloom",
    help="Won on a kong's replacement tile (槓上開花).",
)
@click.option(
    "--robbed-kong",
    "robbed",
    metavar="ROBBED_NAME",
    help="Won by robbing this player's kong (搶槓).",
    shell_complete=players_of_the_session,
)
@click.option("--draw", is_flag=True, help="An exhaustive draw (荒莊): nobody won.")
@click.option(
    "--hand",
    "concealed",
    metavar="TILES",
    help="The winner's concealed tiles, winning tile included.",
)
@click.option(
    "--winning-tile", metavar="TILE", help="The winning tile (the robbed tile for a robbed kong)."
)
@click.option(
    "--pung",
    "pungs",
    multiple=True,
    metavar="TILES",
    help="The winner's exposed pung (碰); repeatable.",
)
@click.option(
    "--kong",
    "kongs",
    multiple=True,
    metavar="PLAYER:TYPE:TILE[:FROM]",
    help="A kong this hand: TYPE concealed|added|exposed, FROM the discarder of an exposed one; repeatable.",
)
@click.option(
    "--claimed",
    "claims",
    multiple=True,
    metavar="NAME=AMOUNT",
    help="What the table says a player won (+) or lost (-); repeatable; checked.",
)
@click.option(
    "--amend",
    type=HandOrLast(LAST),
    is_flag=False,
    flag_value=LAST,
    default=None,
    metavar="[N]",
    help="Replace hand N (the last when N is left out) instead of adding one: shows it, and offers its "
    "answers as the defaults (Enter keeps each).",
)
@click.option(
    "--allow-dispute",
    is_flag=True,
    help="Record a hand even if it is a dispute (not a win, claims differ).",
)
@click.option(
    "-o",
    "--output",
    metavar="FILE",
    type=click.Path(),
    help="Write one hand record to FILE (- prints it) instead of a session.",
)
@click.option("--yes", "-y", is_flag=True, help="Record without asking for confirmation.")
@click.option(
    "--ask/--no-ask",
    default=None,
    help="Ask for what the flags leave out [default: when standard input is a terminal].",
)
@lang_option
@common
def record(
    session_file,
    players_text,
    stake_text,
    rules_file,
    date_text,
    dealer,
    winner,
    win_type,
    robbed,
    draw,
    concealed,
    winning_tile,
    pungs,
    kongs,
    claims,
    amend,
    allow_dispute,
    output,
    yes,
    ask,
    lang,
):
    """Record one hand at the table: append it to SESSION.yaml and print its settlement and the totals.

    The file is created when missing (--players, --stake, --dealer, optionally
    --rules). Later hands follow the dealer rotation. Flags give the hand;
    whatever they leave out is asked for, in table order, when standard input
    is a terminal. Every answer is checked as it is typed, and only a hand that
    settles is written. The file is changed atomically, hand by hand, and the
    hands already in it stay exactly as they were.

    \b
    Examples:
      meizhou-score record night.yaml --players "Ah Fook,Mei,Jun,Lan" --stake 10 --dealer "Ah Fook"
      meizhou-score record night.yaml --winner mei --self-draw --hand "123m 456m 789p 234s 55s" --winning-tile 4s
      meizhou-score record night.yaml --draw
      meizhou-score record night.yaml --winner jun --self-draw --hand "123m 456p 789s 55s" \\
          --winning-tile 5s --kong "Jun:concealed:1z" --yes
      meizhou-score record --players "A,B,C,D" --dealer A -o hand.yaml
    """
    asking = someone_can_answer() if ask is None else ask
    q = Questions(asking, lang)
    given = {
        "draw": draw,
        "winner": winner,
        "win_type": win_type,
        "robbed": robbed,
        "hand": concealed,
        "winning_tile": winning_tile,
        "pungs": pungs,
        "kongs": kongs,
        "claims": None,
    }
    flags = Flags(
        players_text,
        stake_text,
        rules_file,
        date_text,
        dealer,
        claims,
        amend,
        allow_dispute,
        yes,
        lang,
    )
    try:
        if output is not None:
            if session_file:
                raise Usage(msg("give SESSION.yaml or -o FILE, not both"))
            return _record_one(q, given, flags, output)
        if not session_file:
            raise Usage(msg("missing SESSION.yaml (or -o FILE for a single hand record)"))
        return _record_session(q, given, flags, session_file)
    except click.Abort as exc:
        _stopped(exc)


class Flags(NamedTuple):
    """What ``record``'s flags say about the table and the writing, beside the hand itself."""

    players_text: str | None
    stake_text: str | None
    rules_file: str | None
    date_text: str | None
    dealer: str | None
    claims: tuple[str, ...]
    amend: int | None  # the hand to replace (LAST: the last one), or None to add one
    allow_dispute: bool
    yes: bool
    lang: str


def _stopped(exc: click.Abort) -> None:
    """Ctrl-C or the end of input at a question: nothing was written."""
    if isinstance(exc.__context__, EOFError):
        raise MeizhouError(
            msg("the input ended before the hand was complete; nothing was written")
        ) from None
    raise Stopped(msg("Stopped; nothing was written.")) from None


SHEET_ROWS = 3  # the score sheet's last rows that record and undo end with


def _record_one(q: Questions, given: dict, flags: Flags, output: str) -> ExitStatus:
    """``record -o FILE``: one hand record, for a dispute about one hand."""
    import os

    from ..records import yamlout
    from ..records.outputs import check_output, write_output
    from ..records.rules import DEFAULT_RULES
    from ..render import text
    from ..settling.night import settle_data
    from . import answers

    check_output(
        output, [flags.rules_file] if flags.rules_file else []
    )  # a device: written through
    if output != "-" and os.path.isfile(output):
        raise MeizhouError(at(output, msg("the file exists; record -o writes a new file only")))
    players, stake, rules, day = table(
        q, flags.players_text, flags.stake_text, flags.rules_file, flags.date_text
    )
    if flags.dealer:
        first = checked(lambda t: answers.player(t, players), flags.dealer, "--dealer")
    else:
        first = ask_player(q, q.words("record_who_dealt"), players, "--dealer NAME")
    given = {**given, "claims": claims_of(players, flags.claims)}
    head = {"date": day, "players": list(players), "dealer": first, "stake": stake}
    if rules:
        head["rules"] = rules
    hand, result = fill(
        q,
        players,
        given,
        lambda h: settle_data({**head, **h}),
        flags.allow_dispute,
        DEFAULT_RULES.override(rules),
    )
    written = yamlout.record_yaml({**head, **hand})
    if (q.asked or q.asking) and not flags.yes:
        echo_fitted(text.hand_text(result.last, flags.lang))
        if not q.confirm(q.words("record_write")):
            click.echo(q.words("record_nothing_written"))
            return ExitStatus.OK
    outcome = ExitStatus.DISPUTE if result.disputed else ExitStatus.OK
    if output == "-":
        click.echo(written, nl=False)
        return outcome
    try:
        write_output(output, written)
    except OSError as exc:  # a full disk: exit 4
        raise Unwritten(at(output, msg("cannot write the file: {why}", why=reason(exc)))) from None
    echo_fitted(text.hand_text(result.last, flags.lang))
    click.echo("\n" + q.words("record_written_to", path=visible(output)))
    return outcome


def _record_session(q: Questions, given: dict, flags: Flags, path: str) -> ExitStatus:
    """``record SESSION.yaml``: the night's next hand (or, with --amend, hand N again), written
    through the night service."""
    from ..night.service import NightFile
    from ..records.rules import DEFAULT_RULES
    from ..render import session
    from ..settling.judge import Amendment
    from ..settling.night import settle_next

    night_file = NightFile(path, the_run().limits)
    seen = _read_session(night_file, flags.amend)
    found, before = seen.found, seen.night
    data, players, hand_stake = _the_table(q, flags, path, found)
    amending = _amended_number(path, data, flags.amend)  # the hand replaced, or None
    number = amending or len(data["hands"]) + 1  # this hand's number, from 1
    if amending:
        before = (
            _settled({**data, "hands": data["hands"][: amending - 1]}) if amending > 1 else None
        )
    named, expected = _the_dealer(q, flags, found, before, players, number, amending)
    click.echo(q.words("record_deals", n=number, dealer=named or expected), err=not q.asking)
    given = {**given, "claims": claims_of(players, flags.claims)}
    amendment = None
    if amending:
        amendment = Amendment(amending, seen.night)  # judged as the page judges one
        echo_fitted(
            q.words("record_replacing", n=amending)
            + "\n"
            + session.session_hand_text(amendment.before, amending, flags.lang)
            + "\n",
            err=not q.asking,
        )
        given["defaults"] = _defaults_of(data["hands"][amending - 1])

    def as_written(hand):
        out = {"dealer": named} if named else {}
        out.update(hand)
        if hand_stake is not None and hand_stake != data.get("stake", 1):
            out["stake"] = hand_stake
        return out

    def build(hand):
        if amending:  # the whole night again: the hands after it follow the rotation it gives (R10)
            hands = list(data["hands"])
            hands[amending - 1] = as_written(hand)
            return _settled({**data, "hands": hands})
        if before is not None:  # the night as read: only the new hand is settled
            return settle_next(before, data, as_written(hand))
        return _settled({**data, "hands": list(data["hands"]) + [as_written(hand)]})

    hand, result = fill(
        q,
        players,
        given,
        build,
        flags.allow_dispute,
        DEFAULT_RULES.override(data.get("rules")),
        number,
        amendment,
    )
    previewed = (
        q.asked or q.asking
    ) and not flags.yes  # in a terminal: always shown, and asked, before writing
    if previewed:
        echo_fitted(session.session_hand_text(result, number, flags.lang))
        if not q.confirm(q.words("record_record", n=number)):
            click.echo(q.words("record_nothing_written"))
            return ExitStatus.OK
    result, moved = _write_hand(night_file, seen, data, as_written(hand), flags, result, amending)
    number = amending or len(result.hands)
    if not previewed or moved:  # the hand as written, unless it was just shown as it is
        echo_fitted(session.session_hand_text(result, number, flags.lang))
    click.echo("")
    echo_fitted(
        session.sheet_text(result, flags.lang, last=SHEET_ROWS, cells=screen_width())
    )  # after the hand's table
    click.echo(
        "\n"
        + q.words(
            "record_replaced" if amending else "record_recorded", n=number, path=visible(path)
        )
    )
    return ExitStatus.DISPUTE if result.hands[number - 1].disputed else ExitStatus.OK


def _amended_number(path: str, data: dict, amend: int | None) -> int | None:
    """The hand ``--amend`` replaces (from 1), or None when a hand is added."""
    if amend is None:
        return None
    count = len(data["hands"])
    number = count if amend == LAST else amend
    if not 1 <= number <= count:
        raise MeizhouError(
            at(
                "--amend",
                msg(
                    "{path} has hands 1 to {count}; there is no hand {n}",
                    path=visible(path),
                    count=count,
                    n=number,
                ),
            )
        )
    return number


def _defaults_of(old: dict) -> dict:
    """The answers a hand as written gives, offered as the defaults when it is amended (Enter keeps each)."""
    if not isinstance(old, dict):
        return {}
    if old.get("draw"):
        return {"winner": "d", "kongs": old.get("kongs") or []}
    held = old.get("hand") if isinstance(old.get("hand"), dict) else {}
    pungs = held.get("pungs") or []
    return {
        "winner": old.get("winner"),
        "win_type": old.get("win_type"),
        "robbed": old.get("robbed"),
        "hand": held.get("concealed"),
        "winning_tile": held.get("winning_tile"),
        "pungs": " ".join(pungs) if isinstance(pungs, list) else pungs,
        "kongs": old.get("kongs") or [],
    }


def _settled(data):
    from ..settling.night import settle_data

    return settle_data(data)


def _read_session(night_file, amend: int | None):
    """The night's file as read (the night settled before this hand); a bad file writes nothing."""
    try:
        seen = night_file.read()
        seen.night  # noqa: B018 - settled now: a bad night is refused before any question
    except MeizhouError as exc:
        path = night_file.path
        said = exc if isinstance(exc, RecordError) and exc.source else at(path, exc)
        raise MeizhouError(msg("{message}; nothing was written", message=said)) from None
    if seen.found is None and amend is not None:
        raise MeizhouError(
            at(night_file.path, msg("no such session file; there is no hand to amend"))
        )
    return seen


def _the_table(q: Questions, flags: Flags, path: str, found):
    """(the night's data, its players, this hand's own stake or None): a new file's from flags or answers."""
    from . import answers

    if found is None:
        players, stake, rules, day = table(
            q, flags.players_text, flags.stake_text, flags.rules_file, flags.date_text
        )
        data = {"date": day, "players": list(players), "stake": stake}
        if rules:
            data["rules"] = rules
        data["hands"] = []
        return data, players, None
    if flags.rules_file:
        raise MeizhouError(
            at(
                path,
                msg("the session's rules are fixed in the file; --rules is only for a new file"),
            )
        )
    players = tuple(str(p) for p in found.data["players"])
    if flags.players_text is not None and checked(
        answers.players_list, flags.players_text, "--players"
    ) != list(players):
        raise MeizhouError(
            at(
                "--players",
                msg(
                    "the session is played by {players}; start a new file for another table",
                    players=players,
                ),
            )
        )
    hand_stake = (
        checked(answers.stake, flags.stake_text, "--stake")
        if flags.stake_text is not None
        else None
    )
    return found.data, players, hand_stake


def _the_dealer(
    q: Questions, flags: Flags, found, before, players, number: int, amending: int | None = None
):
    """(the dealer the hand must name, or None; the rotation's dealer, or None): R10, or asked when nobody can say."""
    from . import answers

    expected = before.next_dealer if before is not None else None
    old_last = found.data["hands"][amending - 1] if found is not None and amending else {}
    named = None
    if isinstance(old_last, dict) and "dealer" in old_last and not flags.dealer:
        named = answers.player(str(old_last["dealer"]), players)
    elif flags.dealer:
        named = checked(lambda t: answers.player(t, players), flags.dealer, "--dealer")
        if expected is not None and named != expected:
            raise MeizhouError(
                at(
                    "--dealer",
                    msg(
                        "the rotation gives {expected} as the dealer of hand {number} ({rule}); leave --dealer out and "
                        "record follows it",
                        expected=expected,
                        number=number,
                        rule=FINDINGS["dealer_check"],
                    ),
                )
            )
        if expected is not None:
            named = None
    elif expected is None:
        why = q.words("record_first_hand" if number == 1 else "record_after_dispute")
        named = ask_player(
            q, q.words("record_who_dealt_hand", n=number, why=why), players, "--dealer NAME"
        )
    return named, expected


def _write_hand(night_file, seen, data: dict, hand: dict, flags: Flags, result, amending=None):
    """Write the hand through the night service: (the night as written, did another writer add a
    hand first, so that this one went after it?)."""
    from ..night.service import Refused, Stale
    from .prompts import refusal

    path = night_file.path
    try:
        if amending:
            written = night_file.amend(
                amending, hand, seen.version, flags.allow_dispute, settled=result
            )
        else:
            head = None
            if seen.found is None:
                head = {k: data.get(k) for k in ("date", "players", "stake", "rules")}
            written = night_file.add(
                hand, seen.version, head, flags.allow_dispute, follow=True, settled=result
            )
    except Stale as stale:
        if stale.why is None:
            raise MeizhouError(
                at(path, msg("the file changed while this hand was entered; nothing was written"))
            ) from None
        why = stale.why
        if isinstance(why, Refused):
            why = refusal((why.number, why.settled))
        raise MeizhouError(
            at(path, msg("the file changed while this hand was entered, and {why}", why=why))
        ) from None
    except OSError as exc:  # a full disk: exit 4
        raise Unwritten(
            at(path, msg("cannot write the file: {why}; nothing was written", why=reason(exc)))
        ) from None
    return written.night, not amending and written.number != len(result.hands)


@click.command()
@click.argument("session_file", metavar="SESSION.yaml", type=click.Path())
@click.option("--yes", "-y", is_flag=True, help="Remove without asking.")
@lang_option
@common
def undo(session_file, yes, lang):
    """Remove the last hand of SESSION.yaml (shows it and asks first, unless --yes).

    The rest of the file stays exactly as it was; the file is replaced
    atomically. To correct the last hand instead, use record --amend.

    \b
    Examples:
      meizhou-score undo night.yaml
      meizhou-score undo night.yaml --yes
    """
    from ..i18n.words import phrase
    from ..night.service import NightFile, Stale
    from ..render import session

    night_file = NightFile(session_file, the_run().limits)
    seen = night_file.read()
    if seen.found is None:
        raise MeizhouError(at(session_file, msg("no such session file")))
    plan = night_file.taking_back(seen)
    result, number = plan.after, plan.number
    click.echo(phrase("record_as_written", lang, n=number) + "\n" + plan.text.rstrip())
    if not yes:
        if not someone_can_answer():
            raise Usage(msg("undo asks before removing a hand; pass --yes when nobody can answer"))
        try:
            if not confirm(phrase("record_remove", lang, n=number), False, lang):
                click.echo(phrase("record_nothing_removed", lang))
                return ExitStatus.OK
        except click.Abort as exc:
            _stopped(exc)
    try:
        night_file.take_back(seen.version)
    except Stale:
        raise MeizhouError(
            at(session_file, msg("the file changed meanwhile; nothing was removed"))
        ) from None
    except OSError as exc:
        raise MeizhouError(
            at(
                session_file,
                msg("cannot write the file: {why}; nothing was removed", why=reason(exc)),
            )
        ) from None
    click.echo(phrase("record_removed", lang, n=number) + "\n")
    echo_fitted(
        session.sheet_end(result, lang, SHEET_ROWS, screen_width())
        if result is not None
        else phrase("record_emptied", lang)
    )
