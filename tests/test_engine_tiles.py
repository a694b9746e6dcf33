import pytest
from hypothesis import given
from hypothesis import strategies as st

from meizhou_score import TileError, parse_tiles
from meizhou_score.engine.tiles import TILES, Tile, format_tiles, parse_indices
from meizhou_score.i18n.terms import tile_name


@pytest.mark.parametrize(
    "text, expected",
    [
        pytest.param("123m 456p 11z", "123m456p11z", id="mpsz"),
        pytest.param("1m2m3m", "123m", id="one-letter-each"),
        pytest.param("一萬 九萬", "19m", id="chinese-numerals"),
        pytest.param("1萬 1万 1筒 1條 1条", "11m1p11s", id="chinese-suits"),
        pytest.param("123萬", "123m", id="chinese-suit-run"),
        pytest.param("E S W N P F C", "1234567z", id="letters"),
        pytest.param("東南西北白發中", "1234567z", id="honour-characters"),
        pytest.param("东 发", "16z", id="simplified"),
        pytest.param("  5s ", "5s", id="spaces"),
        pytest.param("9p1m", "1m9p", id="order-free"),
    ],
)
def test_notation(text, expected):
    assert format_tiles(parse_tiles(text)) == expected


@pytest.mark.parametrize(
    "text, message",
    [
        pytest.param("118z", "no such tile '8z' in '118z'", id="8z"),
        pytest.param("12m3", "unexpected '3' at column 4 in '12m3'", id="trailing-digit"),
        pytest.param("5x", "unexpected 'x' at column 2 in '5x'", id="bad-letter"),
        pytest.param("0m", "no such tile '0m'", id="zero"),
        pytest.param("m", "unexpected 'm' at column 1", id="suit-alone"),
        pytest.param("1E", "unexpected 'E' at column 2", id="digit-before-honour"),
    ],
)
def test_bad_notation_is_quoted(text, message):
    with pytest.raises(TileError) as err:
        parse_tiles(text)
    assert message in str(err.value)


def test_tile_names():
    # a tile carries its code; its Chinese name is the catalog's, by that code
    assert str(TILES[4]) == "5m" and tile_name(str(TILES[4])) == "五萬"
    assert tile_name(str(TILES[33])) == "中" and TILES[33].is_honour
    assert [tile_name(c) for c in ("1p", "9s", "1z", "5z", "6z")] == [
        "一筒",
        "九條",
        "東",
        "白",
        "發",
    ]
    assert TILES[8].is_terminal and not TILES[9 + 4].is_terminal
    assert Tile.parse("9s") == TILES[26]
    with pytest.raises(TileError):
        Tile.parse("12m")


@given(st.lists(st.integers(0, 33), max_size=20))
def test_round_trip(indices):
    text = format_tiles(TILES[i] for i in indices)
    assert sorted(parse_indices(text)) == sorted(indices)
    assert format_tiles(parse_tiles(text)) == text


@given(st.lists(st.lists(st.integers(0, 33), min_size=1, max_size=6), max_size=8), st.booleans())
def test_counts_are_the_tiles_counted(words, spaced):
    from meizhou_score.engine.tiles import parse_counted

    text = (" " if spaced else "").join(format_tiles(TILES[i] for i in word) for word in words)
    indices, counts = parse_counted(text)
    assert sorted(indices) == sorted(i for word in words for i in word)
    assert list(counts) == [indices.count(k) for k in range(34)]


@pytest.mark.parametrize(
    "text, first, total",
    [
        ("1m" * 300, 255, 300),  # more than 255 of a kind reads as 255: still far more than four
        ("1" * 300 + "m", 255, 300),
        ("1" * 255 + "m 1m 2m", 255, 257),
    ],
)
def test_counts_of_absurdly_long_hands(text, first, total):
    from meizhou_score.engine.tiles import parse_counted

    indices, counts = parse_counted(text)
    assert counts[0] == first and len(indices) == total and counts[1] == text.count("2m")


@pytest.mark.parametrize(
    "written, expected",
    [
        ("１２３萬 ４５６筒", "123m456p"),  # full-width digits, as a Chinese keyboard types them
        ("１２３ｍ", "123m"),  # full-width letters too
        ("123M 456P 789S 11Z", "123m456p789s11z"),  # upper-case suits after digits
        ("E S W N P", "1234z5z"),  # alone, S and P are still South and White
        ("5S P", "5s5z"),
    ],
)
def test_what_a_player_types_is_read(written, expected):
    from meizhou_score.engine.tiles import format_tiles

    assert format_tiles(parse_tiles(written)) == format_tiles(parse_tiles(expected))
