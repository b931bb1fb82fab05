"""The expert level of Wish: information-set search guided by the hard bot's judgement.

One tree over what the seat knows (`wish_tui.core.ismcts`); each iteration draws the hidden
hands, Destinies and decks from the seat's view with `rules.determinize`. A move is one action;
the moves of a node are tried in the order of the hard bot's judgement of where each leads
(`hard.JUDGEMENT`), which also biases the choice while they are little visited. A new node's
position is played on quickly: the seat deciding there finishes its turn by the medium planner
(narrow and shallow), and every seat's position is then judged; a seat's reward is its chance of
winning read from its lead over the best other seat (`core.rewards.WIN_SCALE`).
"""

from __future__ import annotations

import random

from wish_tui.core.expert import ExpertBot as SearchingBot
from wish_tui.core.game_search import GameSearch
from wish_tui.core.rewards import lead_rewards, leads
from wish_tui.wish.rules import Action, determinize

from .base import FreeMoves
from .evaluate import position_value, seat_value
from .hard import JUDGEMENT, Playout, _likeliest_destinies, _own_turn
from .hard import _describe as describe_action
from .planner import plan_turn
from .rivals import RivalCache

PRIOR_PLAN = (5, 4)
"""Width and depth of the plan of the rest of a turn that ranks its actions (the hard bot's)."""
PRIOR_RIVALRY = 0.3
"""How much of the best opponent's value a move's prior subtracts (as the medium planner)."""


class WishSearch(GameSearch):
    """The search's side of one decision of Wish, for the seat of `view`."""

    prior_temperature = 1.0
    seats_key = "djinns"

    def __init__(self, view: dict) -> None:
        super().__init__(view, determinize)
        own = view["phase"] == "play" and view["order"][view["turn_idx"]] == self.seat
        self.turn = (view["round"], view["turn_idx"]) if own else None
        """The seat's turn under way (None outside its turn)."""
        self.centers: list[float] | None = None

    def sample(self, rng: random.Random):
        st = super().sample(rng)
        if self.centers is None:
            self.centers = leads(self.values(st))
        return st

    def in_tree(self, st) -> bool:
        # The rest of the seat's own turn (and its decisions meanwhile); the rest is played out.
        return st.current_player == self.seat and _own_turn(st, self.seat) == self.turn

    def moves(self, st) -> list[Action]:
        legal = st.legal_actions()
        if st.pending and st.pending[0][0] == "destiny":
            # A Destiny pays at the end of the game, which no look-ahead of a round sees: only
            # those that promise the most over the whole game are raced (as the hard bot keeps).
            return _likeliest_destinies(st, st.current_player, legal)
        return legal

    def values(self, st) -> list[float]:
        return [position_value(st, s, None, JUDGEMENT) for s in range(self.seats)]

    def priors(self, st, moves: list[Action]) -> list[float]:
        seat = st.current_player
        if st.phase == "play" and not st.pending:
            # A turn's action is worth the best line of the turn it begins (as the hard bot
            # ranks its candidates); one the planner skips (a trade no Wish needs) comes last.
            width, depth = PRIOR_PLAN
            found = plan_turn(st, width=width, depth=depth, weights=JUDGEMENT).by_first
            low = min(found.values()) - self.prior_temperature
            values = [found.get(m, low) for m in moves]
        else:
            rivals = RivalCache(seat, JUDGEMENT)
            values = [
                seat_value(st.apply(m), seat, PRIOR_RIVALRY, JUDGEMENT, rivals) for m in moves
            ]
        return self.priors_of(values)

    def play_out(self, st):
        return Playout(st, self.seat).play_on(st)

    def rewards_at(self, st) -> list[float]:
        # Final scores once over (position_value is the score then): the lead gained or lost
        # since the decision, as a chance of winning.
        return lead_rewards(self.values(st), centers=self.centers)


class ExpertBot(SearchingBot):
    """Searches every decision of Wish with ISMCTS within its budget."""

    def __init__(self, seed: int, think_ms: int | None = None, iterations: int | None = None):
        super().__init__(seed, think_ms, iterations)
        self.free_moves = FreeMoves()

    def choose(self, view: dict, legal: list[Action]) -> Action:
        stay = self.free_moves.stay(view, legal)
        return stay if stay is not None else super().choose(view, legal)

    def search_game(self, view: dict, legal: list[Action]) -> WishSearch:
        return WishSearch(view)

    def describe(self, view: dict, action: Action) -> str:
        return describe_action(action, determinize(view, self.deal_seed), view["seat"])
