"""The expert level of Spirits of the Forest: information-set search guided by the hard bot's
judgement.

One tree over what the seat knows (`wish_tui.core.ismcts`); each iteration draws the face-down
Favor tokens, the other seats' cards (and in solo the forest's hidden tiles and tokens) from the
seat's view with `rules.determinize`. While a seat takes tiles, a move is a whole way to finish
the taking part (`planner.take_plans`, the hard bot's candidates); at the gemstone step and
other decisions it is one action; each is judged as the hard bot judges
(`evaluate.seat_values`). The decision's best few moves by prior are raced on shared deals. The
look-ahead ends after the seat's next turn: between two seats the tree also holds the other
seat's turn and the seat's next one, where each picks among its own best ways to take by its
own reward (so a move is judged against the other seat's best answer the search finds, not the
medium planner's first); the rest of every turn is played as the hard bot plays it. A seat's
reward is its chance of winning read from the lead over the best other seat it gained since the
decision (in solo, the chance of beating the forest); in the last turns the look-ahead plays on
to the end of the game and the result is the reward.
"""

from __future__ import annotations

import math

from wish_tui.core.expert import ExpertBot as SearchingBot
from wish_tui.core.game_search import GameSearch
from wish_tui.core.rewards import WIN_SCALE, final_rewards, lead_rewards, leads
from wish_tui.spirits.rules import Action, determinize

from .evaluate import seat_value, seat_values, solo_chances, solo_win_chance
from .hard import JUDGEMENT
from .planner import distinct_plans, greedy_action, in_take_part, play_turn, take_plans
from .reasons import describe

ENDGAME_TILES = 12
"""Tiles left in the forest at or below which a look-ahead plays on to the end of the game and
is judged by its result (the last few turns decide the majorities, the Wishes and the Hexes,
which the position's judgement only estimates)."""
FRESH_DEALS = 1 << 16
"""Determinizations drawn new before any is drawn again: the look-ahead is deterministic, so a
deal played again by the same move adds nothing, and a deal costs a fraction of a look-ahead."""
LEAD_SCALE = 2 * WIN_SCALE
"""Points of lead gained since the decision that make a look-ahead's end about 73% sure of a
win. The judgement's lead swings by about five points from one turn to the next and a lead of a
dozen points mid-game is often lost, so a lead is read on a wider curve than in the other games
(on a narrow one every move looks won, or lost, and the search can no longer tell them apart)."""
TREE_SEATS = 2
"""Seats at which the tree also holds the other seats' next turns and the seat's own (four
seats' turns are too many for the iterations of a second to go below the first)."""
MARGIN_SHARE = 0.1
"""The share of a finished game's reward read from the final margin (the rest is the result),
so that among lines that all win or all lose the search still prefers the wider margin."""


class SpiritsSearch(GameSearch):
    """The search's side of one decision of Spirits of the Forest, for the seat of `view`."""

    candidates = 8
    samples = FRESH_DEALS

    def __init__(self, view: dict) -> None:
        super().__init__(view, determinize)
        self._lines: tuple = (None, {})
        """The last position whose ways to take were listed, and those ways with their values."""
        self.centers: list[float] | None = None
        """Each seat's lead where the search began (as the first deal has it)."""
        self._dealt = None
        """The last deal drawn: the decision's position in the iterations played on it."""
        self._horizon: float | None = None
        """The turn number at which a look-ahead stops (after the seat's next turn)."""

    def sample(self, rng):
        st = super().sample(rng)
        if self.centers is None and not st.solo:
            self.centers = leads(seat_values(st, JUDGEMENT))
        self._dealt = st
        return st

    def to_the_end(self) -> bool:
        """Whether this decision's look-aheads play on to the end of the game (decided once
        for the search, so that every move is judged the same way)."""
        root = self.root
        return not root.solo and root.tiles_left <= ENDGAME_TILES

    def horizon(self) -> float:
        """The turn number a look-ahead plays to: the end of the seat's next turn (of the
        turn after next, when the decision comes between turns), or the end of the game."""
        if self._horizon is None:
            root = self.root
            if root.solo or self.to_the_end():
                self._horizon = math.inf
            else:
                own = root.phase == "play" and not root.pending and root.turn == self.seat
                self._horizon = root.turn_no + self.seats + (1 if own else 2)
        return self._horizon

    def in_tree(self, st) -> bool:
        # The decision itself (a deal as drawn) and, between two seats, the start of every
        # turn before the look-ahead's end: the other seat answers with the way to take that
        # serves it best, and the seat with its own best next turn, each found by the search
        # among the hard bot's best few. The rest of a turn (the gemstone step, a Favor) is
        # played as the hard bot plays it, so that weaker gemstone steps tried in the tree
        # never mark a move down.
        if st is self._dealt:
            return True
        return self.seats == TREE_SEATS and self._turn_start(st)

    def _turn_start(self, st) -> bool:
        """Whether `st` is the start of a turn before the look-ahead's end."""
        return (
            st.phase == "play"
            and not st.pending
            and st.step == "take"
            and st.took == 0
            and st.turn_no < self.horizon()
        )

    def moves(self, st) -> list:
        if in_take_part(st, st.current_player):
            return list(self._take_lines(st))
        legal = st.legal_actions()
        if legal[0].kind == "keep":
            # A Wish or a Hex pays at the end of the game, which no look-ahead of a round sees:
            # kept as the hard bot keeps one, by how often it pays.
            return [greedy_action(st, JUDGEMENT)]
        return legal

    def play(self, st, move):
        if isinstance(move, Action):  # (an Action is a tuple too: it is asked first)
            st = st.apply(move)
        else:
            for action in move:
                # Another deal may turn up a token that changes what follows: the hard bot's
                # play takes over where the line no longer fits.
                if st.is_over or action not in st.legal_actions():
                    break
                st = st.apply(action)
        if self.seats != TREE_SEATS:
            return st
        # On to the next decision the tree holds, or the look-ahead's end.
        while not st.is_over and st.turn_no < self.horizon() and not self._turn_start(st):
            st = play_turn(st, JUDGEMENT)
        return st

    def priors(self, st, moves: list) -> list[float]:
        if in_take_part(st, st.current_player):
            lines = self._take_lines(st)
            values = [lines[m] for m in moves]
        else:
            seat = st.current_player
            values = [seat_value(st.apply(m), seat, JUDGEMENT) for m in moves]
        return self.priors_of(values)

    def _take_lines(self, st) -> dict[tuple[Action, ...], float]:
        """Every way to finish the taking part of the turn that reaches a position of its own
        (the hard bot's candidates), with its value."""
        known, lines = self._lines
        if known is not st:
            plans = distinct_plans(take_plans(st, st.current_player, JUDGEMENT))
            lines = {plan.actions: plan.value for plan in plans}
            self._lines = (st, lines)
        return lines

    def play_out(self, st):
        horizon = self.horizon()
        while not st.is_over and st.turn_no < horizon:
            st = play_turn(st, JUDGEMENT)
        return st

    def rewards_at(self, st) -> list[float]:
        if st.is_over:
            scores = st.final_scores()
            result = final_rewards(scores, self.seats)
            if st.solo:
                return result
            margin = lead_rewards([seat["total"] for seat in scores["seats"]])
            return [
                (1 - MARGIN_SHARE) * r + MARGIN_SHARE * m
                for r, m in zip(result, margin, strict=True)
            ]
        if st.solo:
            return [solo_win_chance(st, solo_chances(st, JUDGEMENT)[0])]
        return lead_rewards(seat_values(st, JUDGEMENT), LEAD_SCALE, self.centers)


class ExpertBot(SearchingBot):
    """Searches every decision of Spirits of the Forest with ISMCTS within its budget."""

    def first_action(self, move) -> Action:
        return move if isinstance(move, Action) else move[0]

    def search_game(self, view: dict, legal: list[Action]) -> SpiritsSearch:
        return SpiritsSearch(view)

    def describe(self, view: dict, action: Action) -> str:
        return describe(view, action)
