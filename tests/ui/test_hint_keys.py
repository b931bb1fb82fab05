"""A hint names the key that takes its action, in every game: Wish's said 'Hint: Manifest
(column 1) — …' and left the person to find which key manifests (Wishland's and Spirits' said
'(a)', '(highlighted: Enter)')."""

from __future__ import annotations

from .helpers import settle
from .test_action_keys import app_for, turn_position
from .test_game_flow import game_of


async def test_a_wish_hint_names_the_key_of_its_action():
    state, _ = turn_position()
    app = app_for(state)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        game = game_of(app)
        pairs = [(a, c) for a, c in game._legal_pairs() if c.groups]
        assert pairs
        for action, choice in pairs:
            said = game.hint_words(action, choice.words)
            keys = {k for g in choice.groups for k in game.router.group_keys(g)}
            assert said.startswith(choice.words), said
            assert ") (" not in said, said  # 'Manifest (column 1) (m)': two asides in a row
            key = said[len(choice.words) :]
            key = key.removeprefix(", key ") if choice.words.endswith(")") else key[2:-1]
            assert key in keys, said


def test_a_key_after_words_in_brackets_is_not_a_second_bracket():
    from wish_tui.widgets.key_bar import with_key

    assert with_key("Manifest", "m") == "Manifest (m)"
    assert with_key("Manifest (column 1)", "m") == "Manifest (column 1), key m"
    assert with_key("Take Vines (row 4)", "highlighted: Enter") == (
        "Take Vines (row 4), highlighted: Enter"
    )
