"""The words of the command line's help (說明) and click's own words, by language.

Filled in later in this module's history; see :mod:`.catalog`.
"""
