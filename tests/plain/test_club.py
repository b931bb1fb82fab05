"""The plain client at a club, against a real table server: whose move it is and since when, who is
online, invitations, the history and a finished game read back, the leaderboards and a player's
page, the profile and its plain-text setting, tables with clocks, resigning and a rematch; every
line plain text."""

from __future__ import annotations

import asyncio
import re

import pytest

from tests.plain.club_helpers import (
    ALICE,
    BOB,
    Person,
    members,
    new_table,
    table_of,
)
from tests.plain.helpers import OVER
from wish_tui.plain import setup
from wish_tui.server.hub import lobby

CLOCK = re.compile(r"\d+:\d\d on the clock")


def test_a_new_table_line_says_how_it_is_played():
    chosen = setup.parse("wish air water:open turn 24h", at_server=True)
    assert (chosen.kind, chosen.clock) == ("turn", {"type": "turn", "hours": 24, "total_days": 14})
    chosen = setup.parse("wish air water:open turn 72h 20d", at_server=True)
    assert chosen.clock == {"type": "turn", "hours": 72, "total_days": 20}
    assert setup.parse("wish air water turn", at_server=True).clock is None
    chosen = setup.parse("spirits live 10+5 earth air:hard", at_server=True)
    assert (chosen.kind, chosen.clock) == ("live", {"type": "live", "minutes": 10, "increment": 5})
    assert setup.parse("wish air water live 5", at_server=True).clock["increment"] == 0
    assert setup.parse("wish air water", at_server=True).kind == "live"
    with pytest.raises(setup.SetupError, match="minutes \\+ seconds"):
        setup.parse("wish air water live 10+x", at_server=True)
    with pytest.raises(setup.SetupError, match="no seat, option or level"):
        setup.parse("wish air water:hard turn 24h")  # a local game has no clock


def test_a_person_away_is_said_inside_their_seat_not_as_another_seat():
    """'Fire (alice), away, Earth (bob)' read as three seats; the away belongs to alice."""
    from wish_tui.plain.clocks import away
    from wish_tui.plain.lobby import table_line

    entry = {
        "table": "daaef5",
        "title": "Spirits of the Forest",
        "seats": ["Fire (alice)", "Earth (bob)"],
        "connected": [False, True],
        "over": False,
        "mine": True,
        "owner": False,
        "open": [],
        "progress": "48 tiles left",
    }
    assert "Spirits of the Forest: Fire (alice, away), Earth (bob);" in table_line(entry)
    assert away("Fire") == "Fire (away)"


def test_a_history_page_of_one_game_says_one_game():
    from wish_tui.plain.club_pages import history_lines

    row = {"table_id": 1, "game": "spirits", "rated": True, "finished_at": 0, "seats": []}
    lines = history_lines({"rows": [row], "number": 0})
    assert lines[0] == "Everyone's finished games, newest first, page 1 (1 game):"


def test_a_history_page_says_how_a_game_of_it_is_replayed():
    from wish_tui.plain.club_pages import history_lines

    row = {"table_id": 7, "game": "wish", "rated": True, "finished_at": 0, "seats": []}
    last = history_lines({"rows": [row], "number": 0})[-1]
    assert "'replay NUMBER'" in last and "'game NUMBER'" in last, last


def test_a_full_history_page_names_the_command_of_its_own_next_page():
    """'history all' lists everyone's games: its next page is 'history all 2', not 'history 2'
    (your own games' second page); a game's or a player's history keeps its filter too."""
    from wish_tui.plain.club_pages import HISTORY_PAGE, history_lines

    row = {"table_id": 7, "game": "wish", "rated": True, "finished_at": 0, "seats": []}
    rows = [row] * HISTORY_PAGE

    def next_page(player: str = "", game: str = "") -> str:
        page = {"rows": rows, "number": 0, "player": player, "game": game}
        return history_lines(page, "alice")[-1]

    assert "'history 2' the next page" in next_page("alice")
    assert "'history wish 2' the next page" in next_page("alice", "wish")
    assert "'history all 2' the next page" in next_page()
    assert "'history all wish 2' the next page" in next_page(game="wish")
    assert "'history bob 2' the next page" in next_page("bob")


def test_the_history_of_a_player_whose_name_has_a_space_asks_for_the_whole_name():
    """A club's names may hold spaces: 'history Anna Maria wish 2' asks for Anna Maria's games
    of Wish, page 2 (it asked for Maria's), as the page's own next-page hint writes it."""
    import io

    from wish_tui.plain.club_pages import history_lines
    from wish_tui.plain.lobby import PlainLobby
    from wish_tui.plain.output import Output

    sent: list[dict] = []
    lobby = PlainLobby(sent.append, Output(io.StringIO(), width=100), lambda: None)
    lobby._cmd_history("Anna Maria wish 2")
    assert sent == [
        {"type": "history", "mine": False, "player": "Anna Maria", "game": "wish", "page": 1}
    ]
    row = {"table_id": 7, "game": "wish", "rated": True, "finished_at": 0, "seats": []}
    page = {"rows": [row] * 20, "number": 0, "player": "Anna Maria", "game": "wish"}
    assert "'history Anna Maria wish 2' the next page" in history_lines(page, "bob")[-1]


async def test_the_lobby_says_your_move_since_when_the_clock_and_who_is_online(hub, monkeypatch):
    # Who came online is told with the next lobby news; a second here, not the club's ten.
    monkeypatch.setattr(lobby, "LOBBY_BACKGROUND_EVERY", 1.0)
    alice = await Person(hub, ALICE, "alice").arrive()
    assert "Online: alice (you)." in alice.lines
    alice.type("new wish air water:open turn 24h")
    line = await alice.see("You sit at table ")
    table = table_of(line)
    assert line.endswith(
        "(open seat); turn-based, 24 h a move, 14 days in all. 'leave' goes back to the tables."
    )
    await alice.see("Waiting for Water (open seat)")
    alice.type("leave")
    mine = await alice.see(f"Table {table}, Wish: Air (alice), Water (open seat); setup; you own")
    assert mine.endswith("not your move; turn-based, 24 h a move, 14 days in all.")
    bob = await Person(hub, BOB, "bob").arrive()
    await bob.see(f"Table {table}, Wish: Air (alice), Water (open seat); setup; 1 open seat")
    await bob.see(f"Online: alice (seat at {table}), bob (you).")
    await alice.see("bob is online now.")
    bob.type(f"join {table} water")
    decision = await bob.see("Your decision (2 choices, ")
    assert re.search(r"2 choices, 13 d 23 h on the clock, 23:59:\d\d for this move\)", decision)
    bob.type("clock")
    await bob.see("Time left: Air 14 d 0 h on the clock; Water ")
    bob.type("leave")
    mine = await bob.see(f"Table {table}, Wish")
    assert re.search(
        r"; your move for (\d+ seconds?|less than a second); turn-based, 24 h a move", mine
    ), mine
    bob.type("online")
    await bob.see(f"Online: alice (seat at {table}), bob (you, seat at {table}).")
    assert await bob.leave() == 0
    await alice.see("bob left the server.")
    assert await alice.leave() == 0


async def test_invitations_are_said_listed_accepted_and_declined(hub):
    alice, bob, carol = await members(hub, "alice", "bob", "carol")
    table = await new_table(alice, "wish air water:open")
    alice.type("invite bob")  # at the table (in the lobby: 'invite TABLE NAME')
    await alice.see(f"bob is invited to table {table}.")
    await bob.see(f"alice invites you to table {table} (Wish): 'accept {table}' sits you down")
    await bob.settle()
    await bob.settle()  # the lobby's list that follows does not say it again
    assert sum("invites you to table" in line for line in bob.lines) == 1
    bob.type("invitations", "accept zzz")
    await bob.see(f"alice invites you to table {table}: 'accept {table}' sits you down")
    await bob.see("No invitation to a table 'zzz' waits for you.")
    bob.type(f"accept {table}")
    await bob.see(f"You sit at table {table}: Air (alice), Water (bob).")
    alice.type("invite carol", "invite")
    await alice.see("invite needs a player's name, e.g. 'invite bob'.")
    await alice.see("This table has no open seat to invite anyone to.")
    alice.type("leave", "new spirits earth air:open", "leave")
    await alice.see("Back to the server's tables.")
    second = table_of(await alice.see("You sit at table "))
    await alice.see("Back to the server's tables.")
    alice.type(f"invite {second} carol", "invite")
    await alice.see(f"carol is invited to table {second}.")
    await alice.see("invite needs a table and a name")
    await carol.see(f"alice invites you to table {second}")
    carol.type("decline", "invitations", "decline")
    await carol.see(f"You declined the invitation to table {second}.")
    await carol.see("No invitation waits for you.")
    await carol.see("No invitation waits for you.")
    for person in (alice, bob, carol):
        assert await person.leave() == 0


async def test_a_rated_game_its_result_the_history_the_pages_and_a_rematch(hub):
    alice = await Person(hub, ALICE, "alice").arrive()
    alice.playing = True
    alice.type("new wish air water:random live 10+5")
    line = await alice.see("You sit at table ")
    assert "Water (random bot); live, 10 min plus 5 s a move." in line
    decision = await alice.see("Your decision (")
    assert CLOCK.search(decision), decision
    await alice.see(OVER)
    alice.playing = False
    await alice.see("Ratings: alice 0.0 to ")
    first = next(iter(hub.tables))
    # A rematch: the same table again; resigning it asks once, then ends it (no person left).
    alice.type("resign", "rematch")
    await alice.see("The game is over: there is nothing to resign")
    second = table_of(await alice.see("You sit at table "))
    assert second != first
    await alice.see("A rematch: no one invited to sit down again.")
    await alice.see("Your decision (")
    alice.type("rematch", "resign")
    await alice.see("A rematch is offered once the game is over")
    await alice.see("say 'resign yes'")
    alice.type("1", "resign yes")  # a decision of her own first: else the game is aborted
    await alice.see("alice resigned.")
    await alice.see("No person is left at the table: the game ends here.")
    await alice.see("Ratings: alice ")
    alice.type("rematch")  # a game everyone resigned is over too
    third = table_of(await alice.see("You sit at table "))
    assert third not in (first, second)
    alice.type("leave")
    ended = await alice.see(f"Table {second}, Wish: Air (alice, resigned), Water (random bot)")
    assert ended.endswith("; finished; live, 10 min plus 5 s a move."), ended
    alice.type("history")
    await alice.see("Your finished games, newest first, page 1 (2 games):")
    newest = await alice.see("Game 2, Wish, ")
    assert "rated: 1st random bot (Water)" in newest and "2nd alice (Air) 0, resigned." in newest
    await alice.see("'game NUMBER' reads the end of one of them, 'replay NUMBER' every line of")
    alice.type("game 1")
    await alice.see("Game 1, Wish, ")
    await alice.see("Its last 10 lines ('replay 1' reads them all):")
    await alice.see("Water wins with")
    alice.type("replay 1")
    await alice.see("The whole game, ")
    await alice.see("A game of Wish: Air (human), Water (random).")
    # Read from the rail: no seat's secret, not even your own.
    await alice.see("Air keeps a Destiny (secret)")
    alice.type("game 99", "game first")
    await alice.see("99")
    await alice.see("game needs a finished game's number, e.g. 'game 12'")
    alice.type("leaderboard", "ratings chess", "player", "player nobody", "stats wish")
    await alice.see("The leaderboard of Wish, page 1, by the cautious rating")
    await alice.see("1. random (bot), rating ")
    await alice.see("2. alice, rating -")
    await alice.see("'chess' is not a game here")
    await alice.see("alice, in the club since ")
    await alice.see("Wish: 2 played, 0 won (0%), average 0.0, best 0, rating -")
    await alice.see("nobody")
    await alice.see("Wish: 2 finished games between seats.")
    await alice.see("By bot level: random won 2 of 2 (100%).")
    alice.type("leaderboard wish bots")
    await alice.see("The bots' ladder of Wish, page 1, by the cautious rating")
    await alice.see("1. random (bot), rating ")
    alice.type("history all wish 2")
    await alice.see("Everyone's finished Wish games have no page 2.")
    assert await alice.leave() == 0


async def test_the_profile_and_its_plain_text_setting(hub):
    alice = await Person(hub, ALICE, "alice").arrive()
    alice.type("profile")
    await alice.see("Your profile: alice, in the club since ")
    await alice.see(f"Your keys: {ALICE} (added ")
    await alice.see("Settings: plain text off")
    assert not hub.prefers_plain(ALICE)
    alice.type("plain on", "plain maybe")
    await alice.see("Settings: plain text on (on: ssh to this server starts this client")
    await alice.see("Say 'plain on' or 'plain off'.")
    assert hub.prefers_plain(ALICE) and not hub.prefers_plain(BOB)
    alice.type("bell off", "about I play Wish on Sundays", "key not a key")
    await alice.see("bell off (a bell when a decision becomes yours).")
    await alice.see("Your text: I play Wish on Sundays")
    await alice.see("key")  # the server's one sentence on a line that is no key
    alice.type("plain off")
    await alice.see("Settings: plain text off")
    assert not hub.prefers_plain(ALICE)
    assert await alice.leave() == 0
    dora = await Person(hub, "open:dora", "dora").arrive()
    dora.type("profile", "plain on")
    await dora.see("Your profile: dora, a guest: connect with a key")
    await dora.see("Settings: plain text on")
    assert hub.prefers_plain("open:dora")
    assert await dora.leave() == 0


async def test_help_names_the_club_commands(hub):
    alice = await Person(hub, ALICE, "alice").arrive()
    alice.type("help")
    await alice.see("At a new table, 'live' (the default) or 'live 10+5'")
    said = alice.text()
    for command in ("invite TABLE NAME", "history [all]", "game NUMBER", "leaderboard [GAME]"):
        assert command in said
    assert "plain on|off: ssh to this server starts this plain client for you" in said
    alice.type("new wish solo easy air", "help")
    await alice.see("resign: give up your seat to a bot (asks once)")
    await alice.see("rematch: once the game is over, the same table again")
    assert await alice.leave() == 0


async def test_a_two_seat_game_ends_when_one_resigns_and_the_final_scoring_says_the_clubs_ranking(
    hub,
):
    alice, bob = await members(hub, "alice", "bob")
    table = await new_table(alice, "wish air water:open")
    await bob.see(f"New: Table {table}, Wish")
    bob.type(f"join {table} water")
    await bob.see(f"You sit at table {table}")

    async def decide(person: Person) -> None:
        await person.see("Your decision (")
        person.type("1")

    await asyncio.gather(decide(alice), decide(bob))  # each takes a decision of their own
    await bob.see("Air keeps a Destiny")
    bob.type("resign yes")
    await alice.see("Water: bob resigned.")
    await alice.see("The game ends here: one of its two seats was given up.")
    await alice.see("Ratings: alice 0.0 to ")
    await alice.see("The game is over.")
    air = await alice.see("Air (you): ")
    water = await alice.see("Water: ")
    assert "; place 1;" in air and "; place 2;" in water
    await alice.see("Water (bob) resigned: last, whatever the score.")
    alice.type("leave", "history")
    newest = await alice.see("Game 1, Wish, ")
    assert "rated: 1st alice (Air)" in newest and "2nd bob (Water) " in newest
    assert newest.endswith(", resigned.")
    for person in (alice, bob):
        assert await person.leave() == 0


async def test_a_spectator_of_a_table_of_bots_leaves_while_the_bots_play(hub):
    """Lines wait while a bot is about to move, to answer the decision that follows; but a
    spectator has no decision to answer, and at a table of bots its 'leave' waited for the
    game's end."""
    hub.bot_pace = 0.3  # as a server's bots play: a move at a time
    alice = await Person(hub, ALICE, "alice").arrive()
    alice.type("new wish air:easy water:easy")
    table_id = table_of(await alice.see("You watch table "))
    await alice.see("decides.")
    alice.type("leave")
    await alice.see("Back to the server's tables.")
    assert not hub.tables[table_id].is_over
