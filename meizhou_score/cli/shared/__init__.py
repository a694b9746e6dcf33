"""What every command group of the command line shares: the options and the run's state
(``options.py``), the command line's errors (``errors.py``), the error map that turns what
happened into an exit code (``error_map.py``), a refused write to a night said
(``night_writes.py``), asking at a question (``prompts.py``) and each
answer checked (``answers.py``), click's words and the help in the player's language
(``speaking.py``, ``usage.py``, ``widths.py``), and shell completion (``completion.py``).
Nothing here imports a command."""
