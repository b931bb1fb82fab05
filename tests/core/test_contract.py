"""Every game satisfies the one contract written in `wish_tui.core`: its rules, its State, its bots.

Each test runs for every game of the registry, through the contract's names only.
"""

from __future__ import annotations

import pytest

from wish_tui import games
from wish_tui.core.illegal import IllegalAction

GAMES = pytest.mark.parametrize("spec", list(games.GAMES.values()), ids=list(games.GAMES))


@GAMES
def test_each_games_illegal_action_is_the_shared_one(spec) -> None:
    own = spec.rules.IllegalAction
    assert own is not IllegalAction and issubclass(own, IllegalAction)
    assert issubclass(own, ValueError)
    state = spec.new_state(spec.seats[:2], 1, "", spec.parse_options({}))
    with pytest.raises(IllegalAction) as refused:
        spec.rules.parse_action(state, "no such action")
    assert type(refused.value) is own and str(refused.value)
