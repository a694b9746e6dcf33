"""``audit``: a club's files of hands settled on a Dask cluster, one result file per input.

``command.py`` is the command (inputs expanded, outputs that would land on an input refused, the
cluster, the summary); ``scheduler.py`` checks ``--scheduler`` before connecting; ``folder.py``
keeps the run's hidden working folder in ``--out``. Loaded only when called."""
