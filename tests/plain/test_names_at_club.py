"""Names in the plain client at a club: the name prompt answers commands instead of taking them
for a name, and a member renames themselves from the profile once in 30 days."""

from __future__ import annotations

import asyncio

from tests.plain.club_helpers import Person

ANN, BOB = "SHA256:ann-key-000001", "SHA256:bob-key-000001"


async def newcomer(hub, key: str, suggested: str) -> Person:
    """A newcomer at the name prompt (nothing typed yet)."""
    person = await Person(hub, key, suggested).connect()
    await person.see("Type your name")
    return person


async def test_help_at_the_name_prompt_is_help_not_a_name(hub):
    ann = await newcomer(hub, ANN, "ann")
    ann.type("help")
    await ann.see("'name HELP' takes a name that reads like a command")
    ann.type("look")
    await ann.see("'look' is a command of the lobby, which opens once you have a name")
    await ann.settle()
    assert hub.club.players.by_key(ANN) is None
    ann.type("Ann Lee")
    await ann.see("Welcome to the tables of this server, Ann Lee")
    assert hub.club.players.by_key(ANN).name == "Ann Lee"


async def test_a_name_that_reads_as_a_command_is_taken_when_asked_for(hub):
    ann = await newcomer(hub, ANN, "ann")
    ann.type("name Help")
    await ann.see("Welcome to the tables of this server, Help")


async def test_quit_at_the_name_prompt_leaves_without_a_name(hub):
    ann = await newcomer(hub, ANN, "ann")
    ann.type("quit")
    await ann.see("You leave the server before choosing a name.")
    await asyncio.wait_for(ann.task, 10)
    assert hub.club.players.by_key(ANN) is None


async def test_a_member_renames_themselves_once_in_30_days(hub):
    ann = await Person(hub, ANN, "ann").arrive()
    ann.type("profile")
    await ann.see("You may change your name once in 30 days: 'rename NAME'.")
    ann.type("rename Annabel")
    await ann.see("You are called Annabel now; your games and ratings follow you.")
    await ann.see("You may change your name again from ")
    assert hub.club.players.by_key(ANN).name == "Annabel"
    ann.type("rename Anna")
    await ann.see("A name may be changed once in 30 days; you may change yours again from ")
    assert hub.club.players.by_key(ANN).name == "Annabel"


async def test_a_rename_that_looks_like_a_members_name_is_refused(hub):
    await Person(hub, BOB, "bob").arrive()
    ann = await Person(hub, ANN, "ann").arrive()
    ann.type("rename b\u043eb")  # a Cyrillic о
    await ann.see("looks like the name of another player (bob)")
    assert hub.club.players.by_key(ANN).name == "ann"
    ann.type("rename Annabel")
    await ann.see("You are called Annabel now")
