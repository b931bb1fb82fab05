"""The components (base game, "Components") and the designed cards, as the data files give them."""

from __future__ import annotations

import copy
import tomllib
from collections import Counter
from importlib import resources

import pytest

from wish_tui.spirits import rules
from wish_tui.spirits.data import DATA_FILES, load_raw
from wish_tui.spirits.rules import CATALOG, SPIRITS
from wish_tui.spirits.rules.catalog import parse_catalog

CAT = CATALOG


def test_48_tiles_with_the_printed_symbol_counts():
    """Components: "48 Spirit tiles. Each shows one or two icons. Nine spirits; the number printed
    on a tile is how many symbols of its spirit exist in the whole deck." """
    assert len(CAT.tiles) == 48
    printed = {
        "moss": 5,
        "flowers": 6,
        "fruits": 6,
        "mushrooms": 7,
        "dewdrops": 7,
        "vines": 8,
        "branches": 8,
        "leaves": 8,
        "spiders": 10,
    }
    for i, spirit in enumerate(SPIRITS):
        assert sum(t.symbols for t in CAT.tiles if t.spirit == i) == printed[spirit]
    assert sum(t.symbols for t in CAT.tiles) == 65


def test_the_table_of_tiles_per_spirit():
    """Components: the table of tiles, two-symbol tiles, one + Moon/Sun/Fire and plain tiles."""
    table = {
        "moss": (4, 1, 1, 1, 1, 0),
        "flowers": (4, 2, 1, 1, 0, 0),
        "fruits": (5, 1, 1, 1, 2, 0),
        "mushrooms": (5, 2, 1, 1, 1, 0),
        "dewdrops": (5, 2, 1, 1, 1, 0),
        "vines": (6, 2, 1, 1, 1, 1),
        "branches": (6, 2, 1, 1, 1, 1),
        "leaves": (6, 2, 1, 1, 1, 1),
        "spiders": (7, 3, 1, 1, 1, 1),
    }
    for i, spirit in enumerate(SPIRITS):
        mine = [t for t in CAT.tiles if t.spirit == i]
        row = (
            len(mine),
            sum(t.symbols == 2 for t in mine),
            sum(t.power == 0 for t in mine),
            sum(t.power == 1 for t in mine),
            sum(t.power == 2 for t in mine),
            sum(t.symbols == 1 and t.power < 0 for t in mine),
        )
        assert row == table[spirit], spirit


def test_power_icons_only_on_one_symbol_tiles():
    """Components: "Besides the spirit, 27 one-symbol tiles also show one power source icon: Fire,
    Moon or Sun, nine of each." "17 two-symbol tiles (never with a power icon) and 31 one-symbol
    tiles." """
    assert sum(t.symbols == 2 for t in CAT.tiles) == 17
    assert sum(t.symbols == 1 for t in CAT.tiles) == 31
    assert all(t.power < 0 for t in CAT.tiles if t.symbols == 2)
    assert Counter(t.power for t in CAT.tiles if t.power >= 0) == {0: 9, 1: 9, 2: 9}


def test_14_favor_tokens():
    """Components: "14 Favor tokens: one per spirit (9), one per power source (3), and 2 "+"
    (gemstone) tokens." """
    assert Counter(CAT.tokens) == {**{c: 1 for c in rules.CATEGORIES}, "plus": 2}


def test_every_entry_says_its_source():
    """DESIGN.md: each entry is marked source = "rulebook" or "designed"."""
    raw = load_raw()
    assert set(raw) == set(DATA_FILES)
    entries = []
    for table in raw.values():
        for value in table.values():
            entries.extend(value if isinstance(value, list) else [value])
    dicts = [e for e in entries if isinstance(e, dict)]
    assert dicts and all(e.get("source") in ("rulebook", "designed") for e in dicts)
    assert all(c.source == "designed" for c in CAT.wishes.values())
    assert all(c.source == "designed" for c in CAT.hexes.values())


def test_twelve_wishes_within_the_four_requests_and_two_rewards():
    """Wish Cards: "There are 4 types of requests" and "There are 2 types of rewards"; our split:
    six spirit Wishes, two each for Favor tokens, gemstones and two-symbol tiles, four paying a
    Favor token."""
    cards = CAT.wishes.values()
    assert len(CAT.wishes) == 12
    assert Counter(c.request for c in cards) == {"spirit": 6, "favor": 2, "gems": 2, "doubles": 2}
    assert Counter(c.reward for c in cards) == {"spirit": 8, "favor": 4}
    assert all(c.count >= 1 for c in cards if c.reward == "spirit")
    assert len({c.spirit for c in cards if c.request == "spirit"}) == 6
    assert all(c.text and c.why for c in cards)


def test_eight_hexes_within_the_three_requests():
    """Hex Cards: "There are 3 types of hex requests" and "There is only one type of penalty: Lose
    6 nature points"; six pairs cover all nine spirits."""
    cards = CAT.hexes.values()
    assert len(CAT.hexes) == 8
    assert Counter(c.request for c in cards) == {"spirits": 6, "favor": 1, "power": 1}
    assert all(c.penalty == 6 for c in cards)
    assert {s for c in cards for s in c.spirits} == set(range(9))


def test_bad_data_is_refused_with_a_sentence():
    raw = load_raw()
    broken = copy.deepcopy(raw)
    broken["tiles"]["tile"][0]["count"] = 2
    with pytest.raises(ValueError, match="tiles instead of 48|symbols"):
        parse_catalog(broken)
    broken = copy.deepcopy(raw)
    del broken["wishes"]["wish"][0]
    with pytest.raises(ValueError, match="12 Wish cards"):
        parse_catalog(broken)
    broken = copy.deepcopy(raw)
    broken["hexes"]["hex"][0]["source"] = "guess"
    with pytest.raises(ValueError, match="source"):
        parse_catalog(broken)


def test_data_files_ship_as_toml():
    folder = resources.files("wish_tui.spirits.data")
    for name in DATA_FILES:
        tomllib.loads(folder.joinpath(f"{name}.toml").read_text("utf-8"))
