"""The seat API's shapes as JSON: every field, by name, and back."""

from __future__ import annotations

import dataclasses
import json

from wish_tui.tables.seat import SeatInfo


def test_a_seat_is_every_field_of_it_in_order_and_reads_back_the_same():
    seat = SeatInfo("ifrit", "Ifrit", "Ifrit (ann)", "human", True, "ann", False, "hard")
    data = seat.to_json()
    assert list(data) == [f.name for f in dataclasses.fields(SeatInfo)]
    assert data == dataclasses.asdict(seat)
    assert SeatInfo.from_json(json.loads(json.dumps(data))) == seat
