"""The command line (SPEC §4): the only module that imports click, prints or exits.

Heavy modules (PyYAML, tabulate, the tile tables) are imported inside the
commands that use them, so ``meizhou-score --help`` pays only for click.
"""

from __future__ import annotations

import sys

import click

from . import __version__
from .errors import MeizhouError, RecordError

EXIT_OK, EXIT_DISPUTE, EXIT_BAD = 0, 1, 2


def _fail(message: str) -> None:
    click.echo(f"meizhou-score: error: {message}", err=True)
    sys.exit(EXIT_BAD)


def common(func):
    """--version and --help on every command."""
    func = click.version_option(__version__, prog_name="meizhou-score")(func)
    return click.help_option("-h", "--help")(func)


def format_option(func):
    return click.option("--format", "fmt", type=click.Choice(["table", "json"]), default="table",
                        show_default=True, help="Output as a table or as JSON (SPEC §5).")(func)


def rules_option(func):
    return click.option("--rules", "rules_file", metavar="FILE", type=click.Path(dir_okay=False),
                        help="House-rules YAML file; the record's own rules: override it.")(func)


def _load_rules(rules_file):
    """The defaults, or a house-rules file over them; a bad file ends the command (exit 2)."""
    from .rules import DEFAULT_RULES

    if not rules_file:
        return DEFAULT_RULES
    from . import load_rules

    try:
        return load_rules(rules_file)
    except MeizhouError as exc:
        _fail(str(exc))


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="meizhou-score")
def cli():
    """Settle and check the gold payouts of Meizhou (梅州, Hakka) mahjong.

    \b
    Examples:
      meizhou-score settle examples/self-draw.yaml
      meizhou-score settle examples/robbed-kong.yaml --explain --lang zh
      meizhou-score check 1112345678999m
      meizhou-score rules --format json

    Exit codes: 0 settled and agreed; 1 a dispute (not a win, claims or dealer
    differ); 2 a bad record or bad usage.
    """


@cli.command()
@click.argument("file", metavar="FILE")
@rules_option
@format_option
@click.option("--explain", is_flag=True, help="List every payment with the rule behind it.")
@click.option("--lang", type=click.Choice(["en", "zh"]), default="en", show_default=True,
              help="Language of the table and explanation.")
@click.option("--settle-up", "settle_up", is_flag=True,
              help="Also say who pays whom, in the fewest payments that square the balances.")
@click.option("--jsonl", is_flag=True,
              help="Bulk mode: FILE holds one JSON record per line; print one JSON result per line.")
@click.option("--max-record-bytes", type=click.IntRange(1), default=None, metavar="N",
              help="Refuse a hand record larger than N bytes [default: 1 MiB, or MEIZHOU_MAX_RECORD_BYTES].")
@click.option("--max-session-bytes", type=click.IntRange(1), default=None, metavar="N",
              help="Refuse a session larger than N bytes [default: 64 MiB, or MEIZHOU_MAX_SESSION_BYTES].")
@common
def settle(file, rules_file, fmt, explain, lang, settle_up, jsonl, max_record_bytes, max_session_bytes):
    """Settle a hand record or a session FILE (- reads standard input).

    Prints the validation, every player's balance and the next dealer, and
    checks any claimed balances.

    \b
    Examples:
      meizhou-score settle examples/self-draw.yaml
      meizhou-score settle examples/kongs-every-type.yaml --explain
      meizhou-score settle examples/session.yaml --format json
      cat hand.yaml | meizhou-score settle - --lang zh
      meizhou-score settle --jsonl hands.jsonl > results.jsonl
    """
    if jsonl:
        _settle_jsonl(file, rules_file, max_record_bytes)
    from .loader import load_record
    from .pipeline import settle_data

    rules = _load_rules(rules_file)
    try:
        result = settle_data(load_record(file, max_record_bytes, max_session_bytes), rules)
    except RecordError as exc:
        _fail(str(exc if exc.source else exc.with_source("<stdin>" if file == "-" else file)))
    except MeizhouError as exc:  # pragma: no cover - every record error is a RecordError
        _fail(f"{file}: {exc}")
    if fmt == "json":
        from .jsonout import result_text
    else:
        from .text import result_text
    click.echo(result_text(result, settle_up) if fmt == "json" else result_text(result, lang, explain, settle_up))
    sys.exit(EXIT_DISPUTE if result.disputed else EXIT_OK)


def _settle_jsonl(file, rules_file, max_line_bytes):
    from .bulk import run
    from .loader import MAX_RECORD_BYTES

    rules = _load_rules(rules_file)
    try:
        source = sys.stdin if file == "-" else open(file, encoding="utf-8", errors="strict")
    except OSError as exc:
        _fail(f"{file}: cannot read the file: {exc.strerror or exc}")
    out = sys.stdout.buffer
    try:
        with source:
            summary = run(source, out, rules, max_line_bytes or MAX_RECORD_BYTES)
    except UnicodeDecodeError as exc:
        _fail(f"{file}: not UTF-8 text ({exc.reason})")
    out.flush()
    sys.exit(EXIT_BAD if summary.refused else EXIT_DISPUTE if summary.disputed else EXIT_OK)


@cli.command()
@click.argument("tiles", metavar="TILES")
@click.option("--pung", "pungs", multiple=True, metavar="TILES", help="An exposed pung (碰), e.g. 777z.")
@click.option("--kong", "kongs", multiple=True, metavar="TILES", help="An exposed or added kong (明槓), e.g. 5555m.")
@click.option("--concealed-kong", "concealed_kongs", multiple=True, metavar="TILES",
              help="A concealed kong (暗槓), e.g. 1111z.")
@rules_option
@format_option
@common
def check(tiles, pungs, kongs, concealed_kongs, rules_file, fmt):
    """Analyse TILES: with 14 (melds included) whether they win and how; with 13, the waits (聽牌).

    \b
    Examples:
      meizhou-score check 11122233388899m
      meizhou-score check 1112345678999m
      meizhou-score check 123m456p11s --pung 777z --kong 5555m
    """
    from .check import analyse

    rules = _load_rules(rules_file)
    try:
        result = analyse(tiles, pungs, kongs, rules, concealed_kongs)
    except MeizhouError as exc:
        _fail(str(exc))
    if fmt == "json":
        from .jsonout import dumps

        click.echo(dumps({k: v for k, v in result.items() if k != "reading"}, indent=None))
    else:
        from .text import check_text

        click.echo(check_text(result))


@cli.command()
@rules_option
@format_option
@common
def rules(rules_file, fmt):
    """Print the house rules in force: RULES.md's defaults overridden by --rules FILE.

    \b
    Examples:
      meizhou-score rules
      meizhou-score rules --rules examples/house-rules.yaml --format json
    """
    effective = _load_rules(rules_file)
    if fmt == "json":
        from .jsonout import dumps

        click.echo(dumps(effective.as_dict()))
    else:
        from .text import rules_text

        click.echo(rules_text(effective))


@cli.command()
@click.argument("dealer_dice", type=click.IntRange(2, 12))
@click.argument("breaker_dice", type=click.IntRange(2, 12))
@common
def deal(dealer_dice, breaker_dice):
    """Where to break the wall and how to deal (RULES.md §3), from two dice sums.

    DEALER_DICE is the dealer's throw, BREAKER_DICE the throw of the player
    whose wall is broken.

    \b
    Example:
      meizhou-score deal 10 5     # the document's own example
    """
    from .dealing import deal_text

    click.echo(deal_text(dealer_dice, breaker_dice))


@cli.command()
@common
def schema():
    """Print the JSON Schema of the hand record and session formats (SPEC §2).

    \b
    Example:
      meizhou-score schema > meizhou-record.schema.json
    """
    from .jsonout import dumps
    from .schema import SCHEMA

    click.echo(dumps(SCHEMA))


# ---------------------------------------------------------------- record and undo

class _Questions:
    """Asks for what the flags did not give, when someone is there to answer (stdin is a terminal).

    Each answer is checked as it is typed; a wrong one is explained and asked
    again. With nobody to ask, a missing answer is a usage error naming its flag.
    """

    def __init__(self, asking: bool):
        self.asking = asking
        self.asked = False  # has anything been asked? (then optional melds are asked too)

    def ask(self, question: str, check, flag: str, default: str | None = None):
        if not self.asking:
            raise click.UsageError(f"missing {flag} (or run record in a terminal to be asked)")
        self.asked = True
        while True:
            answer = click.prompt(question, default=default, show_default=bool(default))
            try:
                return check(answer)
            except MeizhouError as exc:
                click.echo(f"  ✗ {exc}. Try again.")

    def confirm(self, question: str) -> bool:
        return click.confirm(question, default=True)


def _checked(check, value, flag: str):
    """A flag's value through the same check a typed answer gets; a bad one ends the command (exit 2)."""
    try:
        return check(value)
    except MeizhouError as exc:
        _fail(f"{flag}: {exc}")


def _numbered(players, exclude=()) -> str:
    return "  ".join(f"[{n}] {name}" for n, name in enumerate(players, start=1) if name not in exclude)


def _ask_player(q: _Questions, question: str, players, flag: str, exclude=()) -> str:
    from . import entry

    return q.ask(f"{question} {_numbered(players, exclude)}",
                 lambda text: entry.player(text, players, numbered=True, exclude=exclude), flag)


def _table(q: _Questions, players_text, stake_text, rules_file, date_text):
    """The table of a new session or hand: players, stake, house rules and date (flags or answers)."""
    import datetime

    from . import entry
    from .validators import date as check_date
    from .errors import RecordError

    if players_text is not None:
        players = _checked(entry.players_list, players_text, "--players")
    else:
        players = q.ask("Players in seat order East, South, West, North (comma-separated)",
                        entry.players_list, "--players A,B,C,D")
    if stake_text is not None:
        stake = _checked(entry.stake, stake_text, "--stake")
    elif q.asking:
        stake = q.ask("Stake (gold per unit, 底分)", entry.stake, "--stake N", default="1")
    else:
        from decimal import Decimal

        stake = Decimal(1)
    rules = None
    if rules_file:
        from . import load_rules
        from .loader import load_record as read_yaml

        _load_rules(rules_file)  # a bad rules file ends here (exit 2)
        rules = read_yaml(rules_file) or None
    try:
        day = check_date(date_text, "--date") if date_text else datetime.date.today().isoformat()
    except RecordError as exc:
        _fail(str(exc))
    return tuple(players), stake, rules, day


def _collect(q: _Questions, players, given: dict) -> dict:
    """The hand as the table tells it, in table order: draw or winner, how, robbed, tiles, melds."""
    from . import entry

    if given["draw"] and (given["winner"] or given["win_type"] or given["robbed"] or given["hand"]):
        raise click.UsageError("--draw takes no --winner, win type, --robbed-kong, --hand or --winning-tile")
    if given["draw"]:
        winner = None
    elif given["winner"]:
        winner = _checked(lambda t: entry.player(t, players), given["winner"], "--winner")
    else:
        def winner_or_draw(text):
            if text.strip().casefold() in ("d", "draw", "荒莊", "流局"):
                return None
            return entry.player(text, players, numbered=True)
        winner = q.ask(f"Who won? {_numbered(players)}  [d] draw (荒莊)", winner_or_draw, "--winner NAME or --draw")
    if winner is None:
        hand = {"draw": True}
        kongs = [_checked(lambda t: entry.kong(t, players), k, "--kong") for k in given["kongs"]]
        if kongs:
            hand["kongs"] = kongs
        return hand
    hand = {"winner": winner}
    if given["robbed"]:
        if given["win_type"]:
            raise click.UsageError("give one win type: --self-draw, --kong-bloom or --robbed-kong NAME")
        win_type = "robbed_kong"
    elif given["win_type"]:
        win_type = given["win_type"]
    else:
        win_type = q.ask(f"How did {winner} win?  [1] self-draw (自摸)  [2] kong bloom (槓上開花)  "
                         "[3] robbed kong (搶槓)", lambda t: entry.choice(t, entry.WIN_TYPE_WORDS, "win type"),
                         "--self-draw, --kong-bloom or --robbed-kong NAME")
    hand["win_type"] = win_type
    if win_type == "robbed_kong":
        if given["robbed"]:
            hand["robbed"] = _checked(lambda t: entry.player(t, players, exclude=(winner,)), given["robbed"],
                                      "--robbed-kong")
        else:
            hand["robbed"] = _ask_player(q, f"Whose kong did {winner} rob?", players, "--robbed-kong NAME",
                                         exclude=(winner,))
    return hand


def _collect_tiles(q: _Questions, players, hand: dict, given: dict, rules, allow_dispute: bool) -> dict:
    """The winner's tiles, winning tile, exposed pungs and every kong, each checked as it comes."""
    from . import entry

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
        held, text = q.ask(f"{hand['winner']}'s concealed tiles, winning tile included "
                           "(e.g. 123m 456p 789s 234s 55z)", concealed, "--hand TILES")
    tiles = {"concealed": text}
    if given["winning_tile"] is not None:
        tile = _checked(lambda t: entry.winning_tile(t, held, robbed), given["winning_tile"], "--winning-tile")
    else:
        tile = q.ask("Winning tile" + (" (the robbed tile)" if robbed else ""),
                     lambda t: entry.winning_tile(t, held, robbed), "--winning-tile TILE")
    from .tiles import TILES

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
        found = q.ask("Exposed pungs (碰), e.g. 777z 999m; Enter if none", more_pungs, "--pung TILES", default="")
        if found:
            tiles["pungs"] = found
    tiles["winning_tile"] = str(TILES[tile])
    kongs = [_checked(lambda t: entry.kong(t, players), k, "--kong") for k in given["kongs"]]
    if not given["kongs"] and q.asking and q.asked:
        kongs = _ask_kongs(q, players, hand)
    if kongs:
        hand["kongs"] = kongs
    _checked(lambda h: entry.conservation(h, robbed), hand, "the hand")
    return hand


_KONG_TYPES_QUESTION = "Type?  [1] concealed (暗槓)  [2] added (加槓)  [3] exposed (直槓, from a discard)"


def _ask_kongs(q: _Questions, players, hand: dict) -> list[dict]:
    from . import entry

    kongs: list[dict] = []
    while True:
        def owner(text):
            return None if not text.strip() else entry.player(text, players, numbered=True)
        who = q.ask(f"Kong {len(kongs) + 1}: whose? {_numbered(players)}  (Enter: no more kongs)", owner,
                    "--kong", default="")
        if who is None:
            return kongs
        kind = q.ask(_KONG_TYPES_QUESTION, lambda t: entry.choice(t, entry.KONG_TYPE_WORDS, "kong type"), "--kong")

        def tile(text):
            found = entry.one_tile(text)
            entry.conservation({**hand, "kongs": kongs + [{"player": who, "type": kind, "tile": found}]},
                               hand.get("win_type") == "robbed_kong")
            return found
        kong = {"player": who, "type": kind, "tile": q.ask("Tile?", tile, "--kong")}
        if kind == "exposed":
            kong["from"] = _ask_player(q, "Who discarded it?", players, "--kong", exclude=(who,))
        kongs.append(kong)


def _claims(players, claims) -> dict | None:
    from . import entry

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
        return None, str(exc)
    last = result.hands[-1] if hasattr(result, "hands") else result
    if last.disputed and not allow_dispute:
        why = list(last.errors)
        if last.record.claimed is not None and last.claim_differences:
            why.append("the claimed balances differ from the settlement: " + ", ".join(
                f"{k} claimed {v[0]}, computed {v[1]}" for k, v in last.claim_differences.items()))
        if last.dealer_expected:
            why.append(f"the rotation gives {last.dealer_expected} as dealer (R10)")
        return None, ("not recorded: " + "; ".join(why) +
                      " (the file holds only hands the table accepted; --allow-dispute records it anyway)")
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
        click.echo(f"  ✗ {why}. Enter the tiles again.")
        given = {**given, "hand": None, "winning_tile": None, "pungs": (), "kongs": ()}


@cli.command()
@click.argument("session_file", metavar="SESSION.yaml", required=False)
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
@click.option("-o", "--output", metavar="FILE", help="Write one hand record to FILE (- prints it) instead of a session.")
@click.option("--yes", "-y", is_flag=True, help="Record without asking for confirmation.")
@click.option("--ask/--no-ask", default=None,
              help="Ask for what the flags leave out [default: when standard input is a terminal].")
@click.option("--lang", type=click.Choice(["en", "zh"]), default="en", show_default=True,
              help="Language of the settlement table.")
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
    q = _Questions(asking)
    given = {"draw": draw, "winner": winner, "win_type": win_type, "robbed": robbed, "hand": concealed,
             "winning_tile": winning_tile, "pungs": pungs, "kongs": kongs, "claims": None}
    try:
        if output is not None:
            if session_file:
                raise click.UsageError("give SESSION.yaml or -o FILE, not both")
            code = _record_one(q, given, players_text, stake_text, rules_file, date_text, dealer, claims,
                               allow_dispute, output, yes, lang)
        elif not session_file:
            raise click.UsageError("missing SESSION.yaml (or -o FILE for a single hand record)")
        else:
            code = _record_session(q, given, session_file, players_text, stake_text, rules_file, date_text, dealer,
                                   claims, amend, allow_dispute, yes, lang)
    except click.Abort as exc:
        _stopped(exc)
    sys.exit(code)


def _stopped(exc: click.Abort) -> None:
    """Ctrl-C or the end of input at a question: nothing was written."""
    if isinstance(exc.__context__, EOFError):
        _fail("the input ended before the hand was complete; nothing was written")
    click.echo("\nStopped; nothing was written.", err=True)
    sys.exit(130)


def _record_one(q, given, players_text, stake_text, rules_file, date_text, dealer, claims, allow_dispute, output,
                yes, lang) -> int:
    """``record -o FILE``: one hand record, for a dispute about one hand."""
    import os

    from . import entry, text
    from .pipeline import settle_data
    from .rules import DEFAULT_RULES

    if output != "-" and os.path.exists(output):
        _fail(f"{output}: the file exists; record -o writes a new file only")
    players, stake, rules, day = _table(q, players_text, stake_text, rules_file, date_text)
    if dealer:
        first = _checked(lambda t: entry.player(t, players), dealer, "--dealer")
    else:
        first = _ask_player(q, "Who dealt?", players, "--dealer NAME")
    given = {**given, "claims": _claims(players, claims)}
    head = {"date": day, "players": list(players), "dealer": first, "stake": stake}
    if rules:
        head["rules"] = rules

    hand, result = _fill(q, players, given, lambda h: settle_data({**head, **h}), allow_dispute,
                         DEFAULT_RULES.override(rules))
    written = entry.record_yaml({**head, **hand})
    if q.asked and not yes:
        click.echo(text.hand_text(result, lang))
        if not q.confirm("Write this hand?"):
            click.echo("Nothing was written.")
            return EXIT_OK
    if output == "-":
        click.echo(written, nl=False)
        return EXIT_DISPUTE if result.disputed else EXIT_OK
    from . import sessionfile

    try:
        sessionfile.write(output, written)
    except OSError as exc:
        _fail(f"{output}: cannot write the file: {exc.strerror or exc}")
    click.echo(text.hand_text(result, lang))
    click.echo(f"\nWritten to {output}.")
    return EXIT_DISPUTE if result.disputed else EXIT_OK


def _record_session(q, given, path, players_text, stake_text, rules_file, date_text, dealer, claims, amend,
                    allow_dispute, yes, lang) -> int:
    from . import entry, sessionfile, text
    from .pipeline import settle_data

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
        _fail(f"{exc}; nothing was written" if isinstance(exc, RecordError) and exc.source
              else f"{path}: {exc}; nothing was written")
    if found is None:
        if amend:
            _fail(f"{path}: no such session file; there is no hand to amend")
        players, stake, rules, day = _table(q, players_text, stake_text, rules_file, date_text)
        data = {"date": day, "players": list(players), "stake": stake}
        if rules:
            data["rules"] = rules
        data["hands"] = []
        hand_stake = None
    else:
        if rules_file:
            _fail(f"{path}: the session's rules are fixed in the file; --rules is only for a new file")
        data = found.data
        players = tuple(str(p) for p in data["players"])
        if players_text is not None and _checked(entry.players_list, players_text, "--players") != list(players):
            _fail(f"--players: the session is played by {', '.join(players)}; start a new file for another table")
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
            _fail(f"--dealer: the rotation gives {expected} as the dealer of hand {number} (R10); "
                  "leave --dealer out and record follows it")
        if expected is not None:
            named = None
    elif expected is None:
        why = "the first hand" if number == 1 else "the hand before was not a legal win, so nobody can say"
        named = _ask_player(q, f"Who dealt hand {number}? ({why})", players, "--dealer NAME")
    click.echo(f"Hand {number}: {named or expected} deals.", err=not q.asking)
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

    from .rules import DEFAULT_RULES

    hand, result = _fill(q, players, given, build, allow_dispute, DEFAULT_RULES.override(data.get("rules")))
    previewed = q.asked and not yes
    moved = False  # did another record write first, so that this hand's number changed?
    if previewed:
        click.echo(text.session_hand_text(result, number, lang))
        if not q.confirm(f"Record hand {number}?"):
            click.echo("Nothing was written.")
            return EXIT_OK
    item = lambda indent, newline: entry.hand_yaml(as_written(hand), indent, newline)  # noqa: E731
    try:
        with sessionfile.locked(path):
            now = sessionfile.read(path)
            if (now is None) != (found is None) or (now is not None and now.text != found.text):
                # another record wrote meanwhile: this hand goes after it, and must still settle
                if now is None or amend:
                    _fail(f"{path}: the file changed while this hand was entered; nothing was written")
                result, why = _judge(lambda: build(hand, now.data), allow_dispute)
                if result is None:
                    _fail(f"{path}: the file changed while this hand was entered, and {why}")
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
        _fail(str(exc))
    except OSError as exc:
        _fail(f"{path}: cannot write the file: {exc.strerror or exc}; nothing was written")
    if not previewed or moved:  # the hand as written, unless it was just shown as it is
        click.echo(text.session_hand_text(result, number, lang))
    click.echo("")
    click.echo(text.totals_text(result, lang))
    click.echo(f"\n{'Replaced' if amend else 'Recorded'} hand {number} in {path}.")
    return EXIT_DISPUTE if result.hands[-1].disputed else EXIT_OK


@cli.command()
@click.argument("session_file", metavar="SESSION.yaml")
@click.option("--yes", "-y", is_flag=True, help="Remove without asking.")
@click.option("--lang", type=click.Choice(["en", "zh"]), default="en", show_default=True,
              help="Language of the totals table.")
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
    from . import sessionfile, text
    from .pipeline import settle_data

    try:
        found = sessionfile.read(session_file)
        if found is None:
            _fail(f"{session_file}: no such session file")
        remaining, removed = sessionfile.without_last(found)
        hands = found.data["hands"][:-1]
        result = settle_data({**found.data, "hands": hands})
    except MeizhouError as exc:
        _fail(str(exc))
    number = len(hands) + 1
    click.echo(f"Hand {number}, as written:\n{removed.rstrip()}")
    if not yes:
        if not sys.stdin.isatty():
            raise click.UsageError("undo asks before removing a hand; pass --yes when nobody can answer")
        try:
            if not click.confirm(f"Remove hand {number}?", default=False):
                click.echo("Nothing was removed.")
                sys.exit(EXIT_OK)
        except click.Abort as exc:
            _stopped(exc)
    try:
        with sessionfile.locked(session_file):
            now = sessionfile.read(session_file)
            if now is None or now.text != found.text:
                _fail(f"{session_file}: the file changed meanwhile; nothing was removed")
            sessionfile.write(session_file, remaining, found.bom)
    except MeizhouError as exc:
        _fail(str(exc))
    except OSError as exc:
        _fail(f"{session_file}: cannot write the file: {exc.strerror or exc}; nothing was removed")
    click.echo(f"Removed hand {number}.\n")
    click.echo(text.totals_text(result, lang))



# ---------------------------------------------------------------- the ledger

def _since_until(func):
    func = click.option("--until", metavar="YYYY-MM-DD", help="Only nights on or before this day.")(func)
    return click.option("--since", metavar="YYYY-MM-DD", help="Only nights on or after this day.")(func)


def _day(value, option):
    from .validators import date

    try:
        return date(value, option) if value else None
    except RecordError as exc:
        raise click.UsageError(str(exc))


def _open(ctx):
    from .ledger import open_ledger

    try:
        return open_ledger(ctx.obj["db"])
    except MeizhouError as exc:
        _fail(str(exc))


@cli.group()
@click.option("--db", metavar="PATH", envvar="MEIZHOU_LEDGER",
              help="The ledger file [default: MEIZHOU_LEDGER, else ~/.local/share/meizhou-score/ledger.sqlite3].")
@common
@click.pass_context
def ledger(ctx, db):
    """The club's ledger: every night in one SQLite file; totals, settle-up, statistics, export.

    \b
    Examples:
      meizhou-score ledger add examples/session.yaml
      meizhou-score ledger totals --since 2026-11-01 --until 2026-11-30
      meizhou-score ledger settle-up --since 2026-11-01
      meizhou-score ledger stats --format csv
      meizhou-score ledger export --format csv > november.csv
    """
    from .ledger import default_path

    ctx.obj = {"db": db or default_path()}


@ledger.command("add")
@click.argument("files", metavar="FILE...", nargs=-1, required=True)
@click.option("--date", "date_text", metavar="YYYY-MM-DD",
              help="The night's date when the file has no date: [default: the file's modification day].")
@rules_option
@click.option("--accept-disputes", is_flag=True, help="Add a night even if a hand in it is disputed.")
@common
@click.pass_context
def ledger_add(ctx, files, date_text, rules_file, accept_disputes):
    """Settle each session (or hand) FILE and store the night: its date, players, rules, hands and payments.

    Adding the same night again changes nothing. A night that does not settle,
    or holds a dispute, is refused (--accept-disputes adds it anyway); nothing
    half-written ever stays.

    \b
    Examples:
      meizhou-score ledger add nights/*.yaml
      meizhou-score ledger add night.yaml --date 2026-11-12
    """
    import datetime
    import os

    from . import ledger as book
    from .loader import load_record

    day = _day(date_text, "--date")
    rules = _load_rules(rules_file)
    conn = _open(ctx)
    worst = EXIT_OK
    for path in files:
        try:
            data = load_record(path)
            when = day or datetime.date.fromtimestamp(os.stat(path).st_mtime).isoformat() if path != "-" else day
            added = book.add(conn, data, path, when, rules, accept_disputes)
        except RecordError as exc:
            click.echo(f"meizhou-score: error: {exc if exc.source else exc.with_source(path)}", err=True)
            worst = EXIT_BAD
            continue
        except MeizhouError as exc:
            click.echo(f"meizhou-score: error: {exc}", err=True)
            worst = EXIT_BAD
            continue
        if added.new:
            click.echo(f"Added night {added.night} ({added.date}, {added.hands} hands) from {path}.")
        else:
            click.echo(f"{path}: already in the ledger as night {added.night} ({added.date}); nothing added.")
    sys.exit(worst)


@ledger.command("nights")
@_since_until
@format_option
@common
@click.pass_context
def ledger_nights(ctx, since, until, fmt):
    """List the nights in the ledger.

    \b
    Example:
      meizhou-score ledger nights --since 2026-11-01
    """
    from . import ledger as book

    found = book.nights(_open(ctx), _day(since, "--since"), _day(until, "--until"))
    if fmt == "json":
        from .jsonout import dumps

        click.echo(dumps([n._asdict() for n in found]))
        return
    from tabulate import tabulate

    rows = [[n.id, n.date, n.hands, ", ".join(n.players), "disputed" if n.disputed else "", n.source] for n in found]
    click.echo(tabulate(rows, headers=["night", "date", "hands", "players", "", "file"], tablefmt="simple",
                        disable_numparse=True) if rows else "The ledger holds no nights in that range.")


@ledger.command("show")
@click.argument("night", type=int)
@format_option
@click.option("--explain", is_flag=True, help="List every payment with the rule behind it.")
@click.option("--lang", type=click.Choice(["en", "zh"]), default="en", show_default=True)
@common
@click.pass_context
def ledger_show(ctx, night, fmt, explain, lang):
    """Settle NIGHT again from what the ledger stored, as `settle` would print it.

    \b
    Example:
      meizhou-score ledger show 3 --explain
    """
    from . import ledger as book
    from .pipeline import settle_data

    try:
        data, rules = book.night_data(_open(ctx), night)
        result = settle_data(data, rules)
    except MeizhouError as exc:
        _fail(str(exc))
    if fmt == "json":
        from .jsonout import result_text
    else:
        from .text import result_text
    click.echo(result_text(result) if fmt == "json" else result_text(result, lang, explain))


@ledger.command("remove")
@click.argument("night", type=int)
@click.option("--yes", "-y", is_flag=True, help="Remove without asking.")
@common
@click.pass_context
def ledger_remove(ctx, night, yes):
    """Remove NIGHT and everything stored with it (asks first, unless --yes).

    \b
    Example:
      meizhou-score ledger remove 3 --yes
    """
    from . import ledger as book

    conn = _open(ctx)
    found = [n for n in book.nights(conn) if n.id == night]
    if not found:
        _fail(f"no night {night} in the ledger (see: meizhou-score ledger nights)")
    n = found[0]
    if not yes:
        if not sys.stdin.isatty():
            raise click.UsageError("ledger remove asks first; pass --yes when nobody can answer")
        if not click.confirm(f"Remove night {n.id} ({n.date}, {n.hands} hands, {', '.join(n.players)})?",
                             default=False):
            click.echo("Nothing was removed.")
            return
    try:
        book.remove(conn, night)
    except MeizhouError as exc:
        _fail(str(exc))
    click.echo(f"Removed night {night}.")


@ledger.command("rename")
@click.argument("old")
@click.argument("new")
@common
@click.pass_context
def ledger_rename(ctx, old, new):
    """Rename a player: OLD's nights, hands and payments become NEW's.

    \b
    Example:
      meizhou-score ledger rename "ah fook" "Ah Fook Chan"
    """
    from . import ledger as book

    try:
        book.rename(_open(ctx), old, new)
    except MeizhouError as exc:
        _fail(str(exc))
    click.echo(f"{old} is now {new}.")


def _table_formats(func):
    return click.option("--format", "fmt", type=click.Choice(["table", "json", "csv"]), default="table",
                        show_default=True, help="A table, JSON or CSV.")(func)


def _emit(rows: list[dict], fmt: str) -> None:
    """Rows of plain values as a table, JSON or CSV."""
    if fmt == "json":
        from .jsonout import dumps

        click.echo(dumps(rows))
    elif fmt == "csv":
        import csv
        import io

        out = io.StringIO()
        if rows:
            writer = csv.DictWriter(out, fieldnames=list(rows[0]), lineterminator="\n")
            writer.writeheader()
            writer.writerows(rows)
        click.echo(out.getvalue(), nl=False)
    elif rows:
        from .columns import columns

        click.echo(columns([list(rows[0])] + [[_cell(v) for v in row.values()] for row in rows]))
    else:
        click.echo("Nothing in that range.")


def _cell(value) -> str:
    from decimal import Decimal

    if isinstance(value, Decimal):
        return format(value.normalize() if value != value.to_integral_value() else value.quantize(1), "f")
    return str(value)


@ledger.command("totals")
@_since_until
@click.option("--player", metavar="NAME", help="Only this player.")
@_table_formats
@common
@click.pass_context
def ledger_totals(ctx, since, until, player, fmt):
    """Each player's net over the nights in a range (all nights by default), exact.

    \b
    Examples:
      meizhou-score ledger totals --since 2026-11-01 --until 2026-11-30
      meizhou-score ledger totals --player mei --format json
    """
    from . import ledger as book
    from .jsonout import number

    try:
        found = book.totals(_open(ctx), _day(since, "--since"), _day(until, "--until"), player)
    except MeizhouError as exc:
        _fail(str(exc))
    _emit([{"player": name, "total": number(value)} for name, value in found.items()], fmt)


@ledger.command("settle-up")
@_since_until
@_table_formats
@common
@click.pass_context
def ledger_settle_up(ctx, since, until, fmt):
    """Who pays whom over the range, in the fewest payments that square every total.

    \b
    Example:
      meizhou-score ledger settle-up --since 2026-11-01 --until 2026-11-30
    """
    from . import ledger as book
    from .settleup import settle_up

    found = book.totals(_open(ctx), _day(since, "--since"), _day(until, "--until"))
    result = settle_up(found)
    _emit([{"from": p.payer, "to": p.payee, "amount": p.amount} for p in result.payments], fmt)
    if not result.exact and fmt == "table":
        click.echo("(more than 20 players owe or are owed: these payments square everyone, "
                   "but fewer may exist)", err=True)


@ledger.command("stats")
@_since_until
@click.option("--player", metavar="NAME", help="Only this player.")
@_table_formats
@common
@click.pass_context
def ledger_stats(ctx, since, until, player, fmt):
    """Per player: nights, hands, wins by type, self-draw rate, times robbed, kongs, biggest hand, net.

    \b
    Examples:
      meizhou-score ledger stats
      meizhou-score ledger stats --player jun --format json
    """
    from . import ledger as book
    from .jsonout import number

    try:
        found = book.stats(_open(ctx), _day(since, "--since"), _day(until, "--until"), player)
    except MeizhouError as exc:
        _fail(str(exc))
    rows = []
    for st in found:
        row = {"player": st.player, "nights": st.nights, "hands": st.hands}
        row.update({f"wins_{k}": v for k, v in st.wins.items()})
        row.update(self_draw_rate=st.self_draw_rate, robbed=st.robbed)
        row.update({f"kongs_{k}": v for k, v in st.kongs.items()})
        row.update(biggest_ratio=st.biggest_ratio, biggest_patterns=" + ".join(st.biggest_patterns),
                   net=number(st.net), net_per_hand=st.net_per_hand)
        rows.append(row)
    _emit(rows, fmt)


@ledger.command("export")
@_since_until
@click.option("--format", "fmt", type=click.Choice(["csv", "jsonl"]), default="csv", show_default=True,
              help="CSV (a row per payment; a hand without payments has one row) or JSON lines (a hand a line).")
@common
@click.pass_context
def ledger_export(ctx, since, until, fmt):
    """Every hand and every payment of the range, for a spreadsheet or another program.

    \b
    Examples:
      meizhou-score ledger export --format csv > club.csv
      meizhou-score ledger export --format jsonl --since 2026-11-01
    """
    from . import ledger as book

    hands = book.rows(_open(ctx), _day(since, "--since"), _day(until, "--until"))
    if fmt == "jsonl":
        from .jsonout import encode

        for hand in hands:
            click.echo(encode(hand).decode("utf-8"))
        return
    import csv

    from .jsonout import number

    writer = csv.writer(click.get_text_stream("stdout"), lineterminator="\n")
    writer.writerow(["night", "date", "hand", "dealer", "draw", "winner", "win_type", "robbed", "valid", "ratio",
                     "patterns", "stake", "from", "to", "units", "amount", "reason", "rule"])
    for hand in hands:
        head = [hand["night"], hand["date"], hand["hand"], hand["dealer"], hand["draw"], hand["winner"] or "",
                hand["win_type"] or "", hand["robbed"] or "", hand["valid"], hand["ratio"],
                " ".join(hand["patterns"]), number(hand["stake"])]
        for t in hand["transfers"] or [None]:
            writer.writerow(head + (["", "", "", "", "", ""] if t is None else
                                    [t["from"], t["to"], t["units"], number(t["amount"]), t["reason"], t["rule"]]))


def main() -> None:
    cli(prog_name="meizhou-score")


if __name__ == "__main__":  # pragma: no cover
    main()
