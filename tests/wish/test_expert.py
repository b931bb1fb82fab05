"""Wish's expert: what it races at a decision the look-ahead of a round cannot judge."""

from __future__ import annotations

from wish_tui.wish import rules
from wish_tui.wish.bots import make_bot
from wish_tui.wish.bots.destiny import destiny_prospect


def test_the_expert_keeps_the_destiny_that_promises_most_without_racing_it() -> None:
    kept = 0
    for seed in range(6):
        state = rules.new_game(["air", "water"], seed)
        seat = state.current_player
        legal = state.legal_actions()
        hand = state.players[seat].hand
        prospects = {a: destiny_prospect(state.catalog, a.arg, hand) for a in legal}
        best = max(prospects.values())
        if sorted(prospects.values())[0] == best:
            continue  # two Destinies that promise alike are raced
        bot = make_bot("expert", seed, iterations=30)
        action = bot.choose(state.view(seat), legal)
        assert prospects[action] == best and bot.last.iterations == 0
        kept += 1
    assert kept >= 2
