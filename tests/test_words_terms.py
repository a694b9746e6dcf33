"""One term for one thing in each script (issue 34 §1): a draw is 荒莊 / 荒庄 everywhere, in the
draw's own line and in the next dealer's."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from conftest import EXAMPLES

from meizhou_score.cli.app import cli
from meizhou_score.i18n.catalog import catalog


@pytest.mark.parametrize(("lang", "draw"), [("zh-Hant", "荒莊"), ("zh-Hans", "荒庄")])
def test_a_draw_is_one_word(lang, draw):
    out = CliRunner().invoke(cli, ["settle", str(EXAMPLES / "draw.yaml"), "--lang", lang]).output
    assert f"{draw}，由" in out and "流局" not in out, out  # the next dealer after a draw (R10)
    for kind in ("messages", "words", "help"):
        left = [text for text in catalog(lang, kind).values() if "流局" in text]
        assert not left, left
