"""The hard level: determinized look-ahead guided by the medium policy.

Before every action of its turn the bot asks the medium planner for its most promising next
actions, then plays each of them out on several determinizations of its view: the rest of its turn,
every opponent's next turn and its own next turn, all by the medium policy, its own turns judged
with its own weights (`JUDGEMENT`) and the opponents' with the medium bot's. It keeps the action
whose playouts end best on average (its value minus the best opponent's). In a solo game, when the
playouts pick the planned first action, it follows the rest of the planned turn instead. Choosing a
Wish from the Offer or a card to discard is compared the same way (SEARCHED); the Destiny is chosen
by what it promises over the whole game; other decisions are greedy.

The think budget is counted in engine applies, never in time: every candidate is played out on
the same sampled deals (at least MIN_SAMPLES), a new deal is sampled only while its playouts still
fit in the budget, and each playout stops after PLAYOUT_CAP applies, so a seed always replays the
same choices and the worst decision is bounded.
"""

from __future__ import annotations

from wish_tui.core.playout_ranking import playout_verdict, rank_by_playouts
from wish_tui.wish.rules import Action, State

from .base import Bot, match
from .destiny import destiny_prospect
from .evaluate import MEDIUM, Weights, position_value, seat_value
from .medium import MediumBot
from .planner import END, greedy_decision, greedy_step, plan_turn, rival_cache, settle, work_counter
from .reasons import empower_reason, trade_reason, travel_reason

THINK_MS = 1000
"""Default think budget per decision."""
WORK_PER_MS = 9
"""Engine applies (see `planner.work_counter`) the search may make per millisecond of think
budget. One apply, with the evaluations around it, costs about 20-50 microseconds on the
reference 2-core machine (more late in a game), so the default budget's worst decision stays near
0.5 s even with both cores busy (see benchmarks/bots.md). Counting applies instead of time keeps
every choice independent of the clock."""
PLAYOUT_CAP = 1500
"""Applies after which a playout stops and its position is evaluated as it stands."""
MIN_SAMPLES = 2
"""Sampled deals every candidate is played out on, whatever the budget."""
CANDIDATES = 4
"""Next actions (or decision options) compared by playouts."""
OWN_PLAN = (2, 3)
"""Beam width and depth of the bot's own turns in a playout (cheap: the candidates differ there)."""
JUDGEMENT = Weights(decay=0.65, missing=0.75, spare=0.25, tokens=0.5, monument=1.5)
"""How the hard bot judges positions for itself (its own plans and the ends of playouts): effort
towards a Wish costs more, loose crystals and tokens count less and a Monument in sight counts
more than in the medium bot's judgement. Chosen with benchmarks/weights.py: a medium bot judging
this way beats the medium bot in 58.8% of 800 games (see benchmarks/bots.md)."""
SEARCHED = frozenset(("setup_discard", "draw_offer", "discard", "fresh_discard"))
"""Decisions compared by playouts like turn actions: which Wishes to keep. The Destiny is kept
by its prospect over the whole game (`destiny.destiny_prospect`), which a playout of a round
cannot see."""
OPPONENT_PLAN = (MediumBot.width, MediumBot.depth)
"""Beam width and depth of opponents' turns in a playout: the medium bot's own, with its work
limit, so that a playout answers a candidate the way a medium opponent would."""


class HardBot(Bot):
    """Compares the medium planner's best next actions by playouts over sampled hidden cards."""

    level = "hard"

    def __init__(self, seed: int, think_ms: int | None = None) -> None:
        super().__init__(seed, think_ms)
        budget = THINK_MS if think_ms is None else think_ms
        self.work = budget * WORK_PER_MS
        self.last_reason = ""
        self._plan: list[Action] = []
        self._plan_key: tuple = ()

    def _reason(self, view: dict, action: Action) -> str:
        return self.last_reason or "the best choice found"

    def _choose(self, view: dict, legal: list[Action]) -> Action:
        seat = view["seat"]
        if view["decision"] is not None:
            return self._decide(view, legal)
        key = (seat, view["round"], view["turn_idx"])
        if self._plan and self._plan_key == key and self._plan[0] in legal:
            return self._plan.pop(0)
        self._plan = []
        start = work_counter()[0]
        sample = self.sample(view)
        plan = plan_turn(sample, width=5, depth=4, weights=JUDGEMENT)
        ranked = sorted(plan.by_first.items(), key=lambda kv: -kv[1])
        candidates = [a for a, _ in ranked if a in legal][:CANDIDATES]
        if plan.actions[0] not in candidates:
            candidates.insert(0, plan.actions[0])
        if len(candidates) == 1:
            self.last_reason = _describe(candidates[0], sample, seat)
            return match(candidates[0], legal)
        best = self._compare(view, sample, candidates, start)
        if len(sample.players) == 1 and best == plan.actions[0]:
            # Alone against the Challenge deck, the planned turn does better than searching
            # again before each action (benchmarks/bots.md, solo).
            self._plan, self._plan_key = plan.actions[1:], key
        return match(best, legal)

    def _decide(self, view: dict, legal: list[Action]) -> Action:
        """Answer a decision: greedily, or by playouts when it shapes the game (SEARCHED)."""
        seat = view["seat"]
        start = work_counter()[0]
        sample = self.sample(view)
        options = sample.legal_actions()
        if view["decision"]["kind"] == "destiny":
            options = _likeliest_destinies(sample, seat, options)
        best = greedy_decision(sample, options, weights=JUDGEMENT)
        if view["decision"]["kind"] not in SEARCHED or len(options) < 2:
            self.last_reason = _describe(best, sample, seat)
            return match(best, legal)
        ranked = sorted(
            options,
            key=lambda a: -seat_value(sample.apply(a), seat, 0.3, JUDGEMENT),
        )
        candidates = [a for a in ranked if a in legal][:CANDIDATES]
        return match(self._compare(view, sample, candidates, start), legal)

    def _compare(self, view: dict, first: State, candidates: list[Action], start: int) -> Action:
        """The candidate whose playouts end best on average, over the same sampled deals (a new
        deal only while the dearest deal so far still fits in the budget)."""
        seat = view["seat"]
        scores = rank_by_playouts(
            first,
            candidates,
            playout=lambda deal, action: _playout(deal, seat, action),
            resample=lambda: self.sample(view),
            enough=lambda deals, used, dearest: deals >= MIN_SAMPLES and used + dearest > self.work,
            start=start,
        )
        best = scores[0][2]
        verdict = playout_verdict(scores, "playing on to the end of the coming round")
        self.last_reason = f"{_describe(best, first, seat)}; {verdict}"
        return best


def _playout(state, seat: int, action: Action) -> float:
    """Play `action`, then everyone by the medium policy until `seat` has finished one more turn.

    Every candidate is judged at the same point: at the end of the first turn of `seat` that
    starts after the current one, however the candidate itself ends or interrupts a turn. A
    playout stops after PLAYOUT_CAP applies and is evaluated where it stands.
    """
    playout = Playout(state, seat)
    st = playout.play_on(playout.advance(state, action, seat, JUDGEMENT))
    return seat_value(st, seat, rivalry=1.0, weights=JUDGEMENT)


class Playout:
    """Everyone by the medium policy from `state` until `seat` has finished one more turn (the
    turn under way, when it is `seat`'s, does not count), or PLAYOUT_CAP applies are made."""

    def __init__(self, state, seat: int) -> None:
        self.seat = seat
        self.work = work_counter()
        self.stop = self.work[0] + PLAYOUT_CAP
        self.ends_left = 2 if _own_turn(state, seat) else 1
        self.caches: dict[int, dict] = {}
        """Per judgement (its id), the RivalCaches of the decisions settled (`planner.settle`)."""

    def advance(self, st, move: Action, mover: int, weights: Weights, after=None):
        """The position after `mover` plays `move` (`after`, when it is known) and its decisions
        are settled."""
        seat = self.seat
        turn = _own_turn(st, seat)
        self.work[0] += 1
        caches = self.caches.setdefault(id(weights), {})
        st = settle(
            st.apply(move) if after is None else after, mover, weights=weights, caches=caches
        )
        if turn and _own_turn(st, seat) != turn:
            self.ends_left -= 1
        return st

    def play_on(self, st):
        """The position where the playout ends, from `st`."""
        seat, work = self.seat, self.work
        while not st.is_over and self.ends_left > 0 and work[0] < self.stop:
            mover = st.current_player
            weights = JUDGEMENT if mover == seat else MEDIUM
            if st.pending:
                cache = rival_cache(self.caches.setdefault(id(weights), {}), mover, weights)
                move, after, _ = greedy_step(st, st.legal_actions(), 0.3, weights, cache)
                st = self.advance(st, move, mover, weights, after)
                continue
            width, depth = OWN_PLAN if mover == seat else OPPONENT_PLAN
            limit = None if mover == seat else MediumBot.work_limit * 2 // len(st.players)
            line = plan_turn(st, width=width, depth=depth, weights=weights, limit=limit).actions
            for move in line:
                if st.is_over or st.current_player != mover or st.pending:
                    break
                if move not in st.legal_actions():
                    break
                st = self.advance(st, move, mover, weights)
            if not st.is_over and st.current_player == mover and not st.pending:
                st = self.advance(st, END, mover, weights)
        return st


def _likeliest_destinies(state, seat: int, options: list[Action]) -> list[Action]:
    """The Destinies among `options` that promise the most VP over the game."""
    hand = state.players[seat].hand
    prospects = [destiny_prospect(state.catalog, a.arg, hand) for a in options]
    best = max(prospects)
    return [a for a, p in zip(options, prospects, strict=True) if p >= best - 1e-9]


def _own_turn(st, seat: int) -> tuple | None:
    """Which turn of `seat` is being played (round and place in the order), or None."""
    if st.phase != "play" or st.order[st.turn_idx] != seat:
        return None
    return (st.round, st.turn_idx)


_PLAIN_REASONS = {
    "caravan": "trade with the Caravan while it is here",
    "manifest": "use this Area's Manifest ability",
    "end": "nothing left that improves your position this turn",
}
"""The reason for an action of these kinds, whatever it is played on."""


def _describe(action: Action, state, seat: int) -> str:
    """A short reason for an action, in the words of the game."""
    cat = state.catalog
    kind = action.kind
    if kind in _PLAIN_REASONS:
        return _PLAIN_REASONS[kind]
    if kind == "fulfill":
        wish = cat.wishes[action.arg]
        return f"fulfill {wish.name} now for {wish.vp} VP"
    if kind == "build":
        return f"build the {action.arg} for {cat.monument_by_name[action.arg].vp} VP"
    if kind == "travel":
        return travel_reason(state, seat, action.arg)
    if kind == "empower":
        place = cat.area_index[action.at] if action.at else state.players[seat].area
        return empower_reason(state, seat, place)
    if kind == "trade":
        return trade_reason(state, seat, action.arg)
    if kind == "keep":
        prospect = destiny_prospect(cat, action.arg, state.players[seat].hand)
        return f"about {prospect:.0f} VP expected from it by the end of the game"
    value = position_value(state, seat)
    return f"it leaves your position best (about {value:.0f} VP in sight)"
