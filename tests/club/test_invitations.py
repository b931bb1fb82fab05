"""Invitations to a table by name, shown in the invited person's lobby."""

from __future__ import annotations

import pytest

from wish_tui.club import ClubError, NotFound, SeatSpec

from .conftest import people


def test_an_invitation_waits_until_answered_and_can_be_sent_again(club):
    ann, bob = people(club, "Ann", "Bob")
    table = club.tables.create(
        "wish", 1, [SeatSpec("air", "human", ann.id), SeatSpec("fire", "human")], ann.id
    )
    invitation = club.invitations.invite(table.id, ann.id, "BOB")
    assert (invitation.to_id, invitation.from_name, invitation.code) == (bob.id, "Ann", table.code)
    assert [i.id for i in club.invitations.waiting(bob.id)] == [invitation.id]
    assert club.invitations.answer(invitation.id, bob.id, False).status == "declined"
    assert club.invitations.waiting(bob.id) == []
    with pytest.raises(ClubError):
        club.invitations.answer(invitation.id, bob.id, True)
    again = club.invitations.invite(table.id, ann.id, "Bob")
    assert again.id == invitation.id and again.status == "open"
    with pytest.raises(NotFound):
        club.invitations.answer(invitation.id, ann.id, True)
    assert club.invitations.withdraw(invitation.id, ann.id).status == "withdrawn"


def test_invitations_that_cannot_be(club):
    ann = people(club, "Ann")[0]
    table = club.tables.create("wish", 1, [SeatSpec("air", "human", ann.id)], ann.id, solo="easy")
    with pytest.raises(NotFound):
        club.invitations.invite(table.id, ann.id, "nobody")
    with pytest.raises(ClubError):
        club.invitations.invite(table.id, ann.id, "ann")
    with pytest.raises(ClubError):
        club.invitations.invite(table.id, ann.id, "hard")


def test_an_invitation_to_a_finished_table_is_not_shown(club):
    ann, bob = people(club, "Ann", "Bob")
    table = club.tables.create(
        "wish", 1, [SeatSpec("air", "human", ann.id), SeatSpec("fire", "human", bob.id)], ann.id
    )
    club.invitations.invite(table.id, ann.id, "Bob")
    club.finish(table.id, {"seats": [{"total": 1}, {"total": 0}], "ranking": [[0], [1]]})
    assert club.invitations.waiting(bob.id) == []
