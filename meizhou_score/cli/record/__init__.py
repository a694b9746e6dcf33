"""``record`` and ``undo``: a hand asked at the table and written (a night's next hand, hand N
again, or one hand alone with ``-o``), and the last hand taken back.

``command.py`` is ``record`` itself; the questions are in ``table.py``, ``hand.py`` and
``kongs.py``; the verdict on a hand in ``verdict.py``; the two ways it is written in ``night.py``
and ``one.py``."""
