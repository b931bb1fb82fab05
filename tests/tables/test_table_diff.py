"""The diff of two table messages, the message made again from it, and the gaps a client sees."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given
from hypothesis import strategies as st

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
    [[], {"put": {}}, {"set": []}, {"sub": {"actions": {"set": {}}}}, {"del": "view"}],
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


def test_what_a_client_does_to_a_message_it_was_handed_changes_no_later_one():
    teller, follower = Teller(), Follower()
    first = follower.whole(teller.message(message(1)))
    first["view"]["board"]["a"] = 99  # a screen that writes into the view it was given
    first["seats"].pop()
    second = follower.whole(teller.message(message(2)))
    assert second == {**message(2), "n": 2}


def test_the_follower_says_what_the_diff_changed_of_the_message_it_made_last():
    teller, follower = Teller(), Follower()
    first = follower.whole(teller.message(message(1)))
    assert follower.changes_of(first) is None  # it came whole
    second = follower.whole(teller.message(message(2)))
    changes = follower.changes_of(second)
    assert changed_keys(changes) == {"actions", "view"}
    assert changed_keys(changes["sub"]["view"]) == {"turn"}
    assert follower.changes_of(first) is None  # not the last made
    assert follower.changes_of({**second, "table": "8"}) is None  # another table's
    third = follower.whole(teller.message(message(3)))
    assert follower.changes_of(third) is not None
    assert all(kept is not third for kept in follower._made)  # the message is the client's alone
    assert changed_keys({}) == frozenset()
    assert changed_keys({"set": {"a": 1}, "del": ["b"], "sub": {"c": {}}}) == {"a", "b", "c"}
