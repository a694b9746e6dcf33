"""The table's questions: a new night's players, stake, house rules and date, a night's table
as its file has it (the flags checked against it), and who deals the hand (R10)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...errors import MeizhouError
from ...i18n.messages import at, msg
from ...i18n.rulings import FINDINGS
from ..shared.options import checked, load_rules
from ..shared.prompts import Questions, ask_player

if TYPE_CHECKING:
    from .flags import Flags


def table(q: Questions, players_text, stake_text, rules_file, date_text):
    """The table of a new session or hand: players, stake, house rules and date (flags or
    answers)."""
    import datetime

    from ...records.validators import date as check_date
    from ..shared import answers as entry

    if players_text is not None:
        players = checked(entry.players_list, players_text, "--players")
    else:
        players = q.ask(q.words("record_players"), entry.players_list, "--players A,B,C,D")
    if stake_text is not None:
        stake = checked(entry.stake, stake_text, "--stake")
    elif q.asking:
        stake = q.ask(q.words("record_stake"), entry.stake, "--stake N", default="1")
    else:
        from decimal import Decimal

        stake = Decimal(1)
    rules = None
    if rules_file:
        from ...records.loader import load_record as read_yaml

        load_rules(rules_file)  # a bad rules file ends here (exit 2)
        rules = read_yaml(rules_file) or None
    day = check_date(date_text, "--date") if date_text else datetime.date.today().isoformat()
    return tuple(players), stake, rules, day


def the_table(q: Questions, flags: Flags, found):
    """(the night's data, its players, this hand's own stake or None): the night's file as read
    (``found``, the service's), or a new file's from flags or answers."""
    from ..shared import answers

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
                found.path,
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


def the_dealer(
    q: Questions, flags: Flags, found, before, players, number: int, amending: int | None = None
):
    """(the dealer the hand must name, or None; the rotation's dealer, or None): R10, or asked
    when nobody can say."""
    from ..shared import answers

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
                        "the rotation gives {expected} as the dealer of hand {number} ({rule}); "
                        "leave --dealer out and record follows it",
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
