"""Who may say what at the club, in the plain client: a member mutes another's chat for
themselves (kept in the club's database, so it holds after a new login), a table's players turn
the spectators' chat off, and the keeper mutes or bans a member from the shell (and undoes it)."""

from __future__ import annotations

import json

from tests.plain.club_helpers import BOB, CAROL, Person, members, new_table
from tests.plain.test_at_the_table import hub
from wish_tui.cli import main
from wish_tui.tables.protocol import LET_GO_STATUS

__all__ = ["hub"]  # the table server each test here meets its people at


async def table_of_three(hub) -> tuple[str, Person, Person, Person]:
    """Alice and bob sit at a table, carol watches it."""
    alice, bob, carol = await members(hub, "alice", "bob", "carol")
    table_id = await new_table(alice, "wish air water:open")
    bob.type(f"join {table_id} water")
    await bob.see(f"You sit at table {table_id}")
    carol.type(f"watch {table_id}")
    await carol.see(f"You watch table {table_id}")
    return table_id, alice, bob, carol


async def test_a_member_mutes_anothers_chat_for_themselves_and_it_holds_at_the_next_login(hub):
    table_id, alice, bob, carol = await table_of_three(hub)
    bob.type("mute alice")
    await bob.see("You muted alice: you no longer see their chat ('unmute alice' undoes it).")
    alice.type("chat first line")
    await carol.see("alice: first line")
    carol.type("chat carol here")
    await bob.see("carol: carol here")
    assert not any("💬 alice:" in line for line in bob.lines)
    assert await bob.leave() == 0
    bob = await Person(hub, BOB, "bob").arrive(returning=True)
    bob.type(f"open {table_id}")
    await bob.see(f"You sit at table {table_id}")
    alice.type("chat second line")
    await carol.see("alice: second line")
    carol.type("chat and me")
    await bob.see("carol: and me")
    assert not any("💬 alice:" in line for line in bob.lines)
    bob.type("unmute alice")
    await bob.see("You see alice's chat again.")
    alice.type("chat third line")
    await bob.see("alice: third line")
    for person in (alice, bob, carol):
        assert await person.leave() == 0


async def test_a_player_turns_the_spectators_chat_off_and_on(hub):
    table_id, alice, bob, carol = await table_of_three(hub)
    bob.type("spectators off")
    await carol.see("bob turned spectators' chat off: those who watch cannot chat.")
    await alice.see("bob turned spectators' chat off")
    carol.type("chat hello?", "spectators on")
    await carol.see("You are watching: you hold no seat here")  # players turn it on or off
    await carol.see("The players of this table turned spectators' chat off.")
    alice.type("chat players still chat")
    await bob.see("alice: players still chat")
    alice.type("spectators on")
    await carol.see("alice turned spectators' chat on: those who watch may chat.")
    carol.type("chat hello")
    await alice.see("carol: hello")
    for person in (alice, bob, carol):
        assert await person.leave() == 0


async def test_the_keeper_mutes_and_bans_a_member_and_undoes_it(hub, capsys):
    table_id, alice, bob, carol = await table_of_three(hub)
    assert main(["club", "mute", "bob", "--json"]) == 0
    said = json.loads(capsys.readouterr().out)
    assert said == {
        "format": "wish_tui.club.sanction",
        "player": {"id": said["player"]["id"], "name": "bob"},
        "muted": True,
        "banned": False,
    }
    bob.type("chat can you hear me")
    await bob.see("The keeper of this club has muted you: your chat is not sent.")
    assert main(["club", "unmute", "bob"]) == 0
    assert capsys.readouterr().out == "bob may chat again.\n"
    bob.type("chat now?")
    await alice.see("bob: now?")
    assert main(["club", "ban", "carol"]) == 0
    assert "carol is banned" in capsys.readouterr().out
    assert main(["club", "players"]) == 0
    listed = {line.split()[1]: line.split()[2] for line in capsys.readouterr().out.splitlines()}
    assert (listed["carol"], listed["bob"], listed["alice"]) == ("banned", "player", "player")
    carol.type("chat still here?")  # a ban reaches a member already connected
    await carol.see("The keeper of this club has banned you: you cannot play here.")
    assert await carol.task == LET_GO_STATUS  # let go, without a word more
    assert not any("went away" in line for line in carol.lines)
    again = Person(hub, CAROL, "carol")
    await again.connect()  # and every later login
    await again.see("The keeper of this club has banned you: you cannot play here.")
    assert main(["club", "unban", "carol", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["banned"] is False
    back = await Person(hub, CAROL, "carol").arrive(returning=True)
    assert await back.leave() == 0
    for person in (alice, bob):
        assert await person.leave() == 0


async def test_chat_goes_on_past_the_lines_a_table_keeps(hub):
    table_id, alice, bob, carol = await table_of_three(hub)
    alice.type(*(f"chat line {n}" for n in range(1, 61)))
    await carol.see("alice: line 60")
    await bob.see("alice: line 60")
    for person in (alice, bob, carol):
        assert await person.leave() == 0
