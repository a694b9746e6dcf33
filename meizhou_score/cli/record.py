"""The command line at the table: ``record`` a hand, ``undo`` the last one (loaded only when called)."""

from __future__ import annotations

import sys

import click

from ..errors import MeizhouError, RecordError
from ..i18n.messages import at, msg, reason
from ..i18n.rulings import FINDINGS
from .app import ExitStatus
from .options import Stopped, Usage, checked, common, lang_option, rules_option, the_run
from .prompts import Questions, ask_player, claims_of, fill, judge, table

@click.command()
@click.argument("session_file", metavar="SESSION.yaml", required=False, type=click.Path())
@click.option("--players", "players_text", metavar="A,B,C,D", help="A new file's players, in seat order E, S, W, N.")
@click.option("--stake", "stake_text", metavar="N", help="Gold per unit: a new file's stake, or this hand's own.")
@rules_option
@click.option("--date", "date_text", metavar="YYYY-MM-DD", help="A new file's date [default: today].")
@click.option("--dealer", metavar="NAME", help="The first hand's dealer (later ones follow the rotation).")
@click.option("--winner", metavar="NAME", help="Who won.")
@click.option("--self-draw", "win_type", flag_value="self_draw", help="Won by self-draw (自摸).")
@click.option("--kong-bloom", "win_type", flag_value="kong_bloom", help="Won on a kong's replacement tile (槓上開花).")
@click.option("--robbed-kong", "robbed", metavar="ROBBED_NAME", help="Won by robbing this player's kong (搶槓).")
@click.option("--draw", is_flag=True, help="An exhaustive draw (荒莊): nobody won.")
@click.option("--hand", "concealed", metavar="TILES", help="The winner's concealed tiles, winning tile included.")
@click.option("--winning-tile", metavar="TILE", help="The winning tile (the robbed tile for a robbed kong).")
@click.option("--pung", "pungs", multiple=True, metavar="TILES", help="The winner's exposed pung (碰); repeatable.")
@click.option("--kong", "kongs", multiple=True, metavar="PLAYER:TYPE:TILE[:FROM]",
              help="A kong this hand: TYPE concealed|added|exposed, FROM the discarder of an exposed one; repeatable.")
@click.option("--claimed", "claims", multiple=True, metavar="NAME=AMOUNT",
              help="What the table says a player won (+) or lost (-); repeatable; checked.")
@click.option("--amend", is_flag=True, help="Replace the last hand instead of adding one.")
@click.option("--allow-dispute", is_flag=True, help="Record a hand even if it is a dispute (not a win, claims differ).")
@click.option("-o", "--output", metavar="FILE", type=click.Path(),
              help="Write one hand record to FILE (- prints it) instead of a session.")
@click.option("--yes", "-y", is_flag=True, help="Record without asking for confirmation.")
@click.option("--ask/--no-ask", default=None,
              help="Ask for what the flags leave out [default: when standard input is a terminal].")
@lang_option
@common
def record(session_file, players_text, stake_text, rules_file, date_text, dealer, winner, win_type, robbed, draw,
           concealed, winning_tile, pungs, kongs, claims, amend, allow_dispute, output, yes, ask, lang):
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
    asking = sys.stdin.isatty() if ask is None else ask
    q = Questions(asking, lang)
    given = {"draw": draw, "winner": winner, "win_type": win_type, "robbed": robbed, "hand": concealed,
             "winning_tile": winning_tile, "pungs": pungs, "kongs": kongs, "claims": None}
    try:
        if output is not None:
            if session_file:
                raise Usage(msg("give SESSION.yaml or -o FILE, not both"))
            code = _record_one(q, given, players_text, stake_text, rules_file, date_text, dealer, claims,
                               allow_dispute, output, yes, lang)
        elif not session_file:
            raise Usage(msg("missing SESSION.yaml (or -o FILE for a single hand record)"))
        else:
            code = _record_session(q, given, session_file, players_text, stake_text, rules_file, date_text, dealer,
                                   claims, amend, allow_dispute, yes, lang)
    except click.Abort as exc:
        _stopped(exc)
    return code


def _stopped(exc: click.Abort) -> None:
    """Ctrl-C or the end of input at a question: nothing was written."""
    if isinstance(exc.__context__, EOFError):
        raise MeizhouError(msg("the input ended before the hand was complete; nothing was written")) from None
    raise Stopped(msg("Stopped; nothing was written.")) from None


def _record_one(q, given, players_text, stake_text, rules_file, date_text, dealer, claims, allow_dispute, output,
                yes, lang) -> int:
    """``record -o FILE``: one hand record, for a dispute about one hand."""
    import os

    from . import answers as entry
    from ..render import text
    from ..settling.night import settle_data
    from ..records.rules import DEFAULT_RULES

    if output != "-" and os.path.exists(output):
        raise MeizhouError(at(output, msg("the file exists; record -o writes a new file only")))
    players, stake, rules, day = table(q, players_text, stake_text, rules_file, date_text)
    if dealer:
        first = checked(lambda t: entry.player(t, players), dealer, "--dealer")
    else:
        first = ask_player(q, q.words("record_who_dealt"), players, "--dealer NAME")
    given = {**given, "claims": claims_of(players, claims)}
    head = {"date": day, "players": list(players), "dealer": first, "stake": stake}
    if rules:
        head["rules"] = rules

    hand, result = fill(q, players, given, lambda h: settle_data({**head, **h}), allow_dispute,
                         DEFAULT_RULES.override(rules))
    written = entry.record_yaml({**head, **hand})
    if q.asked and not yes:
        click.echo(text.hand_text(result.last, lang))
        if not q.confirm(q.words("record_write")):
            click.echo(q.words("record_nothing_written"))
            return ExitStatus.OK
    if output == "-":
        click.echo(written, nl=False)
        return ExitStatus.DISPUTE if result.disputed else ExitStatus.OK
    from ..records import sessionfile

    try:
        sessionfile.write(output, written)
    except OSError as exc:
        raise MeizhouError(at(output, msg("cannot write the file: {why}", why=reason(exc))))
    click.echo(text.hand_text(result.last, lang))
    click.echo("\n" + q.words("record_written_to", path=output))
    return ExitStatus.DISPUTE if result.disputed else ExitStatus.OK


def _record_session(q, given, path, players_text, stake_text, rules_file, date_text, dealer, claims, amend,
                    allow_dispute, yes, lang) -> int:
    from . import answers as entry
    from ..records import sessionfile
    from ..render import text
    from ..settling.night import settle_data

    def settled(data):
        return settle_data(data)

    try:
        found = sessionfile.read(path)
        before = None
        if found is not None:
            if amend:
                earlier = found.data["hands"][:-1] if isinstance(found.data["hands"], list) else None
                before = settled({**found.data, "hands": earlier}) if earlier else None
            else:
                before = settled(found.data)
    except MeizhouError as exc:
        said = exc if isinstance(exc, RecordError) and exc.source else at(path, exc)
        raise MeizhouError(msg("{message}; nothing was written", message=said))
    if found is None:
        if amend:
            raise MeizhouError(at(path, msg("no such session file; there is no hand to amend")))
        players, stake, rules, day = table(q, players_text, stake_text, rules_file, date_text)
        data = {"date": day, "players": list(players), "stake": stake}
        if rules:
            data["rules"] = rules
        data["hands"] = []
        hand_stake = None
    else:
        if rules_file:
            raise MeizhouError(at(path, msg("the session's rules are fixed in the file; --rules is only for a new file")))
        data = found.data
        players = tuple(str(p) for p in data["players"])
        if players_text is not None and checked(entry.players_list, players_text, "--players") != list(players):
            raise MeizhouError(at("--players", msg(
                "the session is played by {players}; start a new file for another table", players=players)))
        hand_stake = checked(entry.stake, stake_text, "--stake") if stake_text is not None else None
    number = len(data["hands"]) if amend else len(data["hands"]) + 1  # this hand's number, from 1
    # the dealer: the rotation's (R10), or named when nobody can say (the first hand, after a dispute)
    expected = before.next_dealer if before is not None else None
    old_last = found.data["hands"][-1] if found is not None and amend else {}
    named = None
    if isinstance(old_last, dict) and "dealer" in old_last and not dealer:
        named = entry.player(str(old_last["dealer"]), players)
    elif dealer:
        named = checked(lambda t: entry.player(t, players), dealer, "--dealer")
        if expected is not None and named != expected:
            raise MeizhouError(at("--dealer", msg(
                "the rotation gives {expected} as the dealer of hand {number} ({rule}); leave --dealer out and "
                "record follows it", expected=expected, number=number, rule=FINDINGS["dealer_check"])))
        if expected is not None:
            named = None
    elif expected is None:
        why = q.words("record_first_hand" if number == 1 else "record_after_dispute")
        named = ask_player(q, q.words("record_who_dealt_hand", n=number, why=why), players, "--dealer NAME")
    click.echo(q.words("record_deals", n=number, dealer=named or expected), err=not q.asking)
    given = {**given, "claims": claims_of(players, claims)}

    def as_written(hand):
        out = {"dealer": named} if named else {}
        out.update(hand)
        if hand_stake is not None and hand_stake != data.get("stake", 1):
            out["stake"] = hand_stake
        return out

    def build(hand, base=None):
        base = base or data
        hands = list(base["hands"][:-1] if (amend and found) else base["hands"])
        return settled({**base, "hands": hands + [as_written(hand)]})

    from ..records.rules import DEFAULT_RULES

    hand, result = fill(q, players, given, build, allow_dispute, DEFAULT_RULES.override(data.get("rules")))
    previewed = q.asked and not yes
    moved = False  # did another record write first, so that this hand's number changed?
    if previewed:
        click.echo(text.session_hand_text(result, number, lang))
        if not q.confirm(q.words("record_record", n=number)):
            click.echo(q.words("record_nothing_written"))
            return ExitStatus.OK
    item = lambda indent, newline: entry.hand_yaml(as_written(hand), indent, newline)  # noqa: E731
    try:
        with sessionfile.locked(path):
            now = sessionfile.read(path)
            if (now is None) != (found is None) or (now is not None and now.text != found.text):
                # another record wrote meanwhile: this hand goes after it, and must still settle
                if now is None or amend:
                    raise MeizhouError(at(path, msg("the file changed while this hand was entered; nothing was written")))
                result, why = judge(lambda: build(hand, now.data), allow_dispute)
                if result is None:
                    raise MeizhouError(at(path, msg("the file changed while this hand was entered, and {why}", why=why)))
                moved, number = number != len(result.hands), len(result.hands)
                found = now
            if found is None:
                head = entry.session_yaml(list(players), data["stake"], data.get("rules"), data["date"])
                sessionfile.write(path, head + entry.hand_yaml(as_written(hand), 2))
            else:
                new = (sessionfile.with_last_replaced(found, item) if amend
                       else sessionfile.with_hand(found, item))
                sessionfile.write(path, new, found.bom)
    except MeizhouError as exc:
        raise exc
    except OSError as exc:
        raise MeizhouError(at(path, msg("cannot write the file: {why}; nothing was written",
                                                               why=reason(exc))))
    if not previewed or moved:  # the hand as written, unless it was just shown as it is
        click.echo(text.session_hand_text(result, number, lang))
    click.echo("")
    click.echo(text.totals_text(result, lang))
    click.echo("\n" + q.words("record_replaced" if amend else "record_recorded", n=number, path=path))
    return ExitStatus.DISPUTE if result.hands[-1].disputed else ExitStatus.OK


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
    from ..records import sessionfile
    from ..render import text
    from ..settling.night import settle_data

    try:
        found = sessionfile.read(session_file)
        if found is None:
            raise MeizhouError(at(session_file, msg("no such session file")))
        remaining, removed = sessionfile.without_last(found)
        hands = found.data["hands"][:-1]
        result = settle_data({**found.data, "hands": hands})
    except MeizhouError as exc:
        raise exc
    number = len(hands) + 1
    from ..i18n.words import say

    click.echo(say(lang, "record_as_written", n=number) + "\n" + removed.rstrip())
    if not yes:
        if not sys.stdin.isatty():
            raise Usage(msg("undo asks before removing a hand; pass --yes when nobody can answer"))
        try:
            if not click.confirm(say(lang, "record_remove", n=number), default=False,
                                 prompt_suffix="：" if lang == "zh" else ": "):
                click.echo(say(lang, "record_nothing_removed"))
                return ExitStatus.OK
        except click.Abort as exc:
            _stopped(exc)
    try:
        with sessionfile.locked(session_file):
            now = sessionfile.read(session_file)
            if now is None or now.text != found.text:
                raise MeizhouError(at(session_file, msg("the file changed meanwhile; nothing was removed")))
            sessionfile.write(session_file, remaining, found.bom)
    except MeizhouError as exc:
        raise exc
    except OSError as exc:
        raise MeizhouError(at(session_file, msg(
            "cannot write the file: {why}; nothing was removed", why=reason(exc))))
    click.echo(say(lang, "record_removed", n=number) + "\n")
    click.echo(text.totals_text(result, lang))


