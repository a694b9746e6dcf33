"""The build: the pure-Python package by default, or with ``MEIZHOU_MYPYC=1`` the bulk path
compiled by mypyc.

The pure-Python package is the default and the reference; the compiled build
(as black ships its wheels) gives byte-identical output about 1.3 to 1.5 times as
fast on a club's log. ``MEIZHOU_MYPYC=1 pip install .`` builds it; docs/performance.md,
"The compiled build", has the figures and tests/test_compiled.py keeps the list
below type-checked, as mypyc needs.
"""

import os
import sys

from setuptools import setup

# The modules every line of bulk mode runs through: read, validate, score, settle, write.
COMPILED = [
    "meizhou_score/engine/tiles.py",
    "meizhou_score/engine/hand.py",
    "meizhou_score/engine/patterns.py",
    "meizhou_score/engine/memo.py",
    "meizhou_score/engine/tables.py",
    "meizhou_score/engine/value.py",
    "meizhou_score/records/model.py",
    "meizhou_score/records/names.py",
    "meizhou_score/records/record.py",
    "meizhou_score/records/parts.py",
    "meizhou_score/records/conservation.py",
    "meizhou_score/records/rules.py",
    "meizhou_score/records/tally.py",
    "meizhou_score/records/validators.py",
    "meizhou_score/settling/money.py",
    "meizhou_score/settling/night.py",
    "meizhou_score/settling/payment.py",
    "meizhou_score/settling/settlement.py",
    "meizhou_score/settling/claims.py",
    "meizhou_score/render/jsonout.py",
    "meizhou_score/bulk/lines.py",
]
MYPY = [
    "mypy==2.4.1",
    "types-PyYAML",
    "msgspec",
]  # the compiler, pinned (a new mypy may type-check differently)

CLASSIFIERS = [
    "Development Status :: 4 - Beta",
    "Environment :: Console",
    "Environment :: Web Environment",
    "Intended Audience :: End Users/Desktop",
    "Natural Language :: English",
    "Natural Language :: Chinese (Simplified)",
    "Natural Language :: Chinese (Traditional)",
    "Programming Language :: Python :: 3",
    "Programming Language :: Python :: 3 :: Only",
    "Programming Language :: Python :: 3.11",
    "Programming Language :: Python :: 3.12",
    "Topic :: Games/Entertainment :: Board Games",
    "Typing :: Typed",
]
# What each wheel is: the pure one runs on any system; the compiled one holds C extensions built
# for one CPython on one system (its tag says which: cp312-cp312-manylinux_2_17_x86_64, ...).
PURE = ["Operating System :: OS Independent"]
SYSTEMS = {
    "linux": "Operating System :: POSIX :: Linux",
    "darwin": "Operating System :: MacOS",
    "win32": "Operating System :: Microsoft :: Windows",
}
COMPILED_BUILD = [
    SYSTEMS.get(sys.platform, "Operating System :: OS Independent"),
    "Programming Language :: C",
    "Programming Language :: Python :: Implementation :: CPython",
]

if os.environ.get("MEIZHOU_MYPYC") == "1":
    try:
        from mypyc.build import mypycify
    except (
        ImportError
    ):  # setuptools first asks what the build needs: mypy, installed for the second pass
        setup(setup_requires=MYPY, classifiers=sorted(CLASSIFIERS + COMPILED_BUILD))
    else:
        setup(
            ext_modules=mypycify(COMPILED, opt_level="3"),
            classifiers=sorted(CLASSIFIERS + COMPILED_BUILD),
        )
else:
    setup(classifiers=sorted(CLASSIFIERS + PURE))
