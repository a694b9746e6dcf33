"""Settling (結算): money, the payments of a hand and a night, ``check``'s analysis, settle-up and
the deal.

Named ``settling`` rather than ``settle``: a subpackage called ``settle`` would replace the public
function ``meizhou_score.settle`` as soon as it was imported."""
