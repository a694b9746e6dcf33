"""Words (言語): every message, question and heading in English and Chinese, and the rulings'
texts.

The lowest room with errors.py: anything may say something, so this imports nothing of the package.
"""
