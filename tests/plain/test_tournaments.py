"""The plain client at a real table server: the club's tournaments (the list, a
tournament's page, entering, leaving, creating, starting) and turn alerts; a refusal is the
server's one sentence."""

from __future__ import annotations

import json

from tests.plain.club_helpers import ALICE, Person, members
from wish_tui.cli import main


async def test_list_read_enter_and_leave_a_tournament(hub):
    alice = await Person(hub, ALICE, "alice").arrive()
    alice.type("tournaments")
    await alice.see("The club has no tournament yet: 'tournament new swiss wish 5 NAME' creates")
    tid = hub.club.tournaments.create("Friday Swiss", "swiss", "wish", 2, rounds=3).id
    alice.type("tournaments")
    await alice.see(
        f"{tid} Friday Swiss: Swiss of Wish, 2 seats, 3 rounds, 0 entrants, open for entries"
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


async def test_a_member_creates_and_starts_a_tournament(hub):
    alice = await Person(hub, ALICE, "alice").arrive()
    alice.type("tournament new swiss wish 2 Friday Swiss")
    line = await alice.see("Friday Swiss: Swiss of Wish, 2 seats, 2 rounds, 0 entrants, open")
    number = line.split()[0].lstrip("#")
    alice.type(f"tournament {number} start")
    await alice.see("Friday Swiss needs two entrants to start.")
    alice.type(f"tournament {number} enter")
    await alice.see("You are in Friday Swiss.")
    alice.type("tournament new knockout wish 2 Cup", "tournament new arena wish 1 Blitz")
    await alice.see("Say 'tournament new swiss GAME ROUNDS NAME'")
    await alice.see("An arena lasts 5 to 10080 minutes.")
    bob = await Person(hub, "SHA256:bob-key-00001", "bob").arrive()
    bob.type(f"tournament {number} enter", f"tournament {number} start")
    await bob.see("You are in Friday Swiss.")
    await bob.see("Only the member who created Friday Swiss may start it.")
    alice.type(f"tournament {number} start")
    await alice.see("2 entrants, starting")
    await alice.see("of Friday Swiss is ready")  # the first round, paired at once
    made = hub.club.tournaments.get(int(number))
    assert made.created_by == hub.club.players.by_name("alice").id and not made.bots


async def test_alerts_set_and_turned_off_from_the_plain_lobby(hub):
    alice = await Person(hub, ALICE, "alice").arrive()
    alice.type("alerts http://127.0.0.1:9/hook")
    await alice.see("is posted to http://127.0.0.1:9/hook, once a move.")
    alice.type("alerts off")
    await alice.see("No alert is sent to you when a move waits for you.")
    alice.type("alerts")
    await alice.see("Say 'alerts URL'")
    assert hub.club.alerts.settings_of(hub.club.players.by_name("alice").id) == {}


async def test_a_vacation_from_the_plain_lobby_and_the_keepers_command(hub, capsys):
    alice = await Person(hub, ALICE, "alice").arrive()
    alice.type("vacation 4")
    said = await alice.see("You are on vacation until ")
    assert "turn-based tables wait (26 of 30 days left in" in said
    alice.type("profile")
    await alice.see("You are on vacation until ")
    assert main(["club", "vacation", "alice", "--json"]) == 0
    said = json.loads(capsys.readouterr().out)
    assert said["format"] == "wish_tui.club.vacation" and said["days_used"] == 4
    assert said["player"]["name"] == "alice" and said["until"] is not None
    assert main(["club", "vacation", "alice", "off"]) == 0
    assert capsys.readouterr().out.startswith("alice is not on vacation (29 of 30 days left")
    await hub.vacations.load()
    assert hub.vacations.until == {}
    assert main(["club", "vacation", "alice", "soon"]) == 1
    assert "DAYS is a whole number of days or 'off', not 'soon'." in capsys.readouterr().err
    alice.type("vacation later")
    await alice.see("Say 'vacation DAYS'")
    alice.type("vacation 40")
    await alice.see("A vacation is 1 to 29 days")


async def test_follow_block_and_friends_from_the_plain_lobby(hub, capsys):
    alice, bob = await members(hub, "alice", "bob")
    alice.type("follow bob")
    await alice.see("You follow bob: you see when they are online, and their open tables first.")
    alice.type("friends")
    await alice.see("You follow bob: online.")
    await alice.see("You block no one.")
    bob.type("block alice")
    await bob.see("You block alice: they cannot invite you, join your tables or chat to you.")
    assert main(["club", "friends", "bob", "--json"]) == 0
    said = json.loads(capsys.readouterr().out)
    assert said["format"] == "wish_tui.club.friends"
    assert [b["name"] for b in said["blocks"]] == ["alice"]
    assert [f["name"] for f in said["followers"]] == ["alice"]
    bob.type("unblock alice")
    await bob.see("You neither follow nor block alice now.")
    alice.type("block")
    await alice.see("block needs a member's name, e.g. 'block bob'.")
    alice.type("follow nobody")
    await alice.see("No player is called 'nobody'.")


async def test_a_seek_from_the_plain_lobby_is_listed_and_taken(hub):
    alice, bob = await members(hub, "alice", "bob")
    alice.type("seek wish live 10+5 range -5 20")
    said = await alice.see("Your seek 1: Wish, 2 seats, live, 10 minutes and 5 seconds a move")
    assert "ratings -5 to 20. It waits in the lobby." in said
    said = await bob.see("Seek 1 by alice: Wish, 2 seats, live, 10 minutes and 5 seconds")
    assert "ratings -5 to 20. 'take 1' plays it." in said
    bob.type("take 1")
    await bob.see("alice's seek of Wish is full: your table is ")
    await alice.see("alice's seek of Wish is full: your table is ")
    for person in (alice, bob):  # both taken to the table, nothing typed; back to the lobby
        await person.see("You sit at table ")
        person.type("leave")
        await person.see("Back to the server's tables.")
    alice.type("seek chess")
    await alice.see("Say 'seek GAME [SEATS] [live 10+5 | turn 24h] [range LOW HIGH]")
    bob.type("take x")
    await bob.see("take needs a seek's number, e.g. 'take 3'; the lobby lists them.")
