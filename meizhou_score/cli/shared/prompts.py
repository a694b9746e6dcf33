"""The questions ``record`` asks (記分): a hand in table order, each answer checked as it is
typed.

What the flags leave out is asked for when someone can answer (standard input
is a terminal); with nobody to ask, a missing answer is a usage error naming
its flag. A hand is asked for until it settles (or the table accepts a dispute).

This module is the asking itself (:class:`Questions`, ``<`` to go back, a stop at a question);
the questions are in the record room (``cli/record/``): ``table.py`` (the table: players, stake,
dealer), ``hand.py`` (a hand, until it settles) and ``kongs.py`` (its kongs); the verdict on a
hand in ``verdict.py``.
"""

from __future__ import annotations

import click

from ...errors import MeizhouError
from ...i18n.language import language as spoken
from ...i18n.language import typed_for
from ...i18n.messages import at, msg
from .errors import Back, FromTheHand, Stopped, Usage
from .options import confirm, language

# The options a question stands for, said in the player's words where they name a placeholder or
# join two options (--winner 名字 或 --draw); the others are said as typed
_FLAGS = {
    said.template: said
    for said in (
        msg("--winner NAME or --draw"),
        msg("--self-draw, --kong-bloom or --robbed-kong NAME"),
        msg("--dealer NAME"),
        msg("--robbed-kong NAME"),
        msg("--hand TILES"),
        msg("--pung TILES"),
        msg("--winning-tile TILE"),
    )
}

BACK_KEY = "<"  # what takes a player back one question, as do the languages' words for it


def _back(answer: str) -> bool:
    """Does ``answer`` take the player back one question? ``<`` does, and any language's word
    for it (back, 返回)."""
    typed = answer.strip().casefold()
    return typed == BACK_KEY or typed in typed_for("back")


def names_a_player(text: str, players) -> bool:
    """Is ``text`` one of ``players`` written out in full (in any case or spacing)? A full name
    is that player, ahead of any word the question reads otherwise (a player named Draw, Back or
    No); a word for a draw, back or none wins over a name shortened to it (no for Noel), and the
    one-letter keys d, < and - (and a seat's number) always mean what they mean."""
    from ...records.names import identity

    return bool(text.strip()) and identity(text) in {identity(name) for name in players}


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
        self.quick = False  # --yes: a hand the flags gave whole is not asked for its melds
        self.keeping = False  # --amend: the hand's answers are kept where nobody is asked
        self.script: list[str] = []  # this hand's answers so far, in order
        self.replay: list[str] = []  # answers to give again after <, before asking anew
        self.going_back = False  # can < go back here? In a hand's questions (fill), after one

    def ask(self, question: str, check, flag: str, default: str | None = None, players=()):
        """The answer to ``question``, checked by ``check``. An amended hand's answer (its
        ``default``) is kept as written with nobody to ask or with --yes; with nobody to ask, a
        missing answer is a usage error naming ``flag``. A question that names ``players`` takes a
        full name as that player, never as back (:func:`names_a_player`)."""
        if default and self.keeping and (self.quick or not self.asking):
            try:  # kept: what the hand already says, unless a flag changed what it depends on
                return check(default)
            except FromTheHand as exc:
                raise MeizhouError(at(flag.split()[0], exc.args[0])) from None
            except MeizhouError as exc:
                raise MeizhouError(at(flag.split()[0], exc)) from None
        if not self.asking:
            raise Usage(
                msg(
                    "missing {flag} (or run record in a terminal to be asked)",
                    flag=_FLAGS.get(flag, flag),
                )
            )
        self.asked = True
        while True:
            if self.replay:
                answer = self.replay.pop(0)
            else:
                answer = click.prompt(
                    self.fitted(question),
                    default=default,
                    show_default=bool(default),
                    prompt_suffix=spoken(self.lang).prompt_suffix(question, bool(default)),
                )
                # "<" always; a word for back unless it is a player's full name (a player Back)
                going_back = answer.strip() == BACK_KEY or (
                    _back(answer) and not names_a_player(answer, players)
                )
                if going_back and self.going_back and self.script:
                    raise Back
                if going_back:  # the hand's first question (or the table's): asked again
                    click.echo("  ✗ " + self.words("record_no_back"))
                    continue
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

    def melds_asked(self) -> bool:
        """Are the melds the flags left out (pungs, kongs) asked for? In a terminal, yes: a hand
        given by flags without --kong is asked for its kongs (Enter: none), since nothing is
        assumed; with --yes only when something else was asked."""
        return self.asking and (self.asked or not self.quick)

    @staticmethod
    def fitted(question: str) -> str:
        """A question wrapped to the screen's width between its choices, room left for the
        answer."""
        from ...render.columns import wrap_choices
        from .options import screen_width

        cells = screen_width()
        return wrap_choices(question, cells - 12) if cells else question

    def confirm(self, question: str) -> bool:
        """Yes or no (yes by default); in a hand's questions ``<`` goes back to the last one
        answered, where there is one."""
        while True:
            answer = confirm(question, True, self.lang, back=self.going_back)
            if answer is not None:
                return answer
            if self.script:
                raise Back
            click.echo("  ✗ " + self.words("record_no_back"))

    def words(self, key: str, **values) -> str:
        """A question or a line of ``record``'s, in the player's language."""
        from ...i18n.words import phrase

        return phrase(key, self.lang, **values)


def numbered_choices(players, exclude=(), lang: str = "en") -> str:
    """The players to choose from by number, ``[1] Ah Fook  [2] Mei``, spaced as ``lang`` spaces
    a question's choices."""
    return spoken(lang).gap.join(
        f"[{n}] {name}" for n, name in enumerate(players, start=1) if name not in exclude
    )


def ask_player(
    q: Questions, question: str, players, flag: str, exclude=(), default: str | None = None
) -> str:
    from . import answers as entry

    return q.ask(
        f"{question} {numbered_choices(players, exclude, q.lang)}",
        lambda text: entry.player(text, players, numbered=True, exclude=exclude),
        flag,
        default=default,
    )


def amended_default(given: dict, key: str, n: int | None = None) -> str | None:
    """An amended hand's answer to a question, offered as its default (Enter keeps it); kongs by
    number."""
    found = given.get("defaults", {}).get(key)
    if n is not None:
        kongs = given.get("defaults", {}).get("kongs") or []
        found = kongs[n].get(key) if n < len(kongs) and isinstance(kongs[n], dict) else None
    return None if found is None else str(found)


def stopped_at_question(exc: click.Abort, asked: str = "hand") -> None:
    """Ctrl-C or the end of input at a question (of a ``hand`` being entered, or ``undo``'s):
    nothing was written."""
    if isinstance(exc.__context__, EOFError):
        ended = (
            msg("the input ended before an answer; no hand was taken back")
            if asked == "undo"
            else msg("the input ended before the hand was complete; nothing was written")
        )
        raise MeizhouError(ended) from None
    raise Stopped(msg("Stopped; nothing was written.")) from None
