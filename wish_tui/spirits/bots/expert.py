"""The expert level of Spirits of the Forest: information-set search guided by the hard bot's
judgement.

One tree over what the seat knows (`wish_tui.core.ismcts`); each iteration draws the face-down
Favor tokens, the other seats' cards (and in solo the forest's hidden tiles and tokens) from the
seat's view with `rules.determinize`. A move is one action; while a seat takes tiles, a move's
prior is the best way to finish the taking part that starts with it (`planner.take_plans`), at
the gemstone step and other decisions the position it leads to, both judged as the hard bot
judges (`evaluate.seat_values`). The tree holds the decision alone: each of its best few moves
by prior is raced on shared deals and played out from there as the hard bot plays its plans
out, so that the moves are judged on their look-aheads and nothing else. A seat's reward is its
chance of winning read from the lead over the best other seat it gained since the decision (in
solo, the chance of beating the forest); in the last turns the look-ahead
plays on to the end of the game and the result is the reward.
"""

from __future__ import annotations

from wish_tui.core.expert import ExpertBot as SearchingBot
from wish_tui.core.game_search import GameSearch
from wish_tui.core.rewards import WIN_SCALE, final_rewards, lead_rewards, leads
from wish_tui.spirits.rules import Action, determinize

from .evaluate import seat_value, seat_values, solo_chances, solo_win_chance
from .hard import JUDGEMENT, play_on
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

    def in_tree(self, st) -> bool:
        # Only the decision itself (a deal as drawn): the rest of the turn is played out as
        # the hard bot plays its plans out, so that a move is judged by its look-aheads alone
        # and not by the tree's trials of weaker gemstone steps after it.
        return st is self._dealt

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
            return st.apply(move)
        for action in move:
            # Another deal may turn up a token that changes what follows: the tree and the
            # look-ahead take over where the line no longer fits.
            if st.is_over or action not in st.legal_actions():
                break
            st = st.apply(action)
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
        if not self.to_the_end():
            return play_on(st, self.seat)
        while not st.is_over:
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
