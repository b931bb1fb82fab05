"""`slot_copy`: the copy each game's State and pieces are given, slot by slot."""

import pytest

from wish_tui.core.slot_copy import copier, slot_copy, slots_of


class Base:
    __slots__ = ("seed",)


@slot_copy(sliced="hand pending", fresh={"_legal": None, "_owned": 0}, doc="Copy it.")
class Pieces(Base):
    __slots__ = ("hand", "pending", "name", "_legal", "_owned")


def pieces() -> Pieces:
    p = Pieces()
    p.seed, p.hand, p.pending, p.name, p._legal, p._owned = 7, [1, 2], [("x", 0)], "a", [3], 5
    return p


def test_slots_of_lists_the_bases_slots_first():
    assert slots_of(Pieces) == ("seed", "hand", "pending", "name", "_legal", "_owned")


def test_a_copy_shares_values_slices_lists_and_starts_fresh_slots_afresh():
    p = pieces()
    c = p.copy()
    assert type(c) is Pieces
    assert (c.seed, c.hand, c.pending, c.name) == (7, [1, 2], [("x", 0)], "a")
    assert c.hand is not p.hand and c.pending is not p.pending
    assert c.name is p.name
    assert (c._legal, c._owned) == (None, 0)
    c.hand.append(3)
    assert p.hand == [1, 2]


def test_the_method_is_named_and_documented_as_asked():
    assert Pieces.copy.__doc__ == "Copy it."
    assert Pieces.copy.__qualname__ == "Pieces.copy"


def test_a_left_slot_is_unset_for_the_caller():
    method = copier(Pieces, leave=("hand",))
    c = method(pieces())
    assert c.name == "a"
    with pytest.raises(AttributeError):
        _ = c.hand


def test_a_name_that_is_not_a_slot_is_refused():
    with pytest.raises(ValueError, match="no slot 'hands'"):
        copier(Pieces, sliced=("hands",))


def test_a_fresh_value_must_be_a_literal():
    with pytest.raises(ValueError, match="must be a literal"):
        copier(Pieces, fresh={"_legal": object()})
