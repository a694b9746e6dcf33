"""Bulk auditing (批量核對): one JSON record a line in, one JSON result a line out, on one
core or several."""

from .lines import settle_line

__all__ = ["settle_line"]
