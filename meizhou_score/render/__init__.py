"""Rendering (輸出): a night as text tables and explanations, or as JSON. Builds strings; never
prints."""
