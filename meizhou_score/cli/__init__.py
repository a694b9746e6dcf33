"""The command line: the only room that imports click, prints or exits (``main`` in :mod:`.app`)."""

from .app import cli, main

__all__ = ["cli", "main"]
