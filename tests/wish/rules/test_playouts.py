"""Seeded random playouts that check the game's invariants at every step.

Shaped like OpenSpiel's ``random_sim_test``: play whole games with a random policy and, after
every action, check what must always hold. The policy is uniform over the legal actions but
avoids ``end`` and ``trade`` nine times in ten, so that Djinns travel, empower and fulfill Wishes
instead of ending their turns at once.

Cheap invariants run at every step of every game; the expensive checks (notation round trip of
every legal action, ``to_dict``/``from_dict``, JSON, the secrecy of every seat's view) run at
every step of a subset of the games.
"""

from __future__ import annotations

import itertools
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wish_tui.wish import rules
from wish_tui.wish.rules import DJINNS, SOLO_LEVELS, Action, State
from wish_tui.wish.rules.supply import counted_supply, crystal_supply

MAX_STEPS = 5000
"""A game of Wish ends long before this many decisions; more means it does not end."""
MAX_ROUNDS = 16
"""The Caravan deck has 16 cards, one per round."""
AVOID = ("end", "trade")
CATALOG = rules.CATALOG
COUNT_FIELDS = ("crystals", "nest", "meeples")
TOKEN_FIELDS = ("vp_tokens", "potions", "trickery")


def choose(rng: random.Random, legal: list[Action]) -> Action:
    """Uniform over the legal actions, but mostly not 'end' or 'trade'."""
    busy = [a for a in legal if a.kind not in AVOID]
    if busy and rng.random() < 0.9:
        return rng.choice(busy)
    return rng.choice(legal)


class Tracker:
    """What the invariants need to remember across steps: the current turn's actions."""

    def __init__(self) -> None:
        self.turn: tuple | None = None
        self.markers = 0
        self.potions = 0
        self.supply_ran_dry = False
        self.progress = (0, 0)

    def before(self, state: State, action: Action) -> None:
        """Count the marker and Potion actions of the seat whose turn it is."""
        if state.phase != "play" or state.pending:
            return
        turn = (state.round, state.turn_idx)
        if turn != self.turn:
            self.turn, self.markers, self.potions = turn, 0, 0
        if not action.col:
            return
        p = state.players[state.order[state.turn_idx]]
        if action.potion:
            self.potions += 1
            assert p.markers_placed == 3, f"Potion before all three markers: {action}"
            assert p.markers[action.col - 1] != _symbol(action), (
                f"Potion repeats a marker: {action}"
            )
        else:
            self.markers += 1
            assert not p.markers[action.col - 1], f"second marker on column {action.col}"
        assert self.markers <= 3, "more than three action markers in one turn"
        assert self.potions <= 1, "more than one Potion action in one turn"


def _symbol(action: Action) -> str:
    from wish_tui.wish.rules.turn import SYMBOL_OF

    return SYMBOL_OF[action.kind]


def check_invariants(state: State, tracker: Tracker) -> None:
    """The cheap invariants: counts, hand sizes, markers, rounds."""
    assert state.round <= MAX_ROUNDS, f"round {state.round}"
    assert all(n >= 0 for n in state.area_meeples), "negative meeples in an Area"
    for built in state.monuments:
        if built is not None:
            assert all(n >= 0 for n in built[1]), "negative meeples on a Monument"
    assert len(state.wind) <= 5 and len(set(state.wind)) == len(state.wind), state.wind
    assert len(state.clones) <= 2 and len(set(state.clones)) == len(state.clones), state.clones
    assert len(state.frost) <= 3 and all(c in state.offer for c in state.frost), state.frost
    last_round, last_pos = tracker.progress
    assert state.round >= last_round and state.caravan_pos >= last_pos, "the game went backwards"
    tracker.progress = (state.round, state.caravan_pos)
    if not state.deck and not state.discard and None in state.offer:
        tracker.supply_ran_dry = True
    assert crystal_supply(state) == counted_supply(state), "the kept supply count is stale"
    for seat, p in enumerate(state.players):
        for name in COUNT_FIELDS:
            counts = getattr(p, name)
            assert len(counts) == 6 and min(counts) >= 0, f"seat {seat} {name} {counts}"
        for name in TOKEN_FIELDS:
            assert getattr(p, name) >= 0, f"seat {seat} {name}"
        assert p.markers_placed <= 3, f"seat {seat} has {p.markers} on the board"
        assert p.unlocked or not p.markers[1], f"seat {seat} used the locked column"
        assert p.unlocked == (len(p.fulfilled) >= 3), f"seat {seat} lock token out of step"
        if state.phase == "play" and not state.pending:
            size = CATALOG.djinns[p.djinn].hand_size
            assert len(p.hand) <= size, f"seat {seat} holds {len(p.hand)} cards"
            if len(p.hand) < size:
                assert tracker.supply_ran_dry, f"seat {seat} holds {len(p.hand)} of {size}"
    if state.phase == "play":
        assert not state.players[state.order[state.turn_idx]].potion_used or (
            state.players[state.order[state.turn_idx]].markers_placed == 3
        )
    # Every Wish card is somewhere exactly once.
    cards = [c for c in state.offer if c] + state.deck + state.discard + state.challenge_deck
    for p in state.players:
        cards += p.hand + p.fulfilled
    if state.challenge_card:
        cards.append(state.challenge_card)
    assert len(set(cards)) == len(cards), "a Wish card is in two places"
    # Solo: Challenge cards played earlier have left the game (as if an opponent played them).
    expected = set(CATALOG.wishes) - (set(CATALOG.challenge) if state.solo else set())
    assert expected <= set(cards), f"Wish cards lost: {sorted(expected - set(cards))}"


def _strings(data) -> list[str]:
    if isinstance(data, str):
        return [data]
    if isinstance(data, dict):
        return [s for k, v in data.items() for s in [k, *_strings(v)]]
    if isinstance(data, list | tuple):
        return [s for v in data for s in _strings(v)]
    return []


def check_view(state: State, seat: int) -> None:
    """`view(seat)` is JSON-safe and shows no other seat's hand or undisclosed Destiny."""
    view = state.view(seat)
    json.dumps(view)
    over = state.is_over
    own = state.players[seat]
    decision = view["decision"]
    for other, entry in enumerate(view["players"]):
        if other == seat:
            assert entry["hand"] == own.hand
            continue
        assert "hand" not in entry and "destiny_options" not in entry
        if not over:
            assert "destiny" not in entry
    if decision is not None and decision["seat"] != seat:
        assert set(decision) == {"kind", "seat", "djinn"}, decision
    public = {c for c in state.offer if c} | set(state.discard) | set(own.hand)
    public |= {c for p in state.players for c in p.fulfilled}
    public.add(state.challenge_card)
    if decision is not None:
        # The seat looked at that hand (Palace), or saw the card leave the Offer (Frostflake).
        public |= set(decision.get("their_hand", ()))
        public.add(decision.get("wish", ""))
    texts = _strings(view)
    for other, p in enumerate(state.players):
        if other == seat:
            continue
        for card in p.hand:
            if card not in public:
                assert not any(card in t for t in texts), f"seat {seat} sees {card}"
        secrets = list(p.destiny_options) + ([p.destiny] if p.destiny and not over else [])
        for destiny in secrets:
            if destiny not in own.destiny_options and destiny != own.destiny:
                assert not any(destiny in t for t in texts), f"seat {seat} sees {destiny}"


def check_expensive(state: State) -> None:
    """Notation and serialisation round trips, and every seat's view."""
    legal = state.legal_actions()
    notations = [str(a).lower() for a in legal]
    assert len(set(notations)) == len(notations), "two legal actions share a notation"
    for action in legal:
        text = str(action)
        assert Action.parse(text) == action, text
        assert rules.parse_action(state, text) == action, text
    data = state.to_dict()
    text = json.dumps(data)
    again = State.from_dict(json.loads(text))
    assert again.to_dict() == data
    assert again.legal_actions() == legal
    for seat in range(state.num_seats):
        check_view(state, seat)


def playout(djinns, seed: int, solo: str | None = None, expensive: bool = False) -> State:
    """Play one seeded random game to its end, checking invariants after every step."""
    rng = random.Random(f"{seed}-{'-'.join(djinns)}-{solo}")
    state = rules.new_game(list(djinns), seed=seed, solo=solo)
    tracker = Tracker()
    check_invariants(state, tracker)
    if expensive:
        check_expensive(state)
    for _ in range(MAX_STEPS):
        if state.is_over:
            break
        legal = state.legal_actions()
        assert legal, "a seat must decide but has no legal action"
        assert state.current_player is not None
        action = choose(rng, legal)
        tracker.before(state, action)
        before = state.to_dict() if expensive else None
        state = state.apply(action, seat=state.current_player)
        if expensive:
            assert before == rules.State.from_dict(before).to_dict()
        check_invariants(state, tracker)
        if expensive:
            check_expensive(state)
    assert state.is_over, f"no end after {MAX_STEPS} steps"
    assert state.current_player is None and state.legal_actions() == []
    scores = state.final_scores()
    for entry in scores["seats"]:
        assert entry["total"] == sum(entry["steps"].values())
    assert sorted(s for group in scores["ranking"] for s in group) == list(range(len(djinns)))
    return state


def _games() -> list[tuple[tuple[str, ...], int, str | None]]:
    configs = []
    for n, repeats in ((2, 6), (3, 3), (4, 3)):
        for djinns in itertools.permutations(DJINNS, n):
            configs.extend((djinns, None) for _ in range(repeats))
    for djinn in DJINNS:
        for level in SOLO_LEVELS:
            configs.extend(((djinn,), level) for _ in range(8))
    return [(djinns, 1000 + i, solo) for i, (djinns, solo) in enumerate(configs)]


GAMES = _games()
EXPENSIVE_EVERY = 7
"""Every 7th game runs the full per-step round trip and secrecy checks (45 games)."""


def _groups():
    groups: dict[str, list[int]] = {}
    for i, (djinns, _, solo) in enumerate(GAMES):
        key = f"solo-{solo}-{djinns[0]}" if solo else f"{len(djinns)}seats-{djinns[0]}-first"
        groups.setdefault(key, []).append(i)
    return groups


GROUPS = _groups()


def test_enough_games() -> None:
    assert len(GAMES) >= 300
    assert sum(1 for i in range(len(GAMES)) if i % EXPENSIVE_EVERY == 0) >= 40
    solo = {(g[0][0], g[2]) for g in GAMES if g[2]}
    assert solo == {(d, level) for d in DJINNS for level in SOLO_LEVELS}


@pytest.mark.parametrize("group", sorted(GROUPS))
def test_random_playouts_keep_invariants(group: str) -> None:
    wishes = 0
    for i in GROUPS[group]:
        djinns, seed, solo = GAMES[i]
        state = playout(djinns, seed, solo, expensive=i % EXPENSIVE_EVERY == 0)
        wishes += sum(len(p.fulfilled) for p in state.players)
    if not group.startswith("solo"):
        # Random solo play against the Challenge deck rarely fulfills a Wish; seats do.
        assert wishes > 0, "the random policy never fulfilled a Wish"


def test_deck_order_is_hidden_from_every_view() -> None:
    state = rules.new_game(["air", "water", "fire"], seed=11)
    rng = random.Random(3)
    for _ in range(60):
        state = state.apply(choose(rng, state.legal_actions()))
    data = state.to_dict()
    shuffled = json.loads(json.dumps(data))
    deck = shuffled["deck"]
    assert len(set(deck)) > 1
    while shuffled["deck"] == data["deck"]:
        rng.shuffle(deck)
    other = State.from_dict(shuffled)
    assert other.to_dict() != data
    for seat in range(state.num_seats):
        assert other.view(seat) == state.view(seat)


def test_other_destinies_are_revealed_at_the_end() -> None:
    state = playout(("earth", "fire"), seed=5)
    for seat in range(2):
        view = state.view(seat)
        assert [e["destiny"] for e in view["players"]] == [p.destiny for p in state.players]
        assert all("hand" not in e for s, e in enumerate(view["players"]) if s != seat)


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(
    djinns=st.integers(2, 4).flatmap(
        lambda n: st.permutations(DJINNS).map(lambda perm: tuple(perm[:n]))
    ),
    seed=st.integers(0, 2**32),
    choices=st.lists(st.integers(0, 2**16), min_size=1, max_size=400),
)
def test_any_legal_choices_keep_invariants(djinns, seed, choices) -> None:
    state = rules.new_game(list(djinns), seed=seed)
    tracker = Tracker()
    for k in choices:
        if state.is_over:
            break
        legal = state.legal_actions()
        busy = [a for a in legal if a.kind not in AVOID] or legal
        action = busy[k % len(busy)] if k % 10 else legal[k % len(legal)]
        tracker.before(state, action)
        state = state.apply(action)
        check_invariants(state, tracker)
    check_expensive(state)
