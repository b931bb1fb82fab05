"""`BaseState.made`: the start of a setup or of a save being read."""

from wish_tui.core.state import BaseState


class Bare(BaseState):
    __slots__ = ("seats", "seed", "phase", "_legal")


def test_a_made_state_has_its_fields_and_no_legal_actions_known():
    st = Bare.made(seats=("air",), seed=3)
    assert type(st) is Bare
    assert (st.seats, st.seed, st._legal) == (("air",), 3, None)
    assert not hasattr(st, "phase")
