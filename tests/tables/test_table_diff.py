"""The diff of two table messages, the message made again from it, and the gaps a client sees."""

from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wish_tui.games import GAMES
from wish_tui.records import GameRecord
from wish_tui.tables.master import GameTable
from wish_tui.tables.table_diff import (
    BadDiff,
    Follower,
    Teller,
    base_of,
    changed_keys,
    diff,
    patch,
)

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.text(max_size=3),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=2), inner, max_size=4)
    ),
    max_leaves=12,
)
OBJECTS = st.dictionaries(st.text(max_size=2), JSON, max_size=5)


def message(actions: int, log: list[str] | None = None, **view) -> dict:
    return {
        "type": "table",
        "table": "7",
        "seats": [{"name": "Water", "person": "ann"}, {"name": "Fire", "person": "bo"}],
        "actions": actions,
        "view": {"turn": actions, "board": {"a": 1, "b": [1, 2]}, **view},
        "log": log or [],
        "chat": [],
    }


@given(OBJECTS, OBJECTS)
def test_patch_of_the_diff_makes_the_new_message_and_leaves_the_old(old, new):
    kept = copy.deepcopy(old)
    assert patch(old, diff(old, new)) == new
    assert old == kept


def near(old: dict, draw) -> dict:
    """`old` changed here and there, as a message changes from one action to the next: values
    of some keys replaced, lists and objects changed in a few places, items added or dropped."""
    if not isinstance(old, (dict, list)) or draw(st.integers(0, 4)) == 0:
        return draw(OBJECTS if isinstance(old, dict) else JSON)
    if isinstance(old, list):
        items = [near(item, draw) if draw(st.booleans()) else item for item in old]
        return items[: draw(st.integers(0, len(items)))] + draw(st.lists(JSON, max_size=2))
    new = {key: near(value, draw) if draw(st.booleans()) else value for key, value in old.items()}
    return {**new, **draw(st.dictionaries(st.text(max_size=2), JSON, max_size=2))}


def differ(old: dict, new: dict, key: str) -> bool:
    """True when a diff says `key` changed (within lists and objects equal in Python's sense is
    unchanged: 0 and false, as a diff always took them; a view keeps each key's type)."""
    if key not in old or key not in new:
        return True
    return old[key] != new[key] or type(old[key]) is not type(new[key])


@given(OBJECTS, st.data())
def test_patch_of_a_diff_of_lists_makes_the_new_message_and_leaves_the_old(old, data):
    for new in (near(old, data.draw), data.draw(OBJECTS)):
        kept, changes = copy.deepcopy(old), diff(old, new, lists=True)
        made = patch(old, changes)
        assert made == new
        assert old == kept
        assert changed_keys(changes) == {key for key in {*old, *new} if differ(old, new, key)}
        assert patch(old, json.loads(json.dumps(changes))) == new  # as it travels


def test_a_list_changed_in_a_few_items_is_sent_as_those_items():
    players = [{"seat": 0, "crystals": {"red": 0, "blue": 1}, "hand": ["a", "b"]}, {"seat": 1}]
    areas = [{"name": name, "people": 1} for name in "abcdef"]
    old = {"players": players, "areas": areas, "order": [0, 1]}
    new = copy.deepcopy(old)
    new["players"][0]["crystals"]["red"] = 2
    new["players"][0]["hand"].append("c")
    new["areas"][4]["people"] = 0
    new["areas"].append({"name": "g"})
    new["order"] = [1, 0]
    changes = diff(old, new, lists=True)
    assert changes == {
        "set": {"order": [1, 0]},
        "sub": {
            "players": {
                "len": 2,
                "sub": {
                    "0": {
                        "sub": {
                            "crystals": {"set": {"red": 2}},
                            "hand": {"len": 3, "set": {"2": "c"}},
                        }
                    }
                },
            },
            "areas": {"len": 7, "set": {"6": {"name": "g"}}, "sub": {"4": {"set": {"people": 0}}}},
        },
    }
    assert patch(old, changes) == new
    assert changed_keys(changes) == {"players", "areas", "order"}
    # a client that did not ask is sent each changed list whole, as before
    assert diff(old, new) == {
        "set": {"players": new["players"], "areas": new["areas"], "order": [1, 0]}
    }
    assert diff(old, {**old, "areas": []}, lists=True) == {"set": {"areas": []}}


def test_a_diff_holds_only_what_changed():
    old, new = message(3), message(4, ["bo took a card."], board={"a": 1, "b": [1, 2]})
    changes = diff(old, new)
    assert changes == {
        "set": {"actions": 4, "log": ["bo took a card."]},
        "sub": {"view": {"set": {"turn": 4}}},
    }
    assert diff(new, new) == {}


def test_a_number_that_becomes_a_truth_is_a_change():
    assert diff({"over": 0}, {"over": False}) == {"set": {"over": False}}


def test_a_key_gone_is_said_gone():
    assert diff({"seed": 5, "a": 1}, {"a": 1}) == {"del": ["seed"]}
    assert patch({"seed": 5, "a": 1}, {"del": ["seed"]}) == {"a": 1}


@pytest.mark.parametrize(
    "changes",
    [
        [],
        {"put": {}},
        {"set": []},
        {"sub": {"actions": {"set": {}}}},
        {"del": "view"},
        {"sub": {"log": {"set": {}}}},  # a list changed as an object
        {"sub": {"view": {"len": 1}}},  # an object changed as a list
        {"sub": {"seats": {"len": 3}}},  # an item added and not sent
        {"sub": {"seats": {"len": 2, "set": {"2": {}}}}},  # past the list's end
        {"sub": {"seats": {"len": 2, "set": {"-1": {}}}}},
        {"sub": {"seats": {"len": 2, "set": {"٠": {}}}}},  # not an index
        {"sub": {"seats": {"len": 2, "sub": {"0": {"len": 1}}}}},
        {"sub": {"seats": {"len": "2"}}},
        {"sub": {"seats": {"len": -1}}},
        {"sub": {"seats": {"len": 1, "set": []}}},
        {"sub": {"seats": {"len": 1, "del": ["0"]}}},
        {"sub": {"seats": []}},
    ],
)
def test_what_is_not_a_diff_is_refused(changes):
    with pytest.raises(BadDiff):
        patch(message(1), changes)


def test_a_base_keeps_no_log_or_chat_lines():
    assert base_of(message(2, ["a line"]))["log"] == []


def test_the_second_message_of_a_table_is_a_diff_and_the_client_makes_it_whole():
    teller, follower = Teller(), Follower()
    first = teller.message(message(1, ["ann opened the table."]))
    assert first["type"] == "table" and first["n"] == 1
    assert follower.whole(first) == first
    sent = teller.message(message(2, ["ann took a card."]))
    assert sent["type"] == "table_diff" and sent["base"] == 1 and sent["n"] == 2
    assert "seats" not in str(sent["changes"])
    assert follower.whole(sent) == {**message(2, ["ann took a card."]), "n": 2}
    # the next diff is from the message before, whose log lines were shown already
    third = follower.whole(teller.message(message(3)))
    assert third == {**message(3), "n": 3}


def test_a_diff_from_a_message_the_client_lacks_is_a_gap():
    teller, follower = Teller(), Follower()
    follower.whole(teller.message(message(1)))
    teller.message(message(2))  # lost on the way
    assert follower.whole(teller.message(message(3))) is None
    assert follower.whole(teller.message(message(4))) is None  # forgotten until whole again
    teller.forget()  # the client asked for the whole message
    whole = teller.message(message(5))
    assert whole["type"] == "table"
    assert follower.whole(whole) == whole
    assert follower.whole(teller.message(message(6)))["actions"] == 6


def test_another_table_is_told_whole_and_a_diff_of_an_unknown_table_is_a_gap():
    teller, follower = Teller(), Follower()
    follower.whole(teller.message(message(1)))
    other = teller.message({**message(1), "table": "8"})
    assert other["type"] == "table"
    assert follower.whole({**other, "type": "table_diff", "base": 0, "changes": {}}) is None


def test_a_server_that_numbers_nothing_is_read_as_before():
    follower = Follower()
    plain = message(1)
    assert follower.whole(plain) == plain
    assert (
        follower.whole({"type": "table_diff", "table": "7", "n": 2, "base": 1, "changes": {}})
        is None
    )


def test_what_a_client_does_to_the_top_of_a_message_it_was_handed_changes_no_later_one():
    teller, follower = Teller(), Follower()
    first = follower.whole(teller.message(message(1)))
    first["view"] = {}  # a client that puts its own values in the message it was given
    first.pop("seats")
    first["actions"] = 99
    second = follower.whole(teller.message(message(2)))
    assert second == {**message(2), "n": 2}
    second["n"] = 0
    assert follower.whole(teller.message(message(3))) == {**message(3), "n": 3}


def test_a_message_made_from_a_diff_is_the_one_before_where_nothing_changed():
    """What a diff did not change is the same object as in the message before (the screens
    pass over a part that is), and the message before is left as it was."""
    teller, follower = Teller(), Follower()
    first = follower.whole(teller.message(message(1)))
    kept = copy.deepcopy(first)
    second = follower.whole(teller.message(message(2)))
    assert second == {**message(2), "n": 2} and first == kept
    assert second["seats"] is first["seats"]
    assert second["view"] is not first["view"]  # its turn changed
    assert second["view"]["board"] is first["view"]["board"]
    third = follower.whole(teller.message(message(3, board={"a": 2, "b": [1, 2]})))
    assert third["view"]["board"] is not second["view"]["board"]
    assert third["view"]["board"]["b"] is second["view"]["board"]["b"]
    assert second == {**message(2), "n": 2}


def test_the_follower_says_what_the_diff_changed_of_the_message_it_made_last():
    teller, follower = Teller(), Follower()
    first = follower.whole(teller.message(message(1)))
    assert follower.changes_of(first) is None  # it came whole
    second = follower.whole(teller.message(message(2)))
    changes = follower.changes_of(second)
    assert changed_keys(changes) == {"actions", "view"}
    assert changed_keys(changes.get("sub", {}).get("view", {})) == {"turn"}
    assert follower.changes_of(first) is None  # not the last made
    assert follower.changes_of({**second, "table": "8"}) is None  # another table's
    third = follower.whole(teller.message(message(3)))
    assert follower.changes_of(third) is not None
    assert all(kept is not third for kept in follower._made)  # the message is the client's alone
    assert changed_keys({}) == frozenset()
    assert changed_keys({"set": {"a": 1}, "del": ["b"], "sub": {"c": {}}}) == {"a", "b", "c"}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_real_table_messages_made_again_from_their_diffs_of_lists(game):
    """Each seat's view and choices of a random game of each, from one action to the next: made
    again whole, the changed keys named, and fewer bytes than with lists sent whole."""
    spec = GAMES[game]
    record, state = GameRecord.new(list(spec.seats[:3]), 7, None, game, games=GAMES)
    table, rng = GameTable(record, [state]), random.Random(7)
    before: dict = {}
    sizes = [0, 0]
    for _ in range(80):
        for seat in range(table.num_seats):
            now = {"actions": table.actions, "view": table.view(seat)}
            now["choices"] = table.choices(seat).to_json()
            if seat in before:
                old = before[seat]
                changes = json.loads(json.dumps(diff(old, now, lists=True)))
                assert patch(old, changes) == now
                assert changed_keys(changes.get("sub", {}).get("view", {})) == {
                    key
                    for key in {*old["view"], *now["view"]}
                    if differ(old["view"], now["view"], key)
                }
                sizes[0] += len(json.dumps(changes))
                sizes[1] += len(json.dumps(diff(old, now)))
            before[seat] = now
        if table.is_over:
            break
        seat = table.deciding
        table.play(seat, rng.choice(table.choices(seat).actions).notation)
    assert sizes[0] < sizes[1]
