"""Seeded random playouts that check the game's invariants at every step.

Shaped like OpenSpiel's ``random_sim_test``: play whole games with a random policy and, after
every action, check what must always hold. The policy is uniform over the legal actions but
avoids ``collect`` and ``end`` two times in three, so that seats buy cards and play the game.

Cheap invariants run at every step of every game; the expensive checks (notation round trip of
every legal action, ``to_dict``/``from_dict`` through JSON, the old state left unchanged, the
secrecy of every seat's view and ``determinize`` giving back that view) run at every step of a
subset of the games.
"""

from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wish_tui.wishland import rules
from wish_tui.wishland.rules import Action, State
from wish_tui.wishland.rules.economy import ignores_limit
from wish_tui.wishland.rules.tables import CARD_ID

MAX_STEPS = 3000
"""A game of Wishland ends long before this many decisions; more means it does not end."""
AVOID = ("collect", "end")
CAT = rules.CATALOG


def choose(rng: random.Random, legal: list[Action]) -> Action:
    """Uniform over the legal actions, but mostly not 'collect' or 'end'."""
    busy = [a for a in legal if a.kind not in AVOID]
    if busy and rng.random() < 0.67:
        return rng.choice(busy)
    return rng.choice(legal)


class Tracker:
    """What the invariants remember across steps: progress and what never goes back."""

    def __init__(self, n: int) -> None:
        self.progress = (0, 0)
        self.last = [(0, 0, 0, 0)] * n
        self.claimed: list[int] = [-1] * 9
        self.bought = 0


def check_invariants(state: State, tracker: Tracker) -> None:
    """The cheap invariants: every piece in one place, counts in range, nothing going back."""
    cards = [c for c in state.market if c >= 0]
    for group in (state.decks, state.discards):
        for pile in group:
            cards.extend(pile)
    for p in state.players:
        cards.extend(p.park)
        cards.extend(p.hand)
    assert sorted(cards) == list(range(120)), "a card is lost or in two places"
    assert state.tickets + sum(p.tickets for p in state.players) == 20
    placed = [0] * state.num_seats
    for space in state.stacks:
        for seat, n in space:
            assert n >= 1
            placed[seat] += n
    for seat, p in enumerate(state.players):
        assert p.workers + p.reserve + placed[seat] == 10, f"seat {seat} Workers"
        assert 0 <= p.reserve <= 6 and p.workers >= 0 and p.credits >= 0
        assert 0 <= p.happiness <= 10 and 0 <= p.visitors <= 10
        for kind in range(1, 5):
            limit = p.counts[5] + p.counts[0]
            assert p.counts[kind] <= limit or ignores_limit(p, kind), f"seat {seat} Card Limit"
        vp, h, v, n_cards = tracker.last[seat]
        assert p.vp >= vp and p.happiness >= h and p.visitors >= v, "a track went back"
        assert len(p.park) >= n_cards, "a card left a play area"
        tracker.last[seat] = (p.vp, p.happiness, p.visitors, len(p.park))
        if not state.solo:
            assert p.hand == ()
    for i, owner in enumerate(state.claimed):
        assert tracker.claimed[i] in (-1, owner), "an Achievement changed hands"
        tracker.claimed[i] = owner
    progress = (state.round, state.turn if state.phase == "turns" else 0)
    assert state.round >= tracker.progress[0], "the game went back a round"
    if state.round == tracker.progress[0] and state.phase == "turns":
        assert progress[1] >= tracker.progress[1]
    tracker.progress = progress
    assert 0 <= state.round <= 7
    if state.is_over:
        assert state.current_player is None
    else:
        assert state.current_player in range(state.num_seats)
        assert state.legal_actions(), "a seat must decide but has no legal action"


_WORD = re.compile(r"[A-Za-z0-9_]+")


def _tokens(text: str) -> set[str]:
    """Every word of a JSON text (keys and strings), e.g. card ids and 'rng'."""
    return set(_WORD.findall(text))


def check_view(state: State, seat: int) -> dict:
    """`view(seat)` is JSON-safe and shows no deck card, no seed and no hidden Entrepreneur."""
    view = state.view(seat)
    text = json.dumps(view)
    assert json.loads(text) == view
    assert view["game"] == "wishland"
    words = _tokens(text)
    assert "rng" not in words and "seed" not in words
    decision = view["decision"] or {}
    if decision.get("kind") != "bonus" or decision.get("seat") != seat:
        for deck in state.decks:
            for card in deck:
                assert CARD_ID[card] not in words, f"seat {seat} sees {CARD_ID[card]} in a deck"
    if decision.get("seat") != seat:
        assert set(decision) <= {"kind", "seat", "colour"}
    revealed = state.phase != "setup"
    me = state.players[seat]
    known = {me.ent, me.ent_discard, *me.ent_options}
    for other, p in enumerate(state.players):
        if other == seat:
            continue
        secret = {p.ent_discard, *p.ent_options} | (set() if revealed else {p.ent})
        for e in secret - known - {0}:
            assert f"E{e}" not in words, f"seat {seat} sees seat {other}'s E{e}"
        assert "hand" not in view["players"][other]
    return view


def check_expensive(state: State, previous: dict | None, step: int = 0) -> None:
    """Notation, serialisation and determinize round trips, and every seat's view.

    `determinize` is checked for one seat a step, in turn (it is the costliest check)."""
    legal = state.legal_actions()
    notations = [str(a).lower() for a in legal]
    assert len(set(notations)) == len(notations), "two legal actions share a notation"
    for action in legal:
        text = str(action)
        assert Action.parse(text) == action, text
        assert rules.parse_action(state, text.upper()) == action, text
        assert state.why_illegal(action) == ""
    data = state.to_dict()
    again = State.from_dict(json.loads(json.dumps(data)))
    assert again.to_dict() == data
    assert again.legal_actions() == legal
    assert again.current_player == state.current_player
    if previous is not None:
        assert previous["state"].to_dict() == previous["data"], "apply changed the old state"
    for seat in range(state.num_seats):
        view = check_view(state, seat)
        if seat == step % state.num_seats:
            sampled = rules.determinize(view, seed=seat + 11)
            assert sampled.view(seat) == view
            assert sampled.legal_actions() == legal or state.current_player != seat


def playout(seats, seed: int, expensive: bool = False, **options) -> State:
    """Play one seeded random game to its end, checking invariants after every step."""
    rng = random.Random(f"{seed}-{'-'.join(seats)}-{sorted(options.items())}")
    state = rules.new_game(list(seats), seed=seed, **options)
    tracker = Tracker(len(seats))
    check_invariants(state, tracker)
    previous = None
    if expensive:
        check_expensive(state, None)
    for step in range(MAX_STEPS):
        if state.is_over:
            break
        action = choose(rng, state.legal_actions())
        if expensive:
            previous = {"state": state, "data": state.to_dict()}
        state = state.apply(action, seat=state.current_player)
        check_invariants(state, tracker)
        if expensive:
            check_expensive(state, previous, step)
    assert state.is_over, f"no end after {MAX_STEPS} steps"
    assert state.legal_actions() == []
    scores = state.final_scores()
    for entry in scores["seats"]:
        assert entry["total"] == sum(entry["steps"].values())
    assert sorted(s for group in scores["ranking"] for s in group) == list(range(len(seats)))
    return state


def _games() -> list[tuple[tuple[str, ...], int, dict]]:
    games = []
    k = 0
    for n in (2, 3, 4):
        for ent in (False, True):
            for tiles in (False, True):
                for _ in range(6):
                    seats = tuple(rules.SEATS[(k + i) % 4] for i in range(n))
                    games.append(
                        (seats, 500 + k, {"entrepreneurs": ent, "achievement_tiles": tiles})
                    )
                    k += 1
    for ent in (False, True):
        for tiles in (False, True):
            for _ in range(6):
                games.append(
                    (
                        (rules.SEATS[k % 4],),
                        500 + k,
                        {"entrepreneurs": ent, "achievement_tiles": tiles, "solo": True},
                    )
                )
                k += 1
    return games


GAMES = _games()


def _key(game) -> str:
    seats, _, options = game
    flags = "".join(k[0] for k, v in sorted(options.items()) if v and k != "solo")
    return f"{'solo' if options.get('solo') else f'{len(seats)}seats'}-{flags or 'base'}"


GROUPS: dict[str, list[int]] = {}
for _i, _game in enumerate(GAMES):
    GROUPS.setdefault(_key(_game), []).append(_i)
EXPENSIVE = {
    GROUPS[key][0]
    for key in GROUPS
    if key.startswith(("2seats", "solo")) or key in ("3seats-ae", "4seats-base", "4seats-ae")
}
"""The games that run the full per-step round trips and secrecy checks: the first of each
two-seat and solo setup, and of three and four seats with and without both options."""


def test_enough_games_of_every_setup() -> None:
    assert len(GAMES) == 96 and len(GROUPS) == 16
    assert len(EXPENSIVE) == 11


@pytest.mark.parametrize("group", sorted(GROUPS))
def test_random_playouts_keep_invariants(group: str) -> None:
    bought = 0
    for i in GROUPS[group]:
        seats, seed, options = GAMES[i]
        state = playout(seats, seed, expensive=i in EXPENSIVE, **options)
        bought += sum(len(p.park) for p in state.players)
    assert bought > 0, "the random policy never bought a card"


def test_deck_order_and_hidden_entrepreneurs_leave_every_view_alike() -> None:
    state = rules.new_game(["red", "blue", "green"], seed=11, entrepreneurs=True)
    state = state.apply(state.legal_actions()[0])
    data = state.to_dict()
    other = json.loads(json.dumps(data))
    rng = random.Random(3)
    for deck in other["decks"]:
        while len(set(deck)) > 1 and deck == data["decks"][other["decks"].index(deck)]:
            rng.shuffle(deck)
    # The seat still choosing swaps its two options with the box: nobody else may notice.
    deciding = state.current_player
    mine = other["players"][deciding]["entrepreneur_options"]
    box = other["entrepreneur_box"]
    mine[0], box[0] = box[0], mine[0]
    box.sort(key=lambda e: int(e[1:]))
    changed = State.from_dict(other)
    assert changed.to_dict() != data
    for seat in range(3):
        if seat != deciding:
            assert changed.view(seat) == state.view(seat)


def test_determinize_samples_differ_but_fit_the_view() -> None:
    state = rules.new_game(["red", "blue"], seed=4, entrepreneurs=True)
    view = state.view(0)
    a, b = rules.determinize(view, 1), rules.determinize(view, 2)
    assert a.view(0) == b.view(0) == view
    assert a.to_dict()["decks"] != b.to_dict()["decks"]
    assert rules.determinize(view, 1).to_dict() == a.to_dict()
    with pytest.raises(ValueError):
        rules.determinize({"game": "wish"}, 1)
    with pytest.raises(ValueError):
        rules.determinize({**view, "players": []}, 1)


@settings(
    max_examples=10,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(
    n=st.integers(1, 4),
    ent=st.booleans(),
    tiles=st.booleans(),
    seed=st.integers(0, 2**32),
    choices=st.lists(st.integers(0, 2**16), min_size=1, max_size=300),
)
def test_any_legal_choices_keep_invariants(n, ent, tiles, seed, choices) -> None:
    state = rules.new_game(
        list(rules.SEATS[:n]), seed=seed, entrepreneurs=ent, achievement_tiles=tiles, solo=n == 1
    )
    tracker = Tracker(n)
    for k in choices:
        if state.is_over:
            break
        legal = state.legal_actions()
        state = state.apply(legal[k % len(legal)])
        check_invariants(state, tracker)
    check_expensive(state, None)
