"""The coach at the club, in the plain client: `review` at a table just finished (or `review
NUMBER` from the tables) has the server review your seat of a finished game, says how far it went, then reads the costliest decisions in words; the review is
kept with the game, so asking again (anyone) reads it back at once; bad asks get one sentence."""

from __future__ import annotations

import asyncio

from tests.plain.club_helpers import Person
from tests.plain.helpers import OVER

ALICE, BOB = "SHA256:alice-key-0001", "SHA256:bob-key-00001"


async def test_review_of_a_club_game_is_made_once_and_read_in_words(hub, monkeypatch):
    monkeypatch.setattr("wish_tui.core.expert.DEFAULT_ITERATIONS", 3)  # a quicker review
    alice = await Person(hub, ALICE, "alice").arrive()
    alice.playing = True
    alice.type("new wish air water:random")
    await alice.see("You sit at table ")
    await alice.see(OVER)
    alice.playing = False
    alice.type("review", "review water")  # at the table just finished; one at a time each
    asked = await alice.see("The club's coach reviews Air's ")
    assert asked.endswith(" decisions in game 1, about a second each; the words follow."), asked
    await alice.see("A review you asked for is still being made: ask for the next once it is")
    for _ in range(3000):  # a busy machine makes it slowly; then the words come at once
        if hub.club.db.scalar("SELECT COUNT(*) FROM game_reviews"):
            break
        await asyncio.sleep(0.1)
    await alice.see("The review of Air in game 1:")
    summary = await alice.see(" decisions of Air reviewed: ")
    done, _, total = summary.split(" decisions")[0].partition(" of ")
    assert done == total and int(total) > 1
    told = await alice.see("Move ")
    assert "played '" in told
    assert hub.club.db.scalar("SELECT COUNT(*) FROM game_reviews") == 1
    alice.type("leave", "review 1")  # from the tables, by its number: read back at once
    await alice.see("The review of Air in game 1:")
    assert await alice.see(" decisions of Air reviewed: ") == summary
    # Anyone asking again is read the kept review at once, Water's is made apart.
    bob = await Person(hub, BOB, "bob").arrive()
    bob.type("review 1 air")
    await bob.see("The review of Air in game 1:")
    assert await bob.see(" decisions of Air reviewed: ") == summary
    bob.type("review 1 moon", "review 9", "review x")
    await bob.see("'moon' is not a seat of this game; choose air, water.")
    await bob.see("There is no finished game number 9: 'history' lists them.")
    await bob.see("review needs a finished game's number, e.g. 'review 12'")
    assert "reviews Air's" not in bob.text()
    for person in (alice, bob):
        assert await person.leave() == 0
