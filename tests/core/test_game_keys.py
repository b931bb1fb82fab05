"""Each game's turn keys are declared once (`GAME_KEYS` in its words) and bound, grouped and
hinted from there (issue 33)."""

from __future__ import annotations

import importlib

import pytest
from textual.binding import Binding

from wish_tui.core.game_keys import GameKey, key_groups, rare_actions
from wish_tui.ui.screens.game_key_bindings import game_bindings

GAMES = ("wish", "spirits", "wishland")
UNDO = Binding("u", "undo", "Undo")
KEYS = (
    GameKey("t", "travel", "Travel", "Travel", lambda a: a == "travel"),
    GameKey("n", "end", "End", "End turn", lambda a: a == "end"),
    GameKey("p", "potion", "Potion", "Potion", lambda a: a == "potion", rare=True),
)


def test_the_bindings_keep_the_keys_order_with_undo_before_the_named_one():
    bindings = game_bindings(KEYS, UNDO, undo_before="potion")
    assert [(b.key, b.action, b.description) for b in bindings] == [
        ("t", "travel", "Travel"),
        ("n", "end", "End"),
        ("u", "undo", "Undo"),
        ("p", "potion", "Potion"),
    ]


def test_undo_before_no_key_is_refused():
    with pytest.raises(ValueError, match="trade"):
        game_bindings(KEYS, UNDO, undo_before="trade")


def test_the_groups_take_their_titles_in_the_order_given():
    groups = key_groups(KEYS, ("potion", "travel", "end"))
    assert [(name, title) for name, (title, _) in groups.items()] == [
        ("potion", "Potion"),
        ("travel", "Travel"),
        ("end", "End turn"),
    ]
    assert groups["end"][1]("end") and not groups["end"][1]("travel")


def test_an_order_that_misses_a_key_is_refused():
    with pytest.raises(ValueError):
        key_groups(KEYS, ("travel", "end"))
    assert rare_actions(KEYS) == {"potion"}


@pytest.mark.parametrize("game", GAMES)
def test_each_game_screen_binds_its_words_keys(game):
    words = importlib.import_module(f"wish_tui.{game}.words.choices")
    screen = importlib.import_module(f"wish_tui.{game}.ui.game_screen").GameScreen
    bound = {b.action: b for b in screen.BINDINGS if b.action in words.KEY_GROUPS}
    assert set(bound) == {k.action for k in words.GAME_KEYS} == set(words.KEY_GROUPS)
    for key in words.GAME_KEYS:
        assert (bound[key.action].key, bound[key.action].description) == (key.key, key.label)
        assert words.KEY_GROUPS[key.action][0] == key.title
    assert {k.action for k in words.GAME_KEYS if k.rare} == screen.RARE_GROUPS
