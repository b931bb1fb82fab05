"""Tables as their record: every action an event, an undo an event that takes back N, and the
game rebuilt exactly from the events after a restart, for every game."""

from __future__ import annotations

import pytest

from wish_tui import games
from wish_tui.club import ClubError, Conflict, InputRefused, NotFound, SeatSpec
from wish_tui.club.store.table_store import CHAT_KEEP

from .conftest import people, play, reopen

GAMES = sorted(games.GAMES)


def seats_of(game: str, ann, bob) -> list[SeatSpec]:
    names = games.get(game).seats
    return [
        SeatSpec(names[0], "human", ann.id),
        SeatSpec(names[1], "random"),
        SeatSpec(names[2], "human", bob.id),
    ]


@pytest.mark.parametrize("game", GAMES)
def test_a_table_is_rebuilt_exactly_from_its_events_undo_included(club, game):
    ann, bob = people(club, "Ann", "Bob")
    played = play(club, game, 11, seats_of(game, ann, bob), owner=ann.id, limit=40)
    assert played.undos == 1
    again = reopen(club)
    try:
        loaded, problems = again.tables.load_unfinished()
        assert problems == []
        [table] = loaded
        assert table.table.code == played.table.code
        assert table.record.actions == played.actions
        assert len(table.history) == len(played.actions) + 1
        assert table.history[-1].to_dict() == played.state.to_dict()
        assert table.record.state == played.state.to_dict()
        assert [s.player_id for s in table.table.seats] == [
            ann.id,
            again.players.bot("random").id,
            bob.id,
        ]
        events = again.tables.events_since(table.table.id)
        assert [e.seq for e in events] == list(range(1, len(events) + 1))
        assert sum(1 for e in events if e.undo) == 1
        assert table.last_seq == len(events)
    finally:
        again.close()


def test_events_since_gives_what_a_node_missed(club):
    ann, bob = people(club, "Ann", "Bob")
    played = play(club, "wish", 3, seats_of("wish", ann, bob), limit=10, undo_at=None)
    later = club.tables.events_since(played.table.id, 7)
    assert [e.seq for e in later] == [8, 9, 10]
    assert [e.notation for e in later] == played.actions[7:]
    assert club.tables.events_since(played.table.id, 10) == []


def test_an_undo_of_more_than_was_played_is_refused(club):
    ann, bob = people(club, "Ann", "Bob")
    played = play(club, "wish", 3, seats_of("wish", ann, bob), limit=3, undo_at=None)
    with pytest.raises(ClubError):
        club.tables.append_undo(played.table.id, 0, ann.id, 4)
    assert len(club.tables.events_since(played.table.id)) == 3


def test_notation_is_checked_before_it_is_stored(club):
    ann, bob = people(club, "Ann", "Bob")
    table = club.tables.create("wish", 1, seats_of("wish", ann, bob), ann.id)
    for bad in ("", "x" * 121, "travel\nDock"):
        with pytest.raises(InputRefused):
            club.tables.append(table.id, 0, ann.id, bad)
    assert club.tables.events_since(table.id) == []


def test_events_that_do_not_replay_are_reported_and_kept(club):
    ann, bob = people(club, "Ann", "Bob")
    good = play(club, "wish", 5, seats_of("wish", ann, bob), limit=5, undo_at=None)
    bad = club.tables.create("wish", 6, seats_of("wish", ann, bob), ann.id)
    club.tables.append(bad.id, 0, ann.id, "fly to the moon")
    loaded, problems = club.tables.load_unfinished()
    assert [t.table.id for t in loaded] == [good.table.id]
    [problem] = problems
    assert problem == (
        f"Table {bad.id} (Wish, {bad.code}) cannot be resumed: action 1 'fly to the moon' is not "
        "legal there; its rows are kept."
    )
    assert len(club.tables.events_since(bad.id)) == 1


def test_a_table_is_checked_when_it_is_made(club):
    ann = people(club, "Ann")[0]
    with pytest.raises(InputRefused):
        club.tables.create("chess", 1, [SeatSpec("white", "human", ann.id)], ann.id)
    with pytest.raises(InputRefused):
        club.tables.create("wish", 1, [SeatSpec("moon", "human", ann.id)], ann.id)
    with pytest.raises(InputRefused):
        club.tables.create(
            "wish",
            1,
            [SeatSpec("air", "human", ann.id)],
            ann.id,
            kind="turn",
            clock={"type": "live", "minutes": 5, "increment": 2},
        )
    table = club.tables.create(
        "wish",
        1,
        [SeatSpec("air", "human", ann.id), SeatSpec("fire", "hard")],
        ann.id,
        kind="turn",
        clock={"type": "turn", "hours": 24, "total_days": 14},
    )
    assert table.clock == {"type": "turn", "hours": 24, "total_days": 14}
    assert table.kind == "turn"


def test_seats_change_and_are_kept(club):
    ann, bob = people(club, "Ann", "Bob")
    table = club.tables.create(
        "wish", 1, [SeatSpec("air", "human", ann.id), SeatSpec("water", "human")], ann.id
    )
    assert club.tables.set_seat(table.id, 1, player_id=bob.id).player_name == "Bob"
    club.tables.set_seat(table.id, 1, zombie="medium", clock_ms=60_000, seen_seq=4)
    with pytest.raises(ClubError):
        club.tables.set_seat(table.id, 1, outcome="bored")
    with pytest.raises(ClubError):
        club.tables.set_seat(table.id, 1, owner_id=bob.id)
    again = reopen(club)
    try:
        seat = again.tables.get(table.id).seats[1]
        assert (seat.player_id, seat.zombie, seat.clock_ms, seat.seen_seq) == (
            bob.id,
            "medium",
            60_000,
            4,
        )
        assert [t.id for t in again.tables.playing(bob.id)] == [table.id]
    finally:
        again.close()


def test_every_seats_clock_is_kept_at_once(club):
    ann, bob = people(club, "Ann", "Bob")
    table = club.tables.create(
        "wish", 1, [SeatSpec("air", "human", ann.id), SeatSpec("water", "human", bob.id)], ann.id
    )
    club.tables.set_clocks(table.id, [59_000, 61_500])
    assert [s.clock_ms for s in club.tables.get(table.id).seats] == [59_000, 61_500]
    club.tables.set_clocks(table.id, [None, None])  # a table with no clock
    assert [s.clock_ms for s in club.tables.get(table.id).seats] == [None, None]
    with pytest.raises(NotFound):
        club.tables.set_clocks(table.id + 99, [1, 2])


def test_an_open_seat_goes_to_the_first_who_claims_it(club):
    ann, bob, cy = people(club, "Ann", "Bob", "Cy")
    table = club.tables.create(
        "wish", 1, [SeatSpec("air", "human", ann.id), SeatSpec("water", "human")], ann.id
    )
    assert club.tables.claim_seat(table.id, 1, bob.id).player_name == "Bob"
    with pytest.raises(Conflict, match="taken a moment ago"):
        club.tables.claim_seat(table.id, 1, cy.id)  # a person on another node, a moment later
    with pytest.raises(Conflict):
        club.tables.claim_seat(table.id, 0, cy.id)
    with pytest.raises(NotFound):
        club.tables.claim_seat(table.id, 3, cy.id)
    assert [s.player_id for s in club.tables.get(table.id).seats] == [ann.id, bob.id]
    assert club.tables.unfinished_ids() == [table.id]


def test_chat_is_kept_bounded_and_cleaned(club):
    ann, bob = people(club, "Ann", "Bob")
    table = club.tables.create("wish", 1, seats_of("wish", ann, bob), ann.id)
    for n in range(CHAT_KEEP + 5):
        club.tables.chat(table.id, ann.id, f"line {n}\x1b")
    lines = club.tables.chat_lines(table.id)
    assert len(lines) == CHAT_KEEP
    assert lines[-1].line == f"Ann: line {CHAT_KEEP + 4}"
    assert lines[0].text == "line 5"
    with pytest.raises(InputRefused):
        club.tables.chat(table.id, ann.id, "\x00")


def test_a_chat_line_keeps_how_many_actions_came_before_it(club):
    """Its place among the actions, exact even in the millisecond of an action (the time alone
    placed it after the action); a line of a club before this was kept has none."""
    ann, bob = people(club, "Ann", "Bob")
    table = club.tables.create("wish", 1, seats_of("wish", ann, bob), ann.id)
    club.tables.chat(table.id, ann.id, "good luck", actions=0)
    club.tables.chat(table.id, ann.id, "nice move", actions=3)
    club.tables.chat(table.id, ann.id, "said before")
    lines = reopen(club).tables.chat_lines(table.id)
    assert [line.actions for line in lines] == [0, 3, None]


def test_a_dropped_table_is_gone_with_its_events(club):
    ann, bob = people(club, "Ann", "Bob")
    played = play(club, "wish", 2, seats_of("wish", ann, bob), limit=4, undo_at=None)
    club.tables.drop(played.table.id)
    assert club.tables.load_unfinished() == ([], [])
    assert club.db.scalar("SELECT COUNT(*) FROM table_events") == 0
