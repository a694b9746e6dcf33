"""The questions ``record`` asks (記分): a hand in table order, each answer checked as it is typed.

What the flags leave out is asked for when someone can answer (standard input
is a terminal); with nobody to ask, a missing answer is a usage error naming
its flag. A hand is asked for until it settles (or the table accepts a dispute).
"""

from __future__ import annotations

import click

from ..errors import MeizhouError
from ..i18n.messages import msg
from .options import Usage, checked, confirm, language, load_rules

BACK = {"<", "back", "返回", "上一題", "上一题"}  # what takes a player back one question
NONE = {
    "-",
    "none",
    "no",
    "無",
    "无",
    "沒有",
    "没有",
}  # no (more) kongs, where Enter would keep a default


class Back(Exception):
    """``<`` typed at a question: the answers before the one asked are given again, and it is asked anew."""


class FromTheHand(Exception):
    """An answer that shows the hand itself was wrong (a robbed tile it holds twice): the hand is asked again."""


class Questions:
    """Asks for what the flags did not give, when someone is there to answer (stdin is a terminal).

    Each answer is checked as it is typed; a wrong one is explained and asked
    again. With nobody to ask, a missing answer is a usage error naming its flag.
    Every answer of the hand is kept (``script``), so that ``<`` can go back one
    question: the hand's questions start again with those answers given for
    them (``replay``), and the player is asked from the one before.
    """

    def __init__(self, asking: bool, lang: str = "en"):
        self.asking = asking
        self.lang = lang
        self.asked = False  # has anything been asked? (then optional melds are asked too)
        self.script: list[str] = []  # this hand's answers so far, in order
        self.replay: list[str] = []  # answers to give again after <, before asking anew

    def ask(self, question: str, check, flag: str, default: str | None = None):
        if not self.asking:
            raise Usage(msg("missing {flag} (or run record in a terminal to be asked)", flag=flag))
        self.asked = True
        while True:
            if self.replay:
                answer = self.replay.pop(0)
            else:
                answer = click.prompt(
                    self.fitted(question),
                    default=default,
                    show_default=bool(default),
                    prompt_suffix=self.colon,
                )
                if answer.strip().casefold() in BACK:
                    raise Back
            try:
                found = check(answer)
            except FromTheHand:
                raise
            except MeizhouError as exc:
                self.replay.clear()
                click.echo("  ✗ " + msg("{message}. Try again.", message=exc).say(language()))
                continue
            self.script.append(answer)
            return found

    def back(self) -> None:
        """Go back one question: replay every answer but the last."""
        self.replay = self.script[:-1]
        self.script = []
        click.echo("  ↩ " + self.words("record_back"))

    @staticmethod
    def fitted(question: str) -> str:
        """A question wrapped to the screen's width between its choices, room left for the answer."""
        from ..render.columns import wrap_choices
        from .options import screen_width

        cells = screen_width()
        return wrap_choices(question, cells - 12) if cells else question

    @property
    def colon(self) -> str:
        return ": " if self.lang == "en" else "："

    def confirm(self, question: str) -> bool:
        return confirm(question, True, self.lang)

    def words(self, key: str, **values) -> str:
        """A question or a line of ``record``'s, in the player's language."""
        from ..i18n.words import phrase

        return phrase(key, self.lang, **values)


def _numbered(players, exclude=()) -> str:
    return "  ".join(
        f"[{n}] {name}" for n, name in enumerate(players, start=1) if name not in exclude
    )


def ask_player(
    q: Questions, question: str, players, flag: str, exclude=(), default: str | None = None
) -> str:
    from . import answers as entry

    return q.ask(
        f"{question} {_numbered(players, exclude)}",
        lambda text: entry.player(text, players, numbered=True, exclude=exclude),
        flag,
        default=default,
    )


def _default(given: dict, key: str, n: int | None = None) -> str | None:
    """An amended hand's answer to a question, offered as its default (Enter keeps it); kongs by number."""
    found = given.get("defaults", {}).get(key)
    if n is not None:
        kongs = given.get("defaults", {}).get("kongs") or []
        found = kongs[n].get(key) if n < len(kongs) and isinstance(kongs[n], dict) else None
    return None if found is None else str(found)


def table(q: Questions, players_text, stake_text, rules_file, date_text):
    """The table of a new session or hand: players, stake, house rules and date (flags or answers)."""
    import datetime

    from ..records.validators import date as check_date
    from . import answers as entry

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
        from ..records.loader import load_record as read_yaml

        load_rules(rules_file)  # a bad rules file ends here (exit 2)
        rules = read_yaml(rules_file) or None
    day = check_date(date_text, "--date") if date_text else datetime.date.today().isoformat()
    return tuple(players), stake, rules, day


def _collect(q: Questions, players, given: dict) -> dict:
    """The hand as the table tells it, in table order: draw or winner, how, robbed, tiles, melds."""
    from . import answers as entry

    if given["draw"] and (given["winner"] or given["win_type"] or given["robbed"] or given["hand"]):
        raise Usage(
            msg("--draw takes no --winner, win type, --robbed-kong, --hand or --winning-tile")
        )
    if given["draw"]:
        winner = None
    elif given["winner"]:
        winner = checked(lambda t: entry.player(t, players), given["winner"], "--winner")
    else:

        def winner_or_draw(text):
            if text.strip().casefold() in ("d", "draw", "荒莊", "流局"):
                return None
            return entry.player(text, players, numbered=True)

        winner = q.ask(
            q.words("record_who_won", choices=_numbered(players)),
            winner_or_draw,
            "--winner NAME or --draw",
            default=_default(given, "winner"),
        )
    if winner is None:
        hand = {"draw": True}
        kongs = [checked(lambda t: entry.kong(t, players), k, "--kong") for k in given["kongs"]]
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
        win_type = q.ask(
            q.words("record_how", winner=winner),
            lambda t: entry.choice(t, entry.WIN_TYPE_WORDS, msg("a win type")),
            "--self-draw, --kong-bloom or --robbed-kong NAME",
            default=_default(given, "win_type"),
        )
    hand["win_type"] = win_type
    if win_type == "robbed_kong":
        if given["robbed"]:
            hand["robbed"] = checked(
                lambda t: entry.player(t, players, exclude=(winner,)),
                given["robbed"],
                "--robbed-kong",
            )
        else:
            hand["robbed"] = ask_player(
                q,
                q.words("record_whose_robbed", winner=winner),
                players,
                "--robbed-kong NAME",
                exclude=(winner,),
                default=_default(given, "robbed"),
            )
    return hand


def _collect_tiles(
    q: Questions, players, hand: dict, given: dict, rules, allow_dispute: bool
) -> dict:
    """The winner's tiles, winning tile, exposed pungs and every kong, each checked as it comes."""
    from . import answers as entry

    hand = {k: v for k, v in hand.items() if k not in ("hand", "kongs")}
    robbed = hand["win_type"] == "robbed_kong"
    while True:
        if given["hand"] is not None:
            held = checked(entry.concealed, given["hand"], "--hand")
            text = " ".join(given["hand"].split())
        else:

            def concealed(text):
                counts = entry.concealed(text)
                if sum(counts) == 14 and not allow_dispute:
                    entry.must_win(text, rules)  # no melds can follow: whether it wins is known now
                return counts, " ".join(text.split())

            held, text = q.ask(
                q.words("record_concealed", winner=hand["winner"]),
                concealed,
                "--hand TILES",
                default=_default(given, "hand"),
            )
        if given["winning_tile"] is not None:
            tile = checked(
                lambda t: entry.winning_tile(t, held, robbed),
                given["winning_tile"],
                "--winning-tile",
            )
            break

        def winning(answer):
            try:
                return entry.winning_tile(answer, held, robbed)
            except entry.HandConflict as exc:  # the hand is what is wrong: ask for it again
                raise FromTheHand(exc) from None

        try:
            tile = q.ask(
                q.words("record_robbed_tile" if robbed else "record_winning_tile"),
                winning,
                "--winning-tile TILE",
                default=_default(given, "winning_tile"),
            )
            break
        except FromTheHand as exc:
            if given["hand"] is not None:
                raise exc.args[0] from None
            click.echo(
                "  ✗ "
                + msg("{message}. Enter the tiles again.", message=exc.args[0]).say(language())
            )
            q.script.pop()  # the hand's answer, refused
    tiles = {"concealed": text}
    from ..engine.tiles import TILES

    hand["hand"] = tiles
    if given["pungs"]:
        found = []
        for text in given["pungs"]:
            found += checked(entry.pungs, text, "--pung")
        tiles["pungs"] = found
    elif sum(held) < 14 and q.asking and q.asked:

        def more_pungs(text):
            found = entry.pungs(text) if text.strip() else []
            entry.conservation({"hand": {**tiles, "pungs": found}}, robbed)
            return found

        found = q.ask(
            q.words("record_pungs"),
            more_pungs,
            "--pung TILES",
            default=_default(given, "pungs") or "",
        )
        if found:
            tiles["pungs"] = found
    tiles["winning_tile"] = str(TILES[tile])
    kongs = [
        _open_resolved(checked(lambda t: entry.kong(t, players), k, "--kong"), rules)
        for k in given["kongs"]
    ]
    if not given["kongs"] and q.asking and q.asked:
        kongs = _ask_kongs(q, players, hand, given)
    if kongs:
        hand["kongs"] = kongs
    checked(lambda h: entry.conservation(h, robbed), hand, msg("this hand"))
    return hand


def _ask_kongs(q: Questions, players, hand: dict, given: dict) -> list[dict]:
    from . import answers as entry

    kongs: list[dict] = []
    while True:

        def owner(
            text,
        ):  # Enter (or "-" when an amended hand offers its kong as the default): no more kongs
            if not text.strip() or text.strip().casefold() in NONE:
                return None
            return entry.player(text, players, numbered=True)

        n = len(kongs)
        kept = _default(given, "player", n)  # an amended hand's kong, offered again
        who = q.ask(
            q.words(
                "record_kong_whose_kept" if kept else "record_kong_whose",
                n=n + 1,
                choices=_numbered(players),
            ),
            owner,
            "--kong",
            default=kept or "",
        )
        if who is None:
            return kongs
        kind = q.ask(
            q.words("record_kong_type"),
            lambda t: (
                None
                if not t.strip()
                else entry.choice(t, entry.KONG_TYPE_WORDS, msg("a kong type"))
            ),
            "--kong",
            default=_default(given, "type", n) or "",
        )

        def tile(text):
            if not text.strip():
                return None
            found = entry.one_tile(text)
            entry.conservation(
                {**hand, "kongs": kongs + [{"player": who, "type": kind, "tile": found}]},
                hand.get("win_type") == "robbed_kong",
            )
            return found

        found = (
            None
            if kind is None
            else q.ask(
                q.words("record_kong_tile"),
                tile,
                "--kong",
                default=_default(given, "tile", n) or "",
            )
        )
        if found is None:  # Enter at the type or the tile: that kong was started by mistake
            click.echo("  " + q.words("record_kong_dropped", n=len(kongs) + 1))
            continue
        kong = {"player": who, "type": kind, "tile": found}
        if kind == "exposed":
            kong["from"] = ask_player(
                q,
                q.words("record_discarder"),
                players,
                "--kong",
                exclude=(who,),
                default=_default(given, "from", n),
            )
        elif (
            kind == "open"
        ):  # 明槓: the document's word for both open kongs; the discarder tells them apart

            def discarder(text):
                return (
                    None
                    if not text.strip()
                    else entry.player(text, players, numbered=True, exclude=(who,))
                )

            found = q.ask(
                f"{q.words('record_open_from')} {_numbered(players, (who,))}",
                discarder,
                "--kong",
                default="",
            )
            kong = (
                {**kong, "type": "exposed", "from": found} if found else {**kong, "type": "added"}
            )
        kongs.append(kong)


def _open_resolved(kong: dict, rules) -> dict:
    """A 明槓 given by flag with no discarder: added, unless the house rules pay 直槓 and 加槓 differently."""
    if kong["type"] != "open":
        return kong
    from ..records.record import open_kong

    return {**kong, "type": open_kong(False, rules, "--kong")}


def claims_of(players, claims) -> dict | None:
    from . import answers as entry

    if not claims:
        return None
    out = {}
    for text in claims:
        name, value = checked(lambda t: entry.claim(t, players), text, "--claimed")
        out[name] = value
    return out


def judge(build, allow_dispute: bool, amending=None):
    """Settle what ``build()`` makes; (result, None) when the table can accept it, else (None, why).

    The verdict is the one judge's (:func:`~meizhou_score.settling.judge.refused`): the last hand,
    or with ``amending`` (an :class:`~meizhou_score.settling.judge.Amendment`) the amended hand and
    every hand after it that the change upsets, as the phone page judges it (R10).
    """
    from ..settling.judge import refused

    try:
        result = build()
    except MeizhouError as exc:
        return None, exc
    upset = None if allow_dispute else refused(result, amending)
    if upset is None:
        return result, None
    return None, refusal(upset, amending)


def refusal(upset, amending=None):
    """Why ``record`` does not write a hand the judge refused: (number, settlement) → a message."""
    from ..settling.judge import dispute_reasons

    n, settled = upset
    reasons = dispute_reasons(settled)
    if amending is not None and n != amending.number:  # a later hand the change upsets
        reasons = msg("hand {n}", n=n) + ": " + reasons
    return msg(
        "not recorded: {reasons} (the file holds only hands the table accepted; "
        "--allow-dispute records it anyway)",
        reasons=reasons,
    )


def fill(
    q: Questions,
    players,
    given: dict,
    build,
    allow_dispute: bool,
    rules,
    number: int | None = None,
    amending=None,
):
    """Ask for the hand until it settles; (hand, result). Flags that do not settle end the command.

    ``<`` at any question of the hand goes back to the one before it; ``number`` is the hand's number on the
    screen, which a refusal names (hand 6, not hands[5]).
    """
    q.script, q.replay = [], []
    while True:
        try:
            return _fill(q, players, given, build, allow_dispute, rules, number, amending)
        except Back:
            q.back()


def _fill(
    q: Questions,
    players,
    given: dict,
    build,
    allow_dispute: bool,
    rules,
    number: int | None,
    amending,
):
    hand = _collect(q, players, given)
    while True:
        if "winner" in hand:
            tiles_from = len(q.script)
            hand = _collect_tiles(q, players, hand, given, rules, allow_dispute)
        if given["claims"]:
            hand["claimed"] = given["claims"]
        result, why = judge(lambda: build(hand), allow_dispute, amending)
        if result is not None:
            return hand, result
        if not q.asked or "winner" not in hand:
            raise why if isinstance(why, MeizhouError) else MeizhouError(why)
        click.echo(
            "  ✗ "
            + msg("{message}. Enter the tiles again.", message=_as_on_screen(why, number)).say(
                language()
            )
        )
        del q.script[tiles_from:]  # the refused tiles are not answers to go back to
        given = {**given, "hand": None, "winning_tile": None, "pungs": (), "kongs": ()}


def _as_on_screen(why, number: int | None):
    """A refusal whose key path names the hand as the file does (``hands[5].hand``) said as the screen numbers
    it (hand 6: hand)."""
    from ..errors import RecordError

    if isinstance(why, RecordError) and number is not None and isinstance(why.path, str):
        import re

        found = re.match(r"hands\[(\d+)\]\.?(.*)", why.path)
        if found:
            where = msg("hand {n}", n=int(found[1]) + 1)
            where = where + (": " + found[2] if found[2] else "")
            return RecordError(where, why.message)
    return why
