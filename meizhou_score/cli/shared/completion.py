"""Shell completion (補全) beyond click's own: the players of the session named on the line, the
rulings by id, and a fish script that keeps a description whole.

click completes commands, options and paths; these complete values:
``record night.yaml --winner M<Tab>`` offers the players of night.yaml,
``rules --explain R<Tab>`` the rulings R1–R11 with what each says.
"""

from __future__ import annotations

import re
import shlex

from click.shell_completion import (
    BashComplete,
    CompletionItem,
    FishComplete,
    add_completion_class,
)


def players_of_the_session(ctx, param, incomplete: str) -> list[CompletionItem]:
    """The players of the session file given on the line, those starting with what was typed
    (any case)."""
    path = ctx.params.get("session_file") or _session_on_the_line()
    if not path:
        return []
    try:  # read as record reads it, through the night service (a FIFO refused, never waited on)
        from ...night.service import NightFile

        session = NightFile(path).read().found  # None: no file yet, so no players
        players = [str(p) for p in session.data["players"]] if session else []
    except Exception:  # noqa: BLE001 - completion offers nothing rather than fail the shell
        return []
    typed = incomplete.casefold()
    return [CompletionItem(name) for name in players if name.casefold().startswith(typed)]


def _session_on_the_line() -> str | None:
    """The session file among the words typed so far (click cannot say while an option waits for its
    value)."""
    import os
    import shlex

    try:
        words = shlex.split(os.environ.get("COMP_WORDS", ""))
    except ValueError:
        words = os.environ.get("COMP_WORDS", "").split()
    for word in words[2:]:
        if word.endswith((".yaml", ".yml")) and os.path.isfile(word):
            return word
    return None


def rulings(ctx, param, incomplete: str) -> list[CompletionItem]:
    """R1–R11, each with the first words of what it says."""
    from ...i18n.rulings import EXPLAINED

    typed = incomplete.upper()
    return [
        CompletionItem(key, help=says.replace("`", "").split(":")[0])
        for key, (says, _) in EXPLAINED.items()
        if key.startswith(typed) or key[1:].startswith(typed)
    ]


class _Fish(FishComplete):
    """click's fish script splits each completion at every comma, so a description stopped at its
    first; this one splits once, between the kind and the rest."""

    source_template = FishComplete.source_template.replace(
        '(string split "," $completion)', '(string split -m 1 "," $completion)'
    )


class _Bash(BashComplete):
    """click's bash script puts a value on the line as it is, so ``Ah Fook`` became two words; this
    one sends a value that the shell would split or expand quoted (``'Ah Fook'``), as zsh and fish
    do themselves. (The script reads it with ``read``, no ``-r``: single quotes, no backslashes.)"""

    def format_completion(self, item: CompletionItem) -> str:
        value = item.value
        if item.type == "plain" and _SHELL_SPECIAL.search(value):
            value = shlex.quote(value)
        return f"{item.type},{value}"


_SHELL_SPECIAL = re.compile(r"[\s'\"\\$`!*?\[\]{}()<>|&;#~^]")


add_completion_class(_Fish, "fish")
add_completion_class(_Bash, "bash")
