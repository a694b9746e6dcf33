"""``python -m meizhou_score``."""

from .cli import main

main()
