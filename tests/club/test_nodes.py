"""Several nodes on one club: leases on live tables, heartbeats, the action rows that no two nodes
can both extend, and listeners that hear every committed change (and catch up after a lost NOTIFY).

The first tests run on both databases (with SQLite, one node holds every lease and notices stay
in the process); the rest need several nodes, so PostgreSQL.
"""

from __future__ import annotations

import queue
import threading
import time

import pytest

from wish_tui.club import ClubError, Event, Notice, SeatSpec, SeqTaken, open_club
from wish_tui.club.store.notice_payload import payload_of
from wish_tui.club.store.pg_listener import PostgresListener, parse_payload
from wish_tui.club.store.postgres import connect

from .conftest import Clock, people

WAIT_S = 20
"""The most a test waits for a notice that must come (it comes in milliseconds)."""


def a_table(club):
    ann, bob = people(club, "Ann", "Bob")
    table = club.tables.create(
        "wish", 5, [SeatSpec("air", "human", ann.id), SeatSpec("water", "human", bob.id)], ann.id
    )
    return table, ann


def heard_until(notices: queue.Queue, wanted) -> list[Notice]:
    """The notices heard, up to and with the first that `wanted` accepts."""
    got = []
    while True:
        notice = notices.get(timeout=WAIT_S)
        got.append(notice)
        if wanted(notice):
            return got


def node(url: str, name: str, **options):
    return open_club(database=url, clock=Clock(), node_id=name, **options)


# -- on both databases ---------------------------------------------------------------------------
def test_an_append_after_a_seq_the_table_has_passed_is_refused(club):
    table, ann = a_table(club)
    first = club.tables.append(table.id, 0, ann.id, "keep Arcanist", after=0)
    second = club.tables.append(table.id, 1, ann.id, "keep Wizard", after=first)
    with pytest.raises(SeqTaken) as refused:
        club.tables.append(table.id, 0, ann.id, "keep Sage", after=first)
    assert "moved on" in str(refused.value)
    with pytest.raises(SeqTaken):
        club.tables.append_undo(table.id, 1, ann.id, 1, after=first)
    assert [e.seq for e in club.tables.events_since(table.id)] == [first, second] == [1, 2]


def test_an_append_is_numbered_and_refused_alike_on_both_databases(club):
    table, ann = a_table(club)
    notices: list[Notice] = []
    club.db.subscribe(notices.append)
    assert club.tables.append(table.id, 0, ann.id, "keep Arcanist") == 1  # after whatever is last
    assert club.tables.append(table.id, 1, ann.id, "keep Wizard", after=1) == 2
    assert club.tables.append_undo(table.id, 1, ann.id, 1) == 3
    stored = club.tables.events_since(table.id)
    if club.db.dialect.name == "sqlite":  # (PostgreSQL's notices go through NOTIFY: below)
        assert [n.event for n in notices if n.kind == "action"] == stored
    assert [(e.seq, e.notation, e.undo) for e in stored] == [
        (1, "keep Arcanist", 0),
        (2, "keep Wizard", 0),
        (3, None, 1),
    ]
    with pytest.raises(SeqTaken, match=r"has moved on to action 3, past 1;"):
        club.tables.append(table.id, 0, ann.id, "keep Sage", after=1)
    with pytest.raises(ClubError, match=r"^There is no table 999\.$"):
        club.tables.append(999, 0, ann.id, "keep Sage", after=3)
    club.finish(table.id, {"seats": [{"total": 2}, {"total": 1}], "ranking": [[0], [1]]})
    for after in (3, 1, None):
        with pytest.raises(ClubError, match=r"is finished: its record is closed"):
            club.tables.append(table.id, 0, ann.id, "keep Sage", after=after)
    club.db.unsubscribe(notices.append)


def test_a_listener_hears_each_committed_change_once_and_nothing_rolled_back(club):
    notices: queue.Queue = queue.Queue()
    listener = club.cluster.listen(notices.put)
    try:
        if hasattr(listener, "wait_connected"):
            assert listener.wait_connected(WAIT_S)
        table, ann = a_table(club)
        assert heard_until(notices, lambda n: True) == [Notice("created", table.id, 0)]
        sent = club.invitations.invite(table.id, ann.id, "Bob")
        assert heard_until(notices, lambda n: True) == [Notice("invited", table.id, sent.id)]
        with pytest.raises(RuntimeError), club.db.transaction():
            club.tables.append(table.id, 0, ann.id, "keep Arcanist")
            raise RuntimeError("the node fails before the commit")
        seq = club.tables.append(table.id, 0, ann.id, "keep Arcanist")
        club.tables.chat(table.id, ann.id, "hello")
        club.tables.set_seat(table.id, 1, zombie="easy")
        got = heard_until(notices, lambda n: n.kind == "seats")
        assert got == [
            Notice("action", table.id, seq),
            Notice("chat", table.id, 1),
            Notice("seats", table.id, seq),
        ]
        club.tables.drop(table.id)
        assert heard_until(notices, lambda n: True) == [Notice("dropped", table.id, seq)]
    finally:
        listener.close()


def test_one_node_takes_renews_and_releases_a_lease(club):
    table, _ = a_table(club)
    cluster = club.cluster
    assert cluster.claimable() == [table.id]
    lease = cluster.take(table.id)
    assert (lease.table_id, lease.node_id, lease.epoch) == (table.id, cluster.node_id, 1)
    assert lease.remaining_ms > 0 and cluster.claimable() == []
    assert cluster.renew(table.id).epoch == 1
    assert cluster.beat() == frozenset({table.id})
    assert cluster.holder(table.id).node_id == cluster.node_id
    cluster.release(table.id)
    assert cluster.holder(table.id) is None and cluster.renew(table.id) is None
    assert cluster.claimable() == [table.id]
    assert [n.id for n in cluster.nodes()] == [cluster.node_id]


def test_a_finished_or_missing_table_has_no_lease(club):
    table, _ = a_table(club)
    club.cluster.take(table.id)
    club.finish(table.id, {"seats": [{"total": 3}, {"total": 1}], "ranking": [[0], [1]]})
    with pytest.raises(ClubError):
        club.cluster.take(table.id)
    with pytest.raises(ClubError):
        club.cluster.take(table.id + 100)
    assert club.cluster.claimable() == []


@pytest.mark.parametrize(
    ("options", "words"),
    [({"node_id": "node a"}, "node's id"), ({"lease_ms": 10}, "lease lasts")],
)
def test_a_bad_node_id_or_lease_is_refused_in_a_sentence(tmp_path, database, options, words):
    with pytest.raises(ClubError) as refused:
        open_club(tmp_path, database=database, **options)
    assert words in str(refused.value) and "\n" not in str(refused.value)


# -- several nodes (PostgreSQL) ------------------------------------------------------------------
@pytest.fixture
def two_nodes(postgres_url):
    a, b = node(postgres_url, "node-a"), node(postgres_url, "node-b")
    yield a, b
    a.close()
    b.close()


def test_two_nodes_appending_the_same_seq_one_is_refused(two_nodes):
    a, b = two_nodes
    table, ann = a_table(a)
    last = a.tables.append(table.id, 0, ann.id, "keep Arcanist")
    start = threading.Barrier(2)
    stored, refused = [], []

    def append(club, notation) -> None:
        start.wait()
        try:
            stored.append(club.tables.append(table.id, 1, ann.id, notation, after=last))
        except SeqTaken as exc:
            refused.append(str(exc))

    threads = [threading.Thread(target=append, args=(c, n)) for c, n in ((a, "x1"), (b, "x2"))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=WAIT_S)
    assert stored == [last + 1] and len(refused) == 1
    events = a.tables.events_since(table.id)
    assert [e.seq for e in events] == [1, 2] and events[1].notation in ("x1", "x2")


def test_a_seat_kept_just_before_another_node_finishes_the_table_is_read_back(
    two_nodes, monkeypatch
):
    """A person resigns on node b; node a, which runs the table, hears of it and finishes the
    game at once. Node b reads back the seat it kept in the same transaction, not after the
    commit, when node a may have finished the table (its seats then gone to its results).

    Seen under load: 'Table 92917c: a seat could not be kept (The table 1 has no seat 1.).'"""
    a, b = two_nodes
    table, _ann = a_table(a)
    read, finishing = b.tables.get, []

    def read_as_node_a_finishes(table_id: int):
        if not finishing:  # node a finishes now, unless node b holds the table's row
            scores = {"seats": [{"total": 1}, {"total": 0}], "ranking": [[0], [1]]}
            finishing.append(threading.Thread(target=a.finish, args=(table.id, scores)))
            finishing[0].start()
            finishing[0].join(timeout=1)
        return read(table_id)

    monkeypatch.setattr(b.tables, "get", read_as_node_a_finishes)
    seat = b.tables.set_seat(table.id, 1, outcome="resigned")
    assert seat.outcome == "resigned"
    finishing[0].join(timeout=WAIT_S)
    assert not finishing[0].is_alive()
    (game,) = a.history.page()
    assert [s.outcome for s in game.seats] == ["", "resigned"]


def test_a_table_read_as_another_node_finishes_it_reads_finished_not_damaged(
    two_nodes, monkeypatch
):
    """Node b reads a table (its row, then its seats) while node a finishes it in between:
    the seats have gone to the results, and the table reads as finished.

    Seen under load: "Table 68f659: another node's change is unread (Table 2 (Wish, 68f659)
    cannot be resumed: its seats are not 1 to 4 seats numbered from 0; its rows are kept.)"."""
    a, b = two_nodes
    table, _ann = a_table(a)
    seats_of, finished = b.tables._table, []

    def seats_read_after_node_a_finishes(row: tuple):
        if not finished:
            scores = {"seats": [{"total": 1}, {"total": 0}], "ranking": [[0], [1]]}
            finished.append(a.finish(table.id, scores))
        return seats_of(row)

    monkeypatch.setattr(b.tables, "_table", seats_read_after_node_a_finishes)
    read = b.tables.get(table.id)
    assert finished and read.finished_at is not None and read.seats == ()


def test_the_primary_key_refuses_a_second_row_of_one_seq_whatever_the_locks(two_nodes):
    a, b = two_nodes
    table, ann = a_table(a)
    insert = (
        "INSERT INTO table_events (table_id, seq, seat, player_id, notation, undo, at) "
        "VALUES (?, 1, 0, ?, ?, 0, 0)"
    )
    outcome: queue.Queue = queue.Queue()

    def second() -> None:
        try:
            with b.db.transaction():
                b.db.execute(insert, (table.id, ann.id, "from b"))
            outcome.put("stored")
        except ClubError as exc:
            outcome.put(type(exc).__name__)

    with a.db.transaction():
        a.db.execute(insert, (table.id, ann.id, "from a"))
        thread = threading.Thread(target=second)
        thread.start()  # b's row waits on a's uncommitted one
        with pytest.raises(queue.Empty):
            outcome.get(timeout=0.2)
    thread.join(timeout=WAIT_S)
    assert outcome.get_nowait() == "Conflict"
    assert [e.notation for e in a.tables.events_since(table.id)] == ["from a"]


def test_a_lease_is_held_by_one_node_and_taken_over_once_it_expires(two_nodes):
    a, b = two_nodes
    table, _ = a_table(a)
    first = a.cluster.take(table.id)
    assert first.node_id == "node-a" and first.epoch == 1
    assert b.cluster.take(table.id) is None
    assert b.cluster.renew(table.id) is None
    assert b.cluster.holder(table.id).node_id == "node-a"
    assert b.cluster.claimable() == []
    # node a stops beating: its lease runs out (moved to the past, as time would)
    with a.db.transaction():
        a.db.execute("UPDATE table_leases SET expires_at = expires_at - 3600000")
    assert b.cluster.holder(table.id) is None and b.cluster.claimable() == [table.id]
    taken = b.cluster.take(table.id)
    assert (taken.node_id, taken.epoch) == ("node-b", 2)
    assert a.cluster.renew(table.id) is None
    assert a.cluster.beat() == frozenset()
    assert a.cluster.take(table.id) is None
    b.cluster.release(table.id)
    back = a.cluster.take(table.id)
    assert (back.node_id, back.epoch) == ("node-a", 3)


def test_a_short_lease_runs_out_by_itself_and_another_node_takes_it(postgres_url):
    short = node(postgres_url, "node-short", lease_ms=300)
    other = node(postgres_url, "node-other")
    try:
        table, _ = a_table(short)
        assert short.cluster.take(table.id) is not None
        assert other.cluster.take(table.id) is None
        taken = None
        for _ in range(400):  # at most 20 s; a 0.3 s lease ends long before
            taken = other.cluster.take(table.id)
            if taken is not None:
                break
            threading.Event().wait(0.05)
        assert taken is not None and taken.node_id == "node-other" and taken.epoch == 2
    finally:
        short.close()
        other.close()


def test_of_many_nodes_taking_one_free_table_at_once_exactly_one_gets_it(postgres_url):
    clubs = [node(postgres_url, f"node-{i}") for i in range(4)]
    try:
        table, _ = a_table(clubs[0])
        start = threading.Barrier(len(clubs))
        got: list = []

        def take(club) -> None:
            start.wait()
            got.append(club.cluster.take(table.id))

        threads = [threading.Thread(target=take, args=(c,)) for c in clubs]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=WAIT_S)
        winners = [lease for lease in got if lease is not None]
        assert len(got) == 4 and len(winners) == 1
        assert clubs[0].cluster.holder(table.id).node_id == winners[0].node_id
    finally:
        for club in clubs:
            club.close()


def test_heartbeats_show_the_live_nodes_and_leaving_frees_their_tables(two_nodes):
    a, b = two_nodes
    table, _ = a_table(a)
    a.cluster.take(table.id)
    assert a.cluster.beat("10.0.0.1:2222") == frozenset({table.id})
    b.cluster.beat()
    assert [(n.id, n.info) for n in b.cluster.nodes()] == [
        ("node-a", "10.0.0.1:2222"),
        ("node-b", ""),
    ]
    a.cluster.leave()
    assert [n.id for n in b.cluster.nodes()] == ["node-b"]
    assert b.cluster.claimable() == [table.id]
    assert b.cluster.take(table.id).epoch == 2


def test_each_node_sees_who_is_connected_to_the_others_while_they_live(two_nodes, postgres_url):
    a, b = two_nodes
    ann, bob = people(a, "Ann", "Bob")
    a.cluster.beat()
    b.cluster.beat()
    a.cluster.connected(ann.id, True)
    a.cluster.connected(ann.id, True)  # a second session of hers: still one row
    b.cluster.connected(bob.id, True)
    assert b.cluster.online_elsewhere() == {ann.id: "Ann"}
    assert a.cluster.online_elsewhere() == {bob.id: "Bob"}
    a.cluster.connected(ann.id, False)
    assert b.cluster.online_elsewhere() == {}
    b.cluster.leave()  # a node that stops shows nobody
    assert a.cluster.online_elsewhere() == {}
    short = node(postgres_url, "node-c", lease_ms=200)
    try:
        short.cluster.beat()
        short.cluster.connected(bob.id, True)
        assert a.cluster.online_elsewhere() == {bob.id: "Bob"}
        time.sleep(0.3)  # its heartbeat runs out: a dead node shows nobody either
        assert a.cluster.online_elsewhere() == {}
    finally:
        short.close()


def test_a_listener_hears_the_other_nodes_actions(two_nodes):
    a, b = two_nodes
    table, ann = a_table(a)
    notices: queue.Queue = queue.Queue()
    listener = b.cluster.listen(notices.put)
    try:
        assert listener.wait_connected(WAIT_S)
        listener.watch(table.id, 0)
        seq = a.tables.append(table.id, 0, ann.id, "keep Arcanist")
        heard = heard_until(notices, lambda n: n.kind == "action")
        assert heard == [Notice("action", table.id, seq)]
        assert heard[0].event == b.tables.events_since(table.id, seq - 1)[0]
        assert [e.notation for e in b.tables.events_since(table.id, seq - 1)] == ["keep Arcanist"]
    finally:
        listener.close()


def gated_listener(url: str) -> tuple[PostgresListener, queue.Queue, threading.Event, queue.Queue]:
    """A listener whose every connection knocks, then waits while the door is shut; with the
    notices it hears, the door (shut: its first connection waits until the test has said what it
    watches, which its catch-up reads, and opens it) and the knocks."""
    notices: queue.Queue = queue.Queue()
    door, knocks = threading.Event(), queue.Queue()

    def connect_when_let() -> object:
        knocks.put("knock")
        assert door.wait(WAIT_S)
        return connect(url, "test listener", where="the test server", listen=True)

    return (
        PostgresListener(url, "", notices.put, connect_with=connect_when_let),
        notices,
        door,
        knocks,
    )


def test_a_lost_notify_is_caught_up_from_the_action_rows(two_nodes, postgres_url):
    a, _ = two_nodes
    table, ann = a_table(a)
    seen = a.tables.append(table.id, 0, ann.id, "keep Arcanist")
    listener, notices, door, knocks = gated_listener(postgres_url)
    try:
        listener.watch(table.id, seen)
        door.set()
        assert listener.wait_connected(WAIT_S) and knocks.get_nowait() == "knock"
        assert notices.get(timeout=WAIT_S) == Notice("seats", table.id, seen)  # its catch-up
        door.clear()  # the listener's next connection waits until the test lets it through
        assert a.db.scalar("SELECT pg_terminate_backend(?)", (listener.backend_pid,)) is True
        assert knocks.get(timeout=WAIT_S) == "knock"  # it lost its connection, tries again
        assert not listener.is_connected
        missed = [
            a.tables.append(table.id, 1, ann.id, "keep Wizard"),
            a.tables.append(table.id, 0, ann.id, "keep Sage"),
        ]  # their NOTIFYs reach nobody
        assert notices.empty()
        door.set()
        assert listener.wait_connected(WAIT_S)
        caught = heard_until(notices, lambda n: n.kind == "seats")
        assert caught[0] == Notice("action", table.id, missed[-1])
        events = a.tables.events_since(table.id, seen)
        assert [e.seq for e in events] == missed and listener.connections == 2
        after = a.tables.append(table.id, 1, ann.id, "keep Oracle")
        got = heard_until(notices, lambda n: n.kind == "action")
        assert [n for n in got if n.kind == "action"] == [Notice("action", table.id, after)]
    finally:
        listener.close()


def test_a_table_that_finished_while_the_listener_was_away_is_said_finished(postgres_url):
    club = node(postgres_url, "node-a")
    table, ann = a_table(club)
    listener, notices, door, knocks = gated_listener(postgres_url)
    try:
        listener.watch(table.id, 0)
        door.set()
        assert listener.wait_connected(WAIT_S)
        assert heard_until(notices, lambda n: True) == [Notice("seats", table.id, 0)]
        door.clear()
        club.db.scalar("SELECT pg_terminate_backend(?)", (listener.backend_pid,))
        knocks.get(timeout=WAIT_S)
        knocks.get(timeout=WAIT_S)  # the first connection's knock, then the second's
        club.tables.append(table.id, 0, ann.id, "keep Arcanist")
        club.finish(table.id, {"seats": [{"total": 3}, {"total": 1}], "ranking": [[0], [1]]})
        door.set()
        assert heard_until(notices, lambda n: True) == [Notice("finished", table.id, 0)]
        assert listener.watched() == {}
    finally:
        listener.close()
        club.close()


@pytest.mark.parametrize(
    ("payload", "notice"),
    [
        ("action 12 40", Notice("action", 12, 40)),
        ('action 12 40 [1,7,0,5,"travel Dock"]', Notice("action", 12, 40)),
        ("action 12 40 [1,7,0,5", Notice("action", 12, 40)),
        ("finished 3 0", Notice("finished", 3, 0)),
        ("action 12", None),
        ("shout 1 2", None),
        ("action x 2", None),
    ],
)
def test_only_a_clubs_payloads_become_notices(payload, notice):
    assert parse_payload(payload) == notice


def test_an_actions_payload_carries_its_event_and_reads_back():
    event = Event(40, 1, 7, "travel Dock", 0, 5)
    notice = parse_payload(payload_of(Notice("action", 12, 40, event)))
    assert notice == Notice("action", 12, 40) and notice.event == event
    undo = Event(41, 0, None, None, 2, 6)
    assert parse_payload(payload_of(Notice("action", 12, 41, undo))).event == undo
    for garbled in ('[1,7,0,5,"x"', '[1,7,0,"5","x"]', '[1,7,2,5,"x"]', "[1,7,0,5,null]"):
        assert parse_payload(f"action 12 40 {garbled}").event is None
    assert payload_of(Notice("action", 12, 40, Event(40, 1, 7, "x" * 8000, 0, 5))) == "action 12 40"
