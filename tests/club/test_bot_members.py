"""Bot members: the keeper makes them with a token kept only as its hash, they are marked,
have a ladder of their own over the one rating pool, and stay out of tournaments unless the
keeper lets bots in."""

from __future__ import annotations

import json

import pytest

from wish_tui.cli import main
from wish_tui.club import ClubError, open_club
from wish_tui.club.bot_members import token_digest

pytestmark = pytest.mark.usefixtures("data_dir")


def test_the_keeper_makes_a_bot_member_whose_token_signs_it_in(capsys):
    assert main(["club", "bot", "add", "robo", "--json"]) == 0
    made = json.loads(capsys.readouterr().out)
    assert made["format"] == "wish_tui.club.bot" and made["player"]["name"] == "robo"
    token = made["token"]
    with open_club() as club:
        robo = club.bot_members.by_token(token)
        assert robo is not None and robo.is_bot_member and not robo.is_bot
        stored = club.db.scalar("SELECT bot_token FROM players WHERE id = ?", (robo.id,))
        assert stored == token_digest(token) and token not in stored
        assert club.bot_members.by_token(token + "x") is None
        assert club.bot_members.by_token("") is None
    assert main(["club", "bot", "token", "robo", "--json"]) == 0
    again = json.loads(capsys.readouterr().out)["token"]
    with open_club() as club:
        assert club.bot_members.by_token(token) is None  # the old token stops working
        assert club.bot_members.by_token(again).name == "robo"
    assert main(["club", "bot", "list", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert [b["name"] for b in listed["bots"]] == ["robo"]
    assert main(["club", "bot", "add", "robo"]) == 1
    assert "'robo' is taken" in capsys.readouterr().err


def test_a_person_is_no_bot_member_and_gets_no_token():
    with open_club() as club:
        ann = club.players.register("SHA256:ann-key", "ann")
        with pytest.raises(ClubError, match="ann is not a bot member"):
            club.bot_members.new_token(ann.id)


def test_the_bots_have_a_ladder_of_their_own_over_one_rating_pool():
    with open_club() as club:
        ann = club.players.register("SHA256:ann-key", "ann")
        robo, _ = club.bot_members.add("robo")
        easy = club.players.bot("easy")
        for player, ordinal in ((ann, 3.0), (robo, 5.0), (easy, 1.0)):
            club.db.execute(
                "INSERT INTO ratings (player_id, game, mu, sigma, ordinal, games, updated_at) "
                "VALUES (?, 'wish', 25, 8, ?, 1, 0)",
                (player.id, ordinal),
            )
        people = club.standings.leaderboard("wish")
        bots = club.standings.leaderboard("wish", ladder="bots")
    assert [(r.name, r.is_bot) for r in people] == [("ann", False), ("easy", True)]
    assert [(r.name, r.is_bot) for r in bots] == [("robo", True), ("easy", True)]


def test_a_bot_member_stays_out_of_a_tournament_unless_bots_may_enter():
    with open_club() as club:
        robo, _ = club.bot_members.add("robo")
        closed = club.tournaments.create("Closed", "swiss", "wish", 2, rounds=3)
        with pytest.raises(ClubError, match="Bots may not enter"):
            club.tournaments.join(closed.id, robo.id)
        opened = club.tournaments.create("Open", "swiss", "wish", 2, rounds=3, bots=True)
        club.tournaments.join(opened.id, robo.id)
