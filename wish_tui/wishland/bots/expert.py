"""The expert level of Wishland: information-set search guided by the hard bot's judgement.

One tree over what the seat knows (`wish_tui.core.ismcts`); each iteration draws the Decks, the
other seats' Entrepreneurs (and in solo the cards to be drawn) from the seat's view with
`rules.determinize`. A move is one action; its prior is the medium policy's value of the
position it leads to, the seat's own decisions after it settled greedily (`policy.ranked`). A new
node's position is judged at once: a seat's reward is its chance of winning read from its lead
over the best other seat (`evaluate.position_value`); in solo, from its expected score against
SOLO_TARGET.
"""

from __future__ import annotations

import random

from wish_tui.core.expert import ExpertBot as SearchingBot
from wish_tui.core.game_search import GameSearch
from wish_tui.core.rewards import final_rewards, lead_rewards, solo_reward
from wish_tui.wishland.rules import Action, determinize

from . import policy
from .evaluate import position_value
from .hard import HardBot, horizon, play_on
from .policy import work_counter
from .reasons import describe

SOLO_TARGET = 45.0
"""Solo: the score judged an even chance (about the hard bot's average)."""
SOLO_SCALE = 8.0
PLAYOUT_CAP = 4000
"""Engine applies after which a playout stops and its position is judged."""


class WishlandSearch(GameSearch):
    """The search's side of one decision of Wishland, for the seat of `view`."""

    seats_key = "players"

    def __init__(self, view: dict) -> None:
        super().__init__(view, determinize)
        self.weights = HardBot.weights
        self.until: int | None = None
        """The round whose start ends a playout: as the hard bot's, from the decision's round."""

    def sample(self, rng: random.Random):
        st = super().sample(rng)
        if self.until is None:
            self.until = horizon(st)
        return st

    def moves(self, st) -> list[Action]:
        legal = st.legal_actions()
        claims = [a for a in legal if a.kind == "claim"]
        # An Achievement is 1 VP that can only be lost by waiting: claimed at once.
        if claims:
            return claims[:1]
        if legal[0].kind == "keep":
            # An Entrepreneur pays at the end of the game: kept as the hard bot keeps one.
            return [policy.greedy_decision(st, legal, self.weights)]
        return legal

    def priors(self, st, moves: list[Action]) -> list[float]:
        if len(moves) == 1:
            return [1.0]
        ranked = {a: v for v, a in policy.ranked(st, self.weights)}
        return self.priors_of([ranked[m] for m in moves])

    def play_out(self, st):
        stop = work_counter()[0] + PLAYOUT_CAP
        return play_on(st, self.seat, self.weights, self.until, stop)

    def rewards_at(self, st) -> list[float]:
        if st.is_over and self.seats > 1:
            return final_rewards(st.final_scores(), self.seats)
        if st.is_over:
            return [solo_reward(st.final_scores()["seats"][0]["total"], SOLO_TARGET, SOLO_SCALE)]
        values = [position_value(st, s, self.weights) for s in range(self.seats)]
        if self.seats == 1:
            return [solo_reward(values[0], SOLO_TARGET, SOLO_SCALE)]
        return lead_rewards(values)


class ExpertBot(SearchingBot):
    """Searches every decision of Wishland with ISMCTS within its budget."""

    def search_game(self, view: dict, legal: list[Action]) -> WishlandSearch:
        return WishlandSearch(view)

    def describe(self, view: dict, action: Action) -> str:
        return describe(action, determinize(view, self.deal_seed), view["seat"])
