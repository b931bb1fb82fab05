"""A final scoring's ranking: best first, equal keys share a place in seat order."""

from __future__ import annotations

from wish_tui.core.ranking import tied_ranking


def test_equal_keys_share_a_place_and_keep_seat_order():
    entries = [
        {"seat": s, "total": t, "tie": b}
        for s, (t, b) in enumerate([(9, 1), (12, 0), (9, 1), (9, 2)])
    ]
    assert tied_ranking(entries, lambda e: (e["total"], e["tie"])) == [[1], [3], [0, 2]]
    assert tied_ranking(entries, lambda e: (e["total"],)) == [[1], [0, 2, 3]]
