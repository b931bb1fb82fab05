"""The hard bot's and the expert's choices on seeded positions, written down: a change that is
meant only to make their look-ahead cheaper must leave every one of them as it is.

The positions come from games of medium bots (cheap to play); the hard bot's engine applies
(`work_counter`) are written beside its choice, since they follow every playout it makes, and the
expert's root statistics beside its own (a few iterations, which replay exactly from a seed).
"""

from __future__ import annotations

import pytest

from wish_tui.wish import rules
from wish_tui.wish.bots import make_bot
from wish_tui.wish.bots.planner import work_counter

HARD_MS = 100
"""The hard bot's think budget here (its work, not time)."""
FOUR = ["air", "water", "fire", "earth"]


def _positions(djinns: list[str], seed: int, count: int = 90, every: int = 9) -> list[tuple]:
    """Every `every`-th of the first `count` real choices (more than one legal action) of a game
    of medium bots: (view, legal)."""
    state = rules.new_game(djinns, seed)
    bots = [make_bot("medium", seed * 7 + s) for s in range(len(djinns))]
    found, made = [], 0
    while not state.is_over and made < count:
        seat = state.current_player
        view, legal = state.view(seat), state.legal_actions()
        if len(legal) > 1:
            made += 1
            if made % every == 0:
                found.append((view, legal))
        state = state.apply(bots[seat].choose(view, legal), seat)
    return found


HARD_CHOICES = {
    (tuple(FOUR), 31): [
        ("icedibs True Love #4", 5401),
        ("empower #4", 2642),
        ("choose water", 3),
        ("manifest #1", 10013),
        ("nest white", 6),
        ("fulfill Friendship #3", 10022),
        ("travel Mountain Caves #3", 9891),
        ("travel Ruins #1", 9687),
        ("travel Ruins #1", 10251),
        ("manifest #1", 9440),
    ],
    (("earth", "fire"), 12): [
        ("empower #4", 2131),
        ("end", 2338),
        ("empower #4", 3849),
        ("discard Friendship", 3565),
        ("pay red", 3),
        ("pay green", 3),
        ("end", 4854),
        ("draw Authority", 4430),
        ("travel Oasis #1", 6176),
        ("end", 4704),
    ],
}
"""Per game (Djinns, seed): the hard bot's choice at each position and the work it made."""


@pytest.mark.parametrize("game", list(HARD_CHOICES), ids=lambda g: f"{len(g[0])}-seats")
def test_the_hard_bot_chooses_as_written_on_seeded_positions(game) -> None:
    djinns, seed = game
    made = []
    for view, legal in _positions(list(djinns), seed):
        before = work_counter()[0]
        action = make_bot("hard", 5, HARD_MS).choose(view, legal)
        made.append((str(action), work_counter()[0] - before))
    assert made == HARD_CHOICES[game]


EXPERT_CHOICES = {
    2: (
        "choose water",
        [("choose water", 3, 0.550495928), ("choose fire", 3, 0.55030901)]
        + [("choose earth", 1, 0.585236035)],
    ),
    6: (
        "travel Mountain Caves #3",
        [
            ("travel Mountain Caves #3", 2, 0.63307927),
            ("travel Dock #3", 2, 0.603741671),
            ("trade blue", 1, 0.732797533),
            ("travel Cataracts #3", 1, 0.637161927),
            ("end", 1, 0.490374355),
            ("travel Palace #3", 1, 0.346568641),
        ],
    ),
}
"""Per position of the four-seat game (seed 31): the expert's choice at 8 iterations and its
root's moves that were tried (move, visits, mean reward)."""


def test_the_expert_searches_as_written_on_seeded_positions() -> None:
    positions = _positions(FOUR, 31)
    for index, (choice, stats) in EXPERT_CHOICES.items():
        view, legal = positions[index]
        bot = make_bot("expert", 3, iterations=8)
        action = bot.choose(view, legal)
        tried = [(str(s.move), s.visits, round(s.value, 9)) for s in bot.last.stats if s.visits]
        assert (str(action), tried) == (choice, stats)
