"""``python -m meizhou_score``."""

from .cli.app import main

main()
