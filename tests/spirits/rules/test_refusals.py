"""Refused actions: IllegalAction names the rule in one sentence, and the state is left as it was."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wish_tui.spirits import rules
from wish_tui.spirits.rules import Action

from .helpers import act, arrange, endgame, on_turn, patch, refused, sparse, started, tile, token

AIR, WATER = 0, 1


def one_sentence(message: str) -> None:
    """A refusal is one sentence: it ends with a period and has no other sentence end."""
    assert message.endswith("."), message
    inner = message[:-1].replace("e.g. ", "").replace("etc. ", "")
    assert ". " not in inner and "\n" not in message, message
    assert message.lower() not in ("illegal.", "not legal.")


def _air():
    return on_turn(started(), AIR)


def _gem_step(**changes):
    state = act(on_turn(arrange(started(), {"r1c1": tile("spiders", 2)}), AIR), "take 1 left")
    return patch(state, players={AIR: changes}) if changes else state


def _empty_supply():
    state = arrange(started(), {"r1c1": tile("spiders", 2)}, gems={"r3c3": AIR})
    state = patch(state, players={AIR: {"supply": 0, "lost": 2}})
    return act(on_turn(state, AIR), "take 1 left")


def _more():
    state = arrange(
        started(),
        {
            "r1c1": tile("vines", power="moon"),
            "r2c1": tile("vines"),
            "r3c1": tile("vines", 2),
            "r4c1": tile("leaves"),
        },
    )
    return act(on_turn(state, AIR), "take 1 left")


def _give():
    state = arrange(started(), {"r1c1": tile("moss", 2)}, gems={"r1c1": WATER, "r3c3": AIR})
    return act(on_turn(state, AIR), "take 1 left")


def _setup():
    return rules.new_game(["air", "water"], seed=2, modules=rules.MODULES)


def _favor():
    state = endgame(
        ("air", "water"),
        modules=("wishes",),
        wishes={0: "Gem Hoard"},
        lost={1: 1},
        last=tile("spiders"),
    )
    return act(state, "take 1 left")


CASES = [
    # (position, action, words the sentence must hold)
    (_air, "stop", ["take a tile first"]),
    (_air, "skip", ["gemstone step comes after"]),
    (_air, "gem r2c5", ["gemstone step comes after"]),
    (_air, "give supply", ["only when you take a tile another seat reserved"]),
    (_air, "pass", ["can take a tile"]),
    (_air, "plus", ["no '+'"]),
    (_air, "keep wish Morning Dew", ["at setup"]),
    (_air, "favor moss", ["Wish's reward"]),
    (_gem_step, "take 1 left", ["collection is over"]),
    (_gem_step, "stop", ["collection is over"]),
    (_gem_step, "gem r1c1", ["no tile at r1c1"]),
    (_gem_step, "move gem r2c2 r2c3", ["still have a gemstone"]),
    (_empty_supply, "gem r2c2", ["supply has no gemstone"]),
    (_empty_supply, "move gem r2c2 r2c3", ["no gemstone of yours at r2c2"]),
    (_empty_supply, "move gem r3c3 r3c3", ["already reserved by Air"]),
    (_more, "take 3 left", ["one spirit symbol"]),
    (_more, "take 4 left", ["must be Vines like the first"]),
    (_more, "pass", ["can take a tile"]),
    (_give, "skip", ["first choose the gemstone"]),
    (_give, "give r4c4", ["no gemstone of yours at r4c4"]),
    (_setup, "take 1 left", ["Setup is not over", "keeps one of its two Wish"]),
    (_setup, "keep hex Dry Spell", ["Wish first, then Hex"]),
    (_setup, "keep wish Nowhere", ["not one of the two Wish cards"]),
    (_favor, "take 1 left", ["chooses the Favor token"]),
    (_favor, "favor unicorns", ["set aside"]),
]


@pytest.mark.parametrize(
    ("position", "text", "words"),
    CASES,
    ids=[c[1] + "-" + c[0].__name__.strip("<>") for c in CASES],
)
def test_every_refusal_explains_itself(position, text, words):
    state = position()
    message = refused(state, text, *words)
    one_sentence(message)
    with pytest.raises(rules.IllegalAction) as info:
        rules.parse_action(state, text)
    assert str(info.value) == message
    assert state.why_illegal(Action.parse(text)) == message


def test_a_legal_action_has_no_refusal():
    state = _air()
    assert state.why_illegal(state.legal_actions()[0]) == ""


def test_wrong_seat_names_who_decides():
    state = _air()
    message = refused(state, "take 1 left", seat=WATER)
    assert message == "It is Air's decision now, not Water's."
    assert "no seat 9" in refused(state, "take 1 left", seat=9)


def test_the_game_over_refuses_everything():
    state = act(on_turn(sparse(started(), ["r1c1"], WATER), AIR), "take 1 left")
    message = refused(state, "take 1 left", "game is over")
    one_sentence(message)
    one_sentence(refused(state, "pass", "game is over", seat=AIR))


def test_reserved_tile_without_a_gem_to_give():
    state = arrange(started(), {"r1c1": tile("moss", 2)}, gems={"r1c1": WATER})
    state = on_turn(patch(state, players={AIR: {"supply": 0, "lost": 3}}), AIR)
    one_sentence(refused(state, "take 1 left", "reserved by Water", "no gemstone to give"))


def test_plus_with_nothing_lost():
    state = _air()
    data = state.to_dict()
    plus = token("plus")
    where = [(r, c) for r in range(4) for c in range(12) if data["marks"][r][c] == plus]
    if where:
        r, c = where[0]
        data["marks"][r][c] = None
    else:
        data["aside"].remove(plus)
        first = next((r, c) for r in range(4) for c in range(12) if data["marks"][r][c] is not None)
        data["aside"] = sorted(data["aside"] + [data["marks"][first[0]][first[1]]])
        data["marks"][first[0]][first[1]] = None
    data["players"][AIR]["tokens"] = [plus]
    state = rules.State.from_dict(data)
    one_sentence(refused(state, "plus", "lost no gemstone"))


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", ["Type an action"]),
        ("dance", ["not an action", "take, stop"]),
        ("take 5 left", ["rows 1-4"]),
        ("take 2 middle", ["ends left or right"]),
        ("gem r9c1", ["column 1-12"]),
        ("move gem r1c1", ["move gem FROM TO"]),
        ("give everything", ["give supply"]),
        ("keep card Dew", ["keep wish NAME"]),
    ],
)
def test_bad_notation_explains_how_to_write_it(text, words):
    with pytest.raises(rules.IllegalAction) as info:
        rules.parse_action(_air(), text)
    message = str(info.value)
    one_sentence(message)
    for word in words:
        assert word in message


def test_something_that_is_not_an_action():
    state = _air()
    with pytest.raises(rules.IllegalAction) as info:
        state.apply("take 1 left")
    one_sentence(str(info.value))
    with pytest.raises(rules.IllegalAction):
        rules.parse_action(state, 42)
    one_sentence(refused(state, Action("dance"), "not an action of this game"))
    with pytest.raises(rules.IllegalAction, match="not an action"):
        state.apply(tuple(state.legal_actions()[0]))
    one_sentence(refused(state, Action("take", a=7, b=0), "rows 1 to 4"))


FIELDS = st.one_of(
    st.integers(-3, 60), st.none(), st.text(max_size=6), st.lists(st.integers(), max_size=2)
)


@settings(max_examples=200, deadline=None)
@given(
    kind=st.sampled_from(
        ["take", "stop", "pass", "gem", "move", "skip", "give", "plus", "keep", "favor", "x"]
    ),
    a=FIELDS,
    b=FIELDS,
    name=FIELDS,
    which=st.integers(0, 3),
)
def test_hand_built_actions_are_refused_or_legal_never_a_crash(kind, a, b, name, which):
    state = [_air, _gem_step, _setup, _favor][which]()
    action = Action(kind, a=a, b=b, name=name)
    legal = state.legal_actions()
    try:
        state.apply(action)
    except rules.IllegalAction as exc:
        one_sentence(str(exc))
        assert action not in legal
    else:
        assert action in legal
