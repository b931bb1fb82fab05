"""Follows and blocks in the club's database (SQLite and PostgreSQL): one choice per pair, a
block replacing a follow, who blocks whom, refusals in one sentence."""

import pytest

from wish_tui.club import ClubError, NotFound

from .conftest import people


def test_follow_then_block_then_neither(club):
    ann, bob, cat = people(club, "Ann", "Bob", "Cat")
    club.follows.choose(ann.id, "bob", "follow")
    club.follows.choose(ann.id, "Cat", "follow")
    club.follows.choose(cat.id, "Ann", "follow")
    assert club.follows.chosen_by(ann.id) == {"follow": {bob.id, cat.id}, "block": set()}
    friends = club.follows.friends(ann.id).to_json()
    assert [f["name"] for f in friends["follows"]] == ["Bob", "Cat"]
    assert [f["name"] for f in friends["followers"]] == ["Cat"]
    club.follows.choose(ann.id, "Bob", "block")  # replaces the follow
    assert club.follows.chosen_by(ann.id) == {"follow": {cat.id}, "block": {bob.id}}
    assert club.follows.blockers([ann.id, cat.id], bob.id) == [ann.id]
    assert club.follows.blockers([cat.id], bob.id) == []
    club.follows.choose(ann.id, "Bob", None)
    assert club.follows.blockers([ann.id], bob.id) == []


def test_refusals_are_one_sentence(club):
    (ann,) = people(club, "Ann")
    with pytest.raises(ClubError, match="You cannot follow or block yourself."):
        club.follows.choose(ann.id, "ann", "block")
    club.players.bot("medium")
    with pytest.raises(ClubError, match="is not a member you can follow or block"):
        club.follows.choose(ann.id, "medium", "follow")
    with pytest.raises(NotFound, match="No player is called 'nobody'."):
        club.follows.choose(ann.id, "nobody", "follow")
