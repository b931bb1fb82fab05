"""The plain client reads the club's tournaments at a real table server: the list, a
tournament's page, entering and leaving; a refusal is the server's one sentence."""

from __future__ import annotations

import pytest

from tests.plain.club_helpers import Person, start_hub

ALICE = "SHA256:alice-key-0001"


@pytest.fixture
async def hub(tmp_path, monkeypatch):
    hub = await start_hub(tmp_path, monkeypatch)
    yield hub
    await hub.close()


async def test_list_read_enter_and_leave_a_tournament(hub):
    alice = await Person(hub, ALICE, "alice").arrive()
    alice.type("tournaments")
    await alice.see("The club has no tournament yet.")
    tid = hub.club.tournaments.create("Friday Swiss", "swiss", "wish", 2, rounds=3).id
    alice.type("tournaments")
    await alice.see(
        f"#{tid} Friday Swiss: Swiss of Wish, 2 seats, 3 rounds, 0 entrants, open for entries"
    )
    await alice.see("'tournament ID' shows one")
    alice.type(f"tournament {tid} enter")
    await alice.see("You are in Friday Swiss.")
    await alice.see("3 rounds, 1 entrant, open for entries")
    await alice.see("1. alice: 0 points, Buchholz 0; no table yet.")
    await alice.see(f"'tournament {tid} enter' enters it, 'tournament {tid} withdraw' leaves it")
    alice.type(f"tournament {tid} withdraw")
    await alice.see("1. alice (withdrawn): 0 points")
    alice.type("tournament 99")
    await alice.see("There is no tournament 99.")
    alice.type("tournament first")
    await alice.see("Say 'tournament ID' to read one, 'tournament ID enter'")
