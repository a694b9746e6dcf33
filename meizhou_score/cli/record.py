"""The command line at the table: ``record`` a hand, ``undo`` the last one (loaded only when called)."""

from __future__ import annotations

import sys

import click

from .app import (EXIT_DISPUTE, EXIT_OK, Usage, _checked, _fail, _load_rules, common, lang_option, language,
                  rules_option)
from ..errors import MeizhouError, RecordError
from ..i18n.messages import at, msg, reason
from ..i18n.rulings import FINDINGS

# ---------------------------------------------------------------- record and undo

class _Questions:
    """Asks for what the flags did not give, when someone is there to answer (stdin is a terminal).

    Each answer is checked as it is typed; a wrong one is explained and asked
    again. With nobody to ask, a missing answer is a usage error naming its flag.
    """

    def __init__(self, asking: bool, lang: str = "en"):
        self.asking = asking
        self.lang = lang
        self.asked = False  # has anything been asked? (then optional melds are asked too)

    def ask(self, question: str, check, flag: str, default: str | None = None):
        if not self.asking:
            raise Usage(msg("missing {flag} (or run record in a terminal to be asked)", flag=flag))
        self.asked = True
        while True:
            answer = click.prompt(question, default=default, show_default=bool(default), prompt_suffix=self.colon)
            try:
                return check(answer)
            except MeizhouError as exc:
                click.echo("  ✗ " + msg("{message}. Try again.", message=exc).say(language()))

    @property
    def colon(self) -> str:
        return "：" if self.lang == "zh" else ": "

    def confirm(self, question: str) -> bool:
        return click.confirm(question, default=True, prompt_suffix=self.colon)

    def words(self, key: str, **values) -> str:
        """A question or a line of ``record``'s, in the player's language."""
        from ..i18n.words import say

        return say(self.lang, key, **values)


def _numbered(players, exclude=()) -> str:
    return "  ".join(f"[{n}] {name}" for n, name in enumerate(players, start=1) if name not in exclude)


def _ask_player(q: _Questions, question: str, players, flag: str, exclude=()) -> str:
    from . import answers as entry

    return q.ask(f"{question} {_numbered(players, exclude)}",
                 lambda text: entry.player(text, players, numbered=True, exclude=exclude), flag)


def _table(q: _Questions, players_text, stake_text, rules_file, date_text):
    """The table of a new session or hand: players, stake, house rules and date (flags or answers)."""
    import datetime

    from . import answers as entry
    from ..records.validators import date as check_date
    from ..errors import RecordError

    if players_text is not None:
        players = _checked(entry.players_list, players_text, "--players")
    else:
        players = q.ask(q.words("record_players"), entry.players_list, "--players A,B,C,D")
    if stake_text is not None:
        stake = _checked(entry.stake, stake_text, "--stake")
    elif q.asking:
        stake = q.ask(q.words("record_stake"), entry.stake, "--stake N", default="1")
    else:
        from decimal import Decimal

        stake = Decimal(1)
    rules = None
    if rules_file:
        from ..records.loader import load_record as read_yaml

        _load_rules(rules_file)  # a bad rules file ends here (exit 2)
        rules = read_yaml(rules_file) or None
    try:
        day = check_date(date_text, "--date") if date_text else datetime.date.today().isoformat()
    except RecordError as exc:
        _fail(exc)
    return tuple(players), stake, rules, day


def _collect(q: _Questions, players, given: dict) -> dict:
    """The hand as the table tells it, in table order: draw or winner, how, robbed, tiles, melds."""
    from . import answers as entry

    if given["draw"] and (given["winner"] or given["win_type"] or given["robbed"] or given["hand"]):
        raise Usage(msg("--draw takes no --winner, win type, --robbed-kong, --hand or --winning-tile"))
    if given["draw"]:
        winner = None
    elif given["winner"]:
        winner = _checked(lambda t: entry.player(t, players), given["winner"], "--winner")
    else:
        def winner_or_draw(text):
            if text.strip().casefold() in ("d", "draw", "荒莊", "流局"):
                return None
            return entry.player(text, players, numbered=True)
        winner = q.ask(q.words("record_who_won", choices=_numbered(players)), winner_or_draw,
                       "--winner NAME or --draw")
    if winner is None:
        hand = {"draw": True}
        kongs = [_checked(lambda t: entry.kong(t, players), k, "--kong") for k in given["kongs"]]
        if kongs:
            hand["kongs"] = kongs
        return hand
    hand = {"winner": winner}
    if given["robbed"]:
        if given["win_type"]:
            raise Usage(msg("give one win type: --self-draw, --kong-bloom or --robbed-kong NAME"))
        win_type = "robbed_kong"
    elif given["win_type"]:
        win_type = given["win_type"]
    else:
        win_type = q.ask(q.words("record_how", winner=winner),
                         lambda t: entry.choice(t, entry.WIN_TYPE_WORDS, msg("a win type")),
                         "--self-draw, --kong-bloom or --robbed-kong NAME")
    hand["win_type"] = win_type
    if win_type == "robbed_kong":
        if given["robbed"]:
            hand["robbed"] = _checked(lambda t: entry.player(t, players, exclude=(winner,)), given["robbed"],
                                      "--robbed-kong")
        else:
            hand["robbed"] = _ask_player(q, q.words("record_whose_robbed", winner=winner), players,
                                         "--robbed-kong NAME", exclude=(winner,))
    return hand


def _collect_tiles(q: _Questions, players, hand: dict, given: dict, rules, allow_dispute: bool) -> dict:
    """The winner's tiles, winning tile, exposed pungs and every kong, each checked as it comes."""
    from . import answers as entry

    hand = {k: v for k, v in hand.items() if k not in ("hand", "kongs")}
    robbed = hand["win_type"] == "robbed_kong"
    if given["hand"] is not None:
        held = _checked(entry.concealed, given["hand"], "--hand")
        text = " ".join(given["hand"].split())
    else:
        def concealed(text):
            counts = entry.concealed(text)
            if sum(counts) == 14 and not allow_dispute:
                entry.must_win(text, rules)  # no melds can follow: whether it wins is known now
            return counts, " ".join(text.split())
        held, text = q.ask(q.words("record_concealed", winner=hand["winner"]), concealed, "--hand TILES")
    tiles = {"concealed": text}
    if given["winning_tile"] is not None:
        tile = _checked(lambda t: entry.winning_tile(t, held, robbed), given["winning_tile"], "--winning-tile")
    else:
        tile = q.ask(q.words("record_robbed_tile" if robbed else "record_winning_tile"),
                     lambda t: entry.winning_tile(t, held, robbed), "--winning-tile TILE")
    from ..engine.tiles import TILES

    hand["hand"] = tiles
    if given["pungs"]:
        found = []
        for text in given["pungs"]:
            found += _checked(entry.pungs, text, "--pung")
        tiles["pungs"] = found
    elif sum(held) < 14 and q.asking and q.asked:
        def more_pungs(text):
            found = entry.pungs(text) if text.strip() else []
            entry.conservation({"hand": {**tiles, "pungs": found}}, robbed)
            return found
        found = q.ask(q.words("record_pungs"), more_pungs, "--pung TILES", default="")
        if found:
            tiles["pungs"] = found
    tiles["winning_tile"] = str(TILES[tile])
    kongs = [_checked(lambda t: entry.kong(t, players), k, "--kong") for k in given["kongs"]]
    if not given["kongs"] and q.asking and q.asked:
        kongs = _ask_kongs(q, players, hand)
    if kongs:
        hand["kongs"] = kongs
    _checked(lambda h: entry.conservation(h, robbed), hand, msg("this hand"))
    return hand


def _ask_kongs(q: _Questions, players, hand: dict) -> list[dict]:
    from . import answers as entry

    kongs: list[dict] = []
    while True:
        def owner(text):
            return None if not text.strip() else entry.player(text, players, numbered=True)
        who = q.ask(q.words("record_kong_whose", n=len(kongs) + 1, choices=_numbered(players)), owner,
                    "--kong", default="")
        if who is None:
            return kongs
        kind = q.ask(q.words("record_kong_type"),
                     lambda t: entry.choice(t, entry.KONG_TYPE_WORDS, msg("a kong type")), "--kong")

        def tile(text):
            found = entry.one_tile(text)
            entry.conservation({**hand, "kongs": kongs + [{"player": who, "type": kind, "tile": found}]},
                               hand.get("win_type") == "robbed_kong")
            return found
        kong = {"player": who, "type": kind, "tile": q.ask(q.words("record_kong_tile"), tile, "--kong")}
        if kind == "exposed":
            kong["from"] = _ask_player(q, q.words("record_discarder"), players, "--kong", exclude=(who,))
        kongs.append(kong)


def _claims(players, claims) -> dict | None:
    from . import answers as entry

    if not claims:
        return None
    out = {}
    for text in claims:
        name, value = _checked(lambda t: entry.claim(t, players), text, "--claimed")
        out[name] = value
    return out


def _judge(build, allow_dispute: bool):
    """Settle what ``build()`` makes; (result, None) when the table can accept it, else (None, why)."""
    try:
        result = build()
    except MeizhouError as exc:
        return None, exc
    last = result.hands[-1] if hasattr(result, "hands") else result
    if last.disputed and not allow_dispute:
        why = list(last.errors)
        if last.record.claimed is not None and last.claim_differences:
            why.append(msg("the claimed balances differ from the settlement: {claims}", claims=tuple(
                msg("{name} claimed {claimed}, computed {computed}", name=k, claimed=v[0], computed=v[1])
                for k, v in last.claim_differences.items())))
        if last.dealer_expected:
            why.append(msg("the rotation gives {dealer} as dealer ({rule})", dealer=last.dealer_expected,
                           rule=FINDINGS["dealer_check"]))
        reasons = why[0]
        for more in why[1:]:
            reasons = msg("{before}; {after}", before=reasons, after=more)
        return None, msg("not recorded: {reasons} (the file holds only hands the table accepted; --allow-dispute "
                         "records it anyway)", reasons=reasons)
    return result, None


def _fill(q: _Questions, players, given: dict, build, allow_dispute: bool, rules):
    """Ask for the hand until it settles; (hand, result). Flags that do not settle end the command."""
    hand = _collect(q, players, given)
    while True:
        if "winner" in hand:
            hand = _collect_tiles(q, players, hand, given, rules, allow_dispute)
        if given["claims"]:
            hand["claimed"] = given["claims"]
        result, why = _judge(lambda: build(hand), allow_dispute)
        if result is not None:
            return hand, result
        if not q.asked or "winner" not in hand:
            _fail(why)
        click.echo("  ✗ " + msg("{message}. Enter the tiles again.", message=why).say(language()))
        given = {**given, "hand": None, "winning_tile": None, "pungs": (), "kongs": ()}


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
    q = _Questions(asking, lang)
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
    sys.exit(code)


def _stopped(exc: click.Abort) -> None:
    """Ctrl-C or the end of input at a question: nothing was written."""
    if isinstance(exc.__context__, EOFError):
        _fail(msg("the input ended before the hand was complete; nothing was written"))
    click.echo("\n" + msg("Stopped; nothing was written.").say(language()), err=True)
    sys.exit(130)


def _record_one(q, given, players_text, stake_text, rules_file, date_text, dealer, claims, allow_dispute, output,
                yes, lang) -> int:
    """``record -o FILE``: one hand record, for a dispute about one hand."""
    import os

    from . import answers as entry
    from ..render import text
    from ..settling.night import settle_data
    from ..records.rules import DEFAULT_RULES

    if output != "-" and os.path.exists(output):
        _fail(at(output, msg("the file exists; record -o writes a new file only")))
    players, stake, rules, day = _table(q, players_text, stake_text, rules_file, date_text)
    if dealer:
        first = _checked(lambda t: entry.player(t, players), dealer, "--dealer")
    else:
        first = _ask_player(q, q.words("record_who_dealt"), players, "--dealer NAME")
    given = {**given, "claims": _claims(players, claims)}
    head = {"date": day, "players": list(players), "dealer": first, "stake": stake}
    if rules:
        head["rules"] = rules

    hand, result = _fill(q, players, given, lambda h: settle_data({**head, **h}), allow_dispute,
                         DEFAULT_RULES.override(rules))
    written = entry.record_yaml({**head, **hand})
    if q.asked and not yes:
        click.echo(text.hand_text(result, lang))
        if not q.confirm(q.words("record_write")):
            click.echo(q.words("record_nothing_written"))
            return EXIT_OK
    if output == "-":
        click.echo(written, nl=False)
        return EXIT_DISPUTE if result.disputed else EXIT_OK
    from ..records import sessionfile

    try:
        sessionfile.write(output, written)
    except OSError as exc:
        _fail(at(output, msg("cannot write the file: {why}", why=reason(exc))))
    click.echo(text.hand_text(result, lang))
    click.echo("\n" + q.words("record_written_to", path=output))
    return EXIT_DISPUTE if result.disputed else EXIT_OK


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
        _fail(msg("{message}; nothing was written", message=said))
    if found is None:
        if amend:
            _fail(at(path, msg("no such session file; there is no hand to amend")))
        players, stake, rules, day = _table(q, players_text, stake_text, rules_file, date_text)
        data = {"date": day, "players": list(players), "stake": stake}
        if rules:
            data["rules"] = rules
        data["hands"] = []
        hand_stake = None
    else:
        if rules_file:
            _fail(at(path, msg("the session's rules are fixed in the file; --rules is only for a new file")))
        data = found.data
        players = tuple(str(p) for p in data["players"])
        if players_text is not None and _checked(entry.players_list, players_text, "--players") != list(players):
            _fail(at("--players", msg(
                "the session is played by {players}; start a new file for another table", players=players)))
        hand_stake = _checked(entry.stake, stake_text, "--stake") if stake_text is not None else None
    number = len(data["hands"]) if amend else len(data["hands"]) + 1  # this hand's number, from 1
    # the dealer: the rotation's (R10), or named when nobody can say (the first hand, after a dispute)
    expected = before.next_dealer if before is not None else None
    old_last = found.data["hands"][-1] if found is not None and amend else {}
    named = None
    if isinstance(old_last, dict) and "dealer" in old_last and not dealer:
        named = entry.player(str(old_last["dealer"]), players)
    elif dealer:
        named = _checked(lambda t: entry.player(t, players), dealer, "--dealer")
        if expected is not None and named != expected:
            _fail(at("--dealer", msg(
                "the rotation gives {expected} as the dealer of hand {number} ({rule}); leave --dealer out and "
                "record follows it", expected=expected, number=number, rule=FINDINGS["dealer_check"])))
        if expected is not None:
            named = None
    elif expected is None:
        why = q.words("record_first_hand" if number == 1 else "record_after_dispute")
        named = _ask_player(q, q.words("record_who_dealt_hand", n=number, why=why), players, "--dealer NAME")
    click.echo(q.words("record_deals", n=number, dealer=named or expected), err=not q.asking)
    given = {**given, "claims": _claims(players, claims)}

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

    hand, result = _fill(q, players, given, build, allow_dispute, DEFAULT_RULES.override(data.get("rules")))
    previewed = q.asked and not yes
    moved = False  # did another record write first, so that this hand's number changed?
    if previewed:
        click.echo(text.session_hand_text(result, number, lang))
        if not q.confirm(q.words("record_record", n=number)):
            click.echo(q.words("record_nothing_written"))
            return EXIT_OK
    item = lambda indent, newline: entry.hand_yaml(as_written(hand), indent, newline)  # noqa: E731
    try:
        with sessionfile.locked(path):
            now = sessionfile.read(path)
            if (now is None) != (found is None) or (now is not None and now.text != found.text):
                # another record wrote meanwhile: this hand goes after it, and must still settle
                if now is None or amend:
                    _fail(at(path, msg("the file changed while this hand was entered; nothing was written")))
                result, why = _judge(lambda: build(hand, now.data), allow_dispute)
                if result is None:
                    _fail(at(path, msg("the file changed while this hand was entered, and {why}", why=why)))
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
        _fail(exc)
    except OSError as exc:
        _fail(at(path, msg("cannot write the file: {why}; nothing was written",
                                                               why=reason(exc))))
    if not previewed or moved:  # the hand as written, unless it was just shown as it is
        click.echo(text.session_hand_text(result, number, lang))
    click.echo("")
    click.echo(text.totals_text(result, lang))
    click.echo("\n" + q.words("record_replaced" if amend else "record_recorded", n=number, path=path))
    return EXIT_DISPUTE if result.hands[-1].disputed else EXIT_OK


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
            _fail(at(session_file, msg("no such session file")))
        remaining, removed = sessionfile.without_last(found)
        hands = found.data["hands"][:-1]
        result = settle_data({**found.data, "hands": hands})
    except MeizhouError as exc:
        _fail(exc)
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
                sys.exit(EXIT_OK)
        except click.Abort as exc:
            _stopped(exc)
    try:
        with sessionfile.locked(session_file):
            now = sessionfile.read(session_file)
            if now is None or now.text != found.text:
                _fail(at(session_file, msg("the file changed meanwhile; nothing was removed")))
            sessionfile.write(session_file, remaining, found.bom)
    except MeizhouError as exc:
        _fail(exc)
    except OSError as exc:
        _fail(at(session_file, msg(
            "cannot write the file: {why}; nothing was removed", why=reason(exc))))
    click.echo(say(lang, "record_removed", n=number) + "\n")
    click.echo(text.totals_text(result, lang))



