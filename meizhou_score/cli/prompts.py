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


class Questions:
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
        return ": " if self.lang == "en" else "："

    def confirm(self, question: str) -> bool:
        return confirm(question, True, self.lang)

    def words(self, key: str, **values) -> str:
        """A question or a line of ``record``'s, in the player's language."""
        from ..i18n.words import phrase

        return phrase(key, self.lang, **values)


def _numbered(players, exclude=()) -> str:
    return "  ".join(f"[{n}] {name}" for n, name in enumerate(players, start=1) if name not in exclude)


def ask_player(q: Questions, question: str, players, flag: str, exclude=()) -> str:
    from . import answers as entry

    return q.ask(f"{question} {_numbered(players, exclude)}",
                 lambda text: entry.player(text, players, numbered=True, exclude=exclude), flag)


def table(q: Questions, players_text, stake_text, rules_file, date_text):
    """The table of a new session or hand: players, stake, house rules and date (flags or answers)."""
    import datetime

    from . import answers as entry
    from ..records.validators import date as check_date

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
        raise Usage(msg("--draw takes no --winner, win type, --robbed-kong, --hand or --winning-tile"))
    if given["draw"]:
        winner = None
    elif given["winner"]:
        winner = checked(lambda t: entry.player(t, players), given["winner"], "--winner")
    else:
        def winner_or_draw(text):
            if text.strip().casefold() in ("d", "draw", "荒莊", "流局"):
                return None
            return entry.player(text, players, numbered=True)
        winner = q.ask(q.words("record_who_won", choices=_numbered(players)), winner_or_draw,
                       "--winner NAME or --draw")
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
        win_type = q.ask(q.words("record_how", winner=winner),
                         lambda t: entry.choice(t, entry.WIN_TYPE_WORDS, msg("a win type")),
                         "--self-draw, --kong-bloom or --robbed-kong NAME")
    hand["win_type"] = win_type
    if win_type == "robbed_kong":
        if given["robbed"]:
            hand["robbed"] = checked(lambda t: entry.player(t, players, exclude=(winner,)), given["robbed"],
                                      "--robbed-kong")
        else:
            hand["robbed"] = ask_player(q, q.words("record_whose_robbed", winner=winner), players,
                                         "--robbed-kong NAME", exclude=(winner,))
    return hand


def _collect_tiles(q: Questions, players, hand: dict, given: dict, rules, allow_dispute: bool) -> dict:
    """The winner's tiles, winning tile, exposed pungs and every kong, each checked as it comes."""
    from . import answers as entry

    hand = {k: v for k, v in hand.items() if k not in ("hand", "kongs")}
    robbed = hand["win_type"] == "robbed_kong"
    if given["hand"] is not None:
        held = checked(entry.concealed, given["hand"], "--hand")
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
        tile = checked(lambda t: entry.winning_tile(t, held, robbed), given["winning_tile"], "--winning-tile")
    else:
        tile = q.ask(q.words("record_robbed_tile" if robbed else "record_winning_tile"),
                     lambda t: entry.winning_tile(t, held, robbed), "--winning-tile TILE")
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
        found = q.ask(q.words("record_pungs"), more_pungs, "--pung TILES", default="")
        if found:
            tiles["pungs"] = found
    tiles["winning_tile"] = str(TILES[tile])
    kongs = [_open_resolved(checked(lambda t: entry.kong(t, players), k, "--kong"), rules) for k in given["kongs"]]
    if not given["kongs"] and q.asking and q.asked:
        kongs = _ask_kongs(q, players, hand)
    if kongs:
        hand["kongs"] = kongs
    checked(lambda h: entry.conservation(h, robbed), hand, msg("this hand"))
    return hand


def _ask_kongs(q: Questions, players, hand: dict) -> list[dict]:
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
            kong["from"] = ask_player(q, q.words("record_discarder"), players, "--kong", exclude=(who,))
        elif kind == "open":  # 明槓: the document's word for both open kongs; the discarder tells them apart
            def discarder(text):
                return None if not text.strip() else entry.player(text, players, numbered=True, exclude=(who,))
            found = q.ask(f"{q.words('record_open_from')} {_numbered(players, (who,))}", discarder, "--kong",
                          default="")
            kong = {**kong, "type": "exposed", "from": found} if found else {**kong, "type": "added"}
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


def judge(build, allow_dispute: bool):
    """Settle what ``build()`` makes; (result, None) when the table can accept it, else (None, why)."""
    try:
        result = build()
    except MeizhouError as exc:
        return None, exc
    last = result.last
    if last.disputed and not allow_dispute:
        from ..settling.nightfile import dispute_reasons

        return None, msg("not recorded: {reasons} (the file holds only hands the table accepted; --allow-dispute "
                         "records it anyway)", reasons=dispute_reasons(last))
    return result, None


def fill(q: Questions, players, given: dict, build, allow_dispute: bool, rules):
    """Ask for the hand until it settles; (hand, result). Flags that do not settle end the command."""
    hand = _collect(q, players, given)
    while True:
        if "winner" in hand:
            hand = _collect_tiles(q, players, hand, given, rules, allow_dispute)
        if given["claims"]:
            hand["claimed"] = given["claims"]
        result, why = judge(lambda: build(hand), allow_dispute)
        if result is not None:
            return hand, result
        if not q.asked or "winner" not in hand:
            raise why if isinstance(why, MeizhouError) else MeizhouError(why)
        click.echo("  ✗ " + msg("{message}. Enter the tiles again.", message=why).say(language()))
        given = {**given, "hand": None, "winning_tile": None, "pungs": (), "kongs": ()}
