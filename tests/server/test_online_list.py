"""The lobby's list of who is online, kept as people come and go, is the list made again from
every session, the club's other nodes and the listed tables, whatever the order of arrivals,
departures and seats taken."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wish_tui.server.hub.online_list import OnlineList, tables_of

PEOPLE = [f"P{i}" for i in range(6)]
BOTS = {"P4", "P5"}
"""Bot members: a session of theirs here shows "(bot)" after the name."""
TABLES = [f"T{i}" for i in range(4)]


@dataclass(eq=False)
class FakeSession:
    person: str
    name: str


@dataclass
class Place:
    person: str = ""


@dataclass
class FakeTable:
    id: str
    seats: list[Place] = field(default_factory=lambda: [Place(), Place()])


def shown(person: str) -> str:
    name = f"name of {person}"
    return f"{name} (bot)" if person in BOTS else name


def rebuilt(sessions, elsewhere: dict[str, str], listed) -> list[dict]:
    """The list as every round made it whole before it was kept."""
    people = {other.person: shown(other.person) for other in sessions if other.person}
    everyone = {**elsewhere, **people}
    tables_of_person: dict[str, list[str]] = {}
    for table in listed:
        for place in table.seats:
            if place.person and table.id not in tables_of_person.setdefault(place.person, []):
                tables_of_person[place.person].append(table.id)
    online: dict[str, list[str]] = {}
    for person, name in everyone.items():
        online.setdefault(name, tables_of_person.get(person, []))
    return [{"name": n, "tables": t} for n, t in sorted(online.items())]


person = st.sampled_from(PEOPLE)
step = st.one_of(
    st.tuples(st.just("arrive"), person),
    st.tuples(st.just("leave"), st.integers(0, 20)),
    st.tuples(st.just("elsewhere"), st.frozensets(person)),
    st.tuples(st.just("sit"), st.sampled_from(TABLES), st.integers(0, 1), person | st.just("")),
    st.tuples(st.just("list"), st.sampled_from(TABLES), st.booleans()),
    st.tuples(st.just("round")),
)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(step, max_size=40))
def test_the_kept_list_is_the_list_made_again(steps):
    online = OnlineList()
    sessions: list[FakeSession] = []
    elsewhere: dict[str, str] = {}
    tables = {table_id: FakeTable(table_id) for table_id in TABLES}
    listed_ids: set[str] = set()
    handed_out: list[tuple[list, list]] = []
    for kind, *args in steps:
        if kind == "arrive":
            session = FakeSession(args[0], shown(args[0]))
            sessions.append(session)
            online.arrived(session, session.name)
        elif kind == "leave" and sessions:
            online.gone(sessions.pop(args[0] % len(sessions)))
        elif kind == "elsewhere":
            elsewhere = {p: f"name of {p}" for p in sorted(args[0])}
        elif kind == "sit":
            tables[args[0]].seats[args[1]].person = args[2]
        elif kind == "list":
            (listed_ids.add if args[1] else listed_ids.discard)(args[0])
        listed = [tables[t] for t in TABLES if t in listed_ids]
        if kind != "round" and len(steps) % 2:  # some rounds see only what changed since
            continue
        online.see_elsewhere(elsewhere)
        online.see_tables(tables_of(listed))
        got = online.listed()
        assert got == rebuilt(sessions, elsewhere, listed)
        assert set(online.people) == {s.person for s in sessions} | set(elsewhere)
        handed_out.append((got, copy.deepcopy(got)))
    for got, as_it_was in handed_out:  # a list handed out is never changed after
        assert got == as_it_was


def test_the_same_list_is_handed_out_while_nothing_changes():
    online = OnlineList()
    alice = FakeSession("P0", "Alice")
    online.arrived(alice, "Alice")
    online.see_tables({})
    first = online.listed()
    online.see_elsewhere({})
    online.see_tables({})
    assert online.listed() is first
    online.see_tables({"P0": ["T1"]})
    assert online.listed() == [{"name": "Alice", "tables": ["T1"]}]
    assert first == [{"name": "Alice", "tables": []}]


def test_a_person_watching_a_table_has_it_in_their_list_marked_as_watched():
    from wish_tui.tables.whereabouts import where_words

    seated = FakeTable("T0", [Place("P0"), Place("P1")])
    other = FakeTable("T1", [Place("P0"), Place("")])
    shown = {"T0": ["P0", "P2"], "T1": ["P2", "P2"]}
    where = tables_of([seated, other], shown)
    assert where == {"P0": ["T0", "T1"], "P1": ["T0"], "P2": ["watching T0", "watching T1"]}
    assert where_words(where["P0"]) == "seats at T0, T1"
    assert where_words(where["P2"]) == "watching T0, T1"
    assert where_words(["T0", "watching T1"]) == "seat at T0; watching T1"
    assert where_words([]) == ""
    # At most a few of each kind named, the rest counted (the lobby's line of who is online).
    many = [f"T{n}" for n in range(20)] + [f"watching W{n}" for n in range(5)]
    assert where_words(many, most=3) == "seats at T0, T1, T2 +17; watching W0, W1, W2 +2"
    assert where_words(many[:3], most=3) == "seats at T0, T1, T2"


@pytest.mark.usefixtures("data_dir")
async def test_the_lobby_says_who_watches_a_table(monkeypatch):
    from wish_tui.server.hub import lobby as lobby_module

    monkeypatch.setattr(lobby_module, "LOBBY_BACKGROUND_EVERY", 0.5)
    from .test_hub import new_wish_table, people

    async with people("alice", "bob", "carol") as (hub, alice, bob, carol):
        table_id = await new_wish_table(alice)
        await carol.ask({"type": "watch", "table": table_id})
        await bob.send({"type": "lobby"})
        lobby = await bob.until(
            lambda m: (
                m["type"] == "lobby"
                and any(p["name"] == "carol" and p["tables"] for p in m["online"])
            ),
            3.0,
        )
        where = {p["name"]: p["tables"] for p in lobby["online"]}
        assert where["carol"] == [f"watching {table_id}"] and where["alice"] == [table_id]
        await carol.send({"type": "lobby"})  # back from the table: watching no more
        await bob.until(
            lambda m: (
                m["type"] == "lobby"
                and any(p["name"] == "carol" and not p["tables"] for p in m["online"])
            ),
            3.0,
        )


def test_a_seat_is_said_as_a_seat_not_as_being_at_the_table():
    """A person's listed tables are those they hold a seat at, whether they sit there now or
    went back to the lobby (their seat stays theirs): 'ben (you, at c4bd9f)' was said of ben
    in the lobby, away from the table. It says the seat, which is true either way."""
    from wish_tui.tables.whereabouts import where_words

    assert where_words(["c4bd9f"]) == "seat at c4bd9f"
    assert where_words(["T0", "T1", "watching T2"]) == "seats at T0, T1; watching T2"
