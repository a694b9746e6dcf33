"""The command line: the only module (with cli_record and cli_ledger) that imports click, prints or exits.

Heavy modules (PyYAML, tabulate, the tile tables) are imported inside the
commands that use them, so ``meizhou-score --help`` pays only for click.
"""

from __future__ import annotations

import sys

import click

from .. import __version__
from ..errors import MeizhouError, RecordError
from ..i18n.messages import Message, at, cannot_read, msg, reason

# 0 settled and agreed; 1 a dispute, and nothing else; 2 bad input or usage; 3 a fault of the program's own
# (a bug: the message says how to report it); 4 the output could not be written (a full disk, a closed
# stdout); 130 stopped by Ctrl-C; 141 the reader closed the pipe (| head), as a shell reports SIGPIPE.
EXIT_OK, EXIT_DISPUTE, EXIT_BAD, EXIT_BUG, EXIT_OUTPUT, EXIT_STOPPED, EXIT_PIPE = 0, 1, 2, 3, 4, 130, 141


def _fail(message: Message | MeizhouError) -> None:
    """Say what is wrong, in the player's language, and end the command (exit 2)."""
    _error(message)
    sys.exit(EXIT_BAD)


def _error(message: Message | MeizhouError) -> None:
    click.echo(msg("meizhou-score: error: {message}", message=message).say(language()), err=True)


class Usage(click.UsageError):
    """Bad usage, its words said in the player's language when shown (exit 2)."""

    def __init__(self, words: Message):
        super().__init__(str(words))
        self.words = words


def language() -> str:
    """The language the player chose: --lang of the command running (or on the command line), else the locale's."""
    ctx = click.get_current_context(silent=True)
    while ctx is not None:
        if ctx.params.get("lang") in ("en", "zh"):
            return ctx.params["lang"]
        ctx = ctx.parent
    args = sys.argv[1:]
    for n, arg in enumerate(args):
        if arg == "--lang" and n + 1 < len(args) and args[n + 1] in ("en", "zh"):
            return args[n + 1]
        if arg in ("--lang=en", "--lang=zh"):
            return arg[7:]
    return locale_language()


def common(func):
    """--version and --help on every command."""
    func = click.version_option(__version__, prog_name="meizhou-score")(func)
    return click.help_option("-h", "--help")(func)


def format_option(func):
    return click.option("--format", "fmt", type=click.Choice(["table", "json"]), default="table",
                        show_default=True, help="Output as a table or as JSON.")(func)


def _checked(check, value, flag: str):
    """A flag's value through the same check a typed answer gets; a bad one ends the command (exit 2)."""
    try:
        return check(value)
    except MeizhouError as exc:
        _fail(at(flag, exc))


def locale_language() -> str:
    """zh when the locale is Chinese (LANG=zh_TW.UTF-8, LC_ALL, LC_MESSAGES), else en."""
    import os

    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name)
        if value:
            return "zh" if value.lower().startswith("zh") else "en"
    return "en"


def lang_option(func):
    """--lang en|zh, by default the locale's language."""
    return click.option("--lang", type=click.Choice(["en", "zh"]), default=locale_language,
                        show_default="en, or zh in a Chinese locale",
                        help="Language of tables and explanations.")(func)


def rules_option(func):
    return click.option("--rules", "rules_file", metavar="FILE", type=click.Path(dir_okay=False),
                        help="House-rules YAML file; the record's own rules: override it.")(func)


def _load_rules(rules_file):
    """The defaults, or a house-rules file over them; a bad file ends the command (exit 2)."""
    from ..records.rules import DEFAULT_RULES

    if rules_file is None:
        return DEFAULT_RULES
    if not rules_file.strip():
        _fail(at("--rules", msg("expected a house-rules file; got an empty name")))
    from .. import load_rules

    try:
        return load_rules(rules_file)
    except MeizhouError as exc:
        _fail(exc)


class _Commands(click.Group):
    """The commands, some of them loaded only when called: ``settle`` must not pay for ``ledger``."""

    LAZY = {"record": "cli.record", "undo": "cli.record", "ledger": "cli.ledger"}

    def list_commands(self, ctx):
        return sorted([*super().list_commands(ctx), *self.LAZY])

    def get_command(self, ctx, name):
        if name in self.LAZY:
            import importlib

            return getattr(importlib.import_module(f"meizhou_score.{self.LAZY[name]}"), name)
        return super().get_command(ctx, name)


@click.group(cls=_Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="meizhou-score")
def cli():
    """Settle and check the gold payouts of Meizhou (梅州, Hakka) mahjong.

    \b
    Examples:
      meizhou-score settle examples/self-draw.yaml
      meizhou-score settle examples/robbed-kong.yaml --explain --lang zh
      meizhou-score check 1112345678999m
      meizhou-score check 123m 456m 789p 234s 5s
      meizhou-score rules --format json

    Exit codes: 0 settled and agreed; 1 a dispute (not a win, claims or dealer
    differ); 2 a bad record or bad usage.
    """


@cli.command()
@click.argument("files", metavar="FILE...", nargs=-1, required=True, type=click.Path())
@rules_option
@format_option
@click.option("--explain", is_flag=True, help="List every payment with the rule behind it.")
@lang_option
@click.option("--settle-up", "settle_up", is_flag=True,
              help="Also say who pays whom, in the fewest payments that square the balances.")
@click.option("--jsonl", is_flag=True,
              help="Bulk mode: FILE holds one JSON record per line; print one JSON result per line.")
@click.option("--jobs", type=click.IntRange(0, 256), default=1, show_default=True, metavar="N",
              help="Bulk mode: settle on N worker processes (0: every core); the output is the same.")
@click.option("--max-record-bytes", type=click.IntRange(1, 1 << 30), default=None, metavar="N",
              help="Refuse a hand record larger than N bytes [default: 1 MiB, or MEIZHOU_MAX_RECORD_BYTES].")
@click.option("--max-session-bytes", type=click.IntRange(1, 1 << 30), default=None, metavar="N",
              help="Refuse a session larger than N bytes [default: 4 MiB, or MEIZHOU_MAX_SESSION_BYTES].")
@common
def settle(files, rules_file, fmt, explain, lang, settle_up, jsonl, jobs, max_record_bytes, max_session_bytes):
    """Settle hand records or sessions: each FILE (- reads standard input).

    Prints the validation, every player's balance and the next dealer, and
    checks any claimed balances. With several files each is reported under its
    name (JSON: a list of objects with "file" first), and the exit code is the
    worst of them.

    \b
    Examples:
      meizhou-score settle examples/self-draw.yaml
      meizhou-score settle examples/kongs-every-type.yaml --explain
      meizhou-score settle examples/session.yaml --format json
      meizhou-score settle examples/*.yaml
      cat hand.yaml | meizhou-score settle - --lang zh
      meizhou-score settle --jsonl hands.jsonl > results.jsonl
    """
    if jsonl:
        if len(files) != 1:
            raise Usage(msg("--jsonl reads one file of lines"))
        _settle_jsonl(files[0], rules_file, max_record_bytes, jobs)
    if jobs != 1:
        raise Usage(msg("--jobs is for bulk mode (--jsonl)"))
    from ..records.loader import load_record
    from ..settling.night import settle_data

    rules = _load_rules(rules_file)
    if fmt == "json":
        from ..render.jsonout import result_json, result_text, settle_up_json
    else:
        from ..render.text import result_text
    worst, reports = EXIT_OK, []
    for file in files:
        try:
            result = settle_data(load_record(file, max_record_bytes, max_session_bytes), rules)
        except RecordError as exc:
            exc = exc if exc.source else exc.with_source("<stdin>" if file == "-" else file)
            if len(files) == 1:
                _fail(exc)
            _error(exc)
            worst = EXIT_BAD
            continue
        code = EXIT_DISPUTE if result.disputed else EXIT_OK
        worst = max(worst, code)
        if len(files) == 1:
            click.echo(result_text(result, settle_up) if fmt == "json" else result_text(result, lang, explain,
                                                                                        settle_up))
        elif fmt == "json":
            obj = {"file": file, **result_json(result)}
            if settle_up:
                obj["settle_up"] = settle_up_json(result)
            reports.append(obj)
        else:
            click.echo(f"{file}\n{'-' * len(file)}\n{result_text(result, lang, explain, settle_up)}\n")
    if reports:
        from ..render.jsonout import dumps

        click.echo(dumps(reports))
    sys.exit(worst)


def _settle_jsonl(file, rules_file, max_line_bytes, jobs=1):
    from ..bulk.lines import lines_of, run
    from ..records.loader import MAX_RECORD_BYTES

    ctx = click.get_current_context()
    for name, flag in (("explain", "--explain"), ("lang", "--lang"), ("fmt", "--format")):
        if ctx.get_parameter_source(name) not in (None, click.core.ParameterSource.DEFAULT,
                                                   click.core.ParameterSource.DEFAULT_MAP):
            if name != "fmt" or ctx.params["fmt"] != "json":
                raise Usage(msg("{flag} does nothing with --jsonl (bulk mode writes JSON lines); leave it out",
                                flag=flag))
    rules = _load_rules(rules_file)
    limit = max_line_bytes or MAX_RECORD_BYTES
    try:
        source = sys.stdin.buffer if file == "-" else open(file, "rb")
    except OSError as exc:
        _fail(at(file, cannot_read(exc)))
    out = sys.stdout.buffer
    try:
        if jobs == 1:
            summary = run(lines_of(source, limit), out, rules, limit)
        else:
            from ..bulk.parallel import cores, run_parallel

            rules_data = None
            if rules_file:
                from ..records.loader import load_record as read_yaml

                rules_data = read_yaml(rules_file)  # already checked above; workers rebuild the Rules
            summary = run_parallel(lines_of(source, limit), out, jobs or cores(), rules_data, limit)
    except OSError as exc:
        if isinstance(exc, BrokenPipeError):
            raise
        _fail(at(file, cannot_read(exc)))
    finally:
        if source is not sys.stdin.buffer:
            source.close()
    out.flush()
    said = msg("{settled:,} settled, {disputed:,} disputed, {refused:,} refused", settled=summary.settled,
               disputed=summary.disputed, refused=summary.refused)
    if summary.failed:
        said += msg(", {failed:,} failed (a bug)", failed=summary.failed)
    click.echo(f"meizhou-score: {said.say(language())}", err=True)
    sys.exit(EXIT_BUG if summary.failed else EXIT_BAD if summary.refused else
             EXIT_DISPUTE if summary.disputed else EXIT_OK)


@cli.command()
@click.argument("tiles", metavar="TILES...", nargs=-1, required=True)
@click.option("--pung", "pungs", multiple=True, metavar="TILES", help="An exposed pung (碰), e.g. 777z.")
@click.option("--kong", "kongs", multiple=True, metavar="TILES", help="An exposed or added kong (明槓), e.g. 5555m.")
@click.option("--concealed-kong", "concealed_kongs", multiple=True, metavar="TILES",
              help="A concealed kong (暗槓), e.g. 1111z.")
@rules_option
@format_option
@lang_option
@common
def check(tiles, pungs, kongs, concealed_kongs, rules_file, fmt, lang):
    """Analyse TILES: with 14 (melds included) whether they win and how; with 13, the waits (聽牌).

    \b
    Examples:
      meizhou-score check 11122233388899m
      meizhou-score check 1112345678999m
      meizhou-score check 123m 456m 789p 234s 5s
      meizhou-score check 123m456p11s --pung 777z --kong 5555m
    """
    from ..settling.analysis import analyse

    rules = _load_rules(rules_file)
    try:
        result = analyse(" ".join(tiles), pungs, kongs, rules, concealed_kongs)
    except MeizhouError as exc:
        _fail(exc)
    if fmt == "json":
        from ..render.jsonout import dumps

        click.echo(dumps({k: v for k, v in result.items() if k != "reading"}, indent=None))
    else:
        from ..render.text import check_text

        click.echo(check_text(result, rules, lang))


@cli.command()
@rules_option
@format_option
@click.option("--explain", "ruling", metavar="R1..R11", help="Print one ruling, what it says and why.")
@lang_option
@common
def rules(rules_file, fmt, ruling, lang):
    """Print the house rules in force: the defaults (docs/rules.md) overridden by --rules FILE.

    \b
    Examples:
      meizhou-score rules
      meizhou-score rules --explain R7
      meizhou-score rules --rules examples/house-rules.yaml --format json
    """
    if ruling is not None:
        from ..i18n.rulings import EXPLAINED

        key = ruling.strip().upper()
        key = key if key.startswith("R") else f"R{key}"
        if key not in EXPLAINED:
            raise Usage(msg("--explain: expected a ruling R1 to R11; got {found!r}", found=ruling))
        from ..i18n.rulings import EXPLAINED_CHINESE
        from ..render.text import ruling_text

        what, why = (EXPLAINED_CHINESE if lang == "zh" else EXPLAINED)[key]
        if fmt == "json":
            from ..render.jsonout import dumps

            click.echo(dumps({"ruling": key, "says": what, "why": why}))
        else:
            click.echo(ruling_text(key, what, why, lang))
        return
    effective = _load_rules(rules_file)
    if fmt == "json":
        from ..render.jsonout import dumps

        click.echo(dumps(effective.as_dict()))
    else:
        from ..render.text import rules_text

        click.echo(rules_text(effective, lang))


@cli.command()
@click.argument("dice", metavar="DEALER_DICE BREAKER_DICE", nargs=-1, type=click.IntRange(2, 12))
@click.option("--players", "players_text", metavar="A,B,C,D", help="The players as they sit, in play order.")
@click.option("--dealer", metavar="NAME", help="Who deals (one of --players); names the players in the deal.")
@click.option("--seats", "seat_throw", type=click.IntRange(2, 12), metavar="SUM",
              help="Before the first hand: a throw of SUM by the first of --players, counted off to East.")
@format_option
@lang_option
@common
def deal(dice, players_text, dealer, seat_throw, fmt, lang):
    """Where to break the wall and how to deal (docs/rules.md, the game in brief), from two dice sums.

    DEALER_DICE is the dealer's throw, BREAKER_DICE the throw of the player
    whose wall is broken. With --players and --dealer the players are named;
    with --seats SUM, the seats are drawn instead: the thrower (the first of
    --players) counts SUM off in play order, starting from themself, and the
    player it lands on sits East.

    \b
    Examples:
      meizhou-score deal 10 5     # the document's own example
      meizhou-score deal 10 5 --players "Ah Fook,Mei,Jun,Lan" --dealer "Ah Fook" --format json
      meizhou-score deal --seats 7 --players "Ah Fook,Mei,Jun,Lan"
    """
    from . import answers as entry
    from ..settling.dealing import deal_json, deal_text, seats, seats_text

    players = tuple(_checked(entry.players_list, players_text, "--players")) if players_text else None
    if seat_throw is not None:
        if dice or players is None:
            raise Usage(msg("--seats SUM takes --players and no dice"))
        if fmt == "json":
            from ..render.jsonout import dumps

            click.echo(dumps({"throw": seat_throw, "thrower": players[0], "seats": seats(seat_throw, players)}))
        else:
            click.echo(seats_text(seat_throw, players, lang))
        return
    if len(dice) != 2:
        raise Usage(msg("expected two dice sums, DEALER_DICE BREAKER_DICE (or --seats SUM)"))
    names = None
    if dealer is not None or players is not None:
        if dealer is None or players is None:
            raise Usage(msg("--players and --dealer go together"))
        first = _checked(lambda t: entry.player(t, players), dealer, "--dealer")
        d = players.index(first)
        names = tuple(players[(d + k) % 4] for k in range(4))  # from the dealer on, in play order
    if fmt == "json":
        from ..render.jsonout import dumps

        click.echo(dumps(deal_json(dice[0], dice[1], names)))
    else:
        click.echo(deal_text(dice[0], dice[1], names, lang))


@cli.command()
@click.option("--house-rules", "house_rules", is_flag=True, help="The schema of a house-rules file instead.")
@common
def schema(house_rules):
    """Print the JSON Schema of the hand record and session formats, or of a house-rules file.

    Editors that read JSON Schema check a file as it is typed: save the schema
    and name it on the file's first line (yaml-language-server, used by VS
    Code's YAML extension and others), e.g.
    ``# yaml-language-server: $schema=meizhou-record.schema.json``.

    \b
    Examples:
      meizhou-score schema > meizhou-record.schema.json
      meizhou-score schema --house-rules > meizhou-house-rules.schema.json
    """
    from ..render.jsonout import dumps
    from ..records.schema import HOUSE_RULES_SCHEMA, SCHEMA

    click.echo(dumps(HOUSE_RULES_SCHEMA if house_rules else SCHEMA))


def main() -> None:
    """Run the command; whatever happens, one clear line and an honest exit code, never a traceback.

    A traceback is shown only for a fault of the program's own, and only when
    ``MEIZHOU_DEBUG`` is set.
    """
    import os

    if sys.stdout is None:  # started with stdout closed (>&-)
        if sys.stderr is not None:
            words = msg("the output could not be written: standard output is closed")
            sys.stderr.write(msg("meizhou-score: error: {message}", message=words).say(language()) + "\n")
        sys.exit(EXIT_OUTPUT)
    _readable_output()
    try:
        _limits_from_environment()
        code = cli.main(prog_name="meizhou-score", standalone_mode=False)
    except click.exceptions.Abort:  # click has already ended the line
        click.echo(msg("Stopped.").say(language()), err=True)
        code = EXIT_STOPPED
    except KeyboardInterrupt:
        click.echo("\n" + msg("Stopped.").say(language()), err=True)
        code = EXIT_STOPPED
    except click.exceptions.Exit as exc:
        code = exc.exit_code
    except click.exceptions.ClickException as exc:
        from .usage import show

        show(exc, language())
        code = EXIT_BAD
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (EXIT_BAD if exc.code else EXIT_OK)
        if type(sys.stdout).__name__ == "PacifyFlushWrapper":  # click met a closed pipe and said 1: not a dispute
            code = EXIT_PIPE
    except BrokenPipeError:
        _quiet_pipe()
        code = EXIT_PIPE
    except OSError as exc:
        _error(msg("the output could not be written: {why}", why=reason(exc)))
        code = EXIT_OUTPUT
    except Exception as exc:  # noqa: BLE001 - the last line of defence
        if os.environ.get("MEIZHOU_DEBUG"):
            raise
        bug = msg("internal error ({kind}: {detail}). This is a bug; please report it with the input and the output "
                  "of the same command run with MEIZHOU_DEBUG=1.", kind=type(exc).__name__, detail=str(exc))
        click.echo("meizhou-score: " + bug.say(language()), err=True)
        code = EXIT_BUG
    code = _flushed(code if isinstance(code, int) else EXIT_OK)
    sys.exit(code)


def _flushed(code: int) -> int:
    """Flush stdout now, so that a full disk or a closed stdout is an error, not a silent exit 0."""
    try:
        if sys.stdout is not None:
            sys.stdout.flush()
    except BrokenPipeError:
        _quiet_pipe()
        return EXIT_PIPE
    except (OSError, ValueError) as exc:
        try:
            _error(msg("the output could not be written: {why}", why=str(getattr(exc, "strerror", None) or exc)))
        except (OSError, ValueError):
            pass
        return EXIT_OUTPUT
    return code


def _quiet_pipe() -> None:
    """The reader went away (``| head -1``): stop quietly, and let nothing be flushed at exit."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def _readable_output() -> None:
    """A terminal that cannot show every character (latin-1, a Windows code page) gets ? instead of a crash."""
    for stream in (sys.stdout, sys.stderr):
        encoding = (getattr(stream, "encoding", None) or "").lower().replace("-", "")
        if encoding not in ("utf8", "utf_8") and hasattr(stream, "reconfigure"):
            try:
                stream.reconfigure(errors="replace")
            except (OSError, ValueError):
                pass


def _limits_from_environment() -> None:
    """MEIZHOU_MAX_RECORD_BYTES / MEIZHOU_MAX_SESSION_BYTES: a whole number of bytes, or a usage error."""
    import os

    from ..records import loader

    for name, attribute in (("MEIZHOU_MAX_RECORD_BYTES", "MAX_RECORD_BYTES"),
                            ("MEIZHOU_MAX_SESSION_BYTES", "MAX_SESSION_BYTES")):
        text = os.environ.get(name)
        if text is None:
            continue
        try:
            value = int(text.strip(), 10) if text.strip().isdigit() else None
        except ValueError:
            value = None
        if value is None or not 1 <= value <= loader.LIMIT_CEILING:
            raise Usage(msg("{name}: expected a whole number of bytes from 1 to {limit:,}; got {text!r}", name=name,
                            limit=loader.LIMIT_CEILING, text=text))
        setattr(loader, attribute, value)


if __name__ == "__main__":  # pragma: no cover
    main()
