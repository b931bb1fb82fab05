"""Players: a first login choosing a name, more keys, guests, renaming, removing, profiles."""

from __future__ import annotations

import base64
import struct

import pytest

from wish_tui.club import ClubError, InputRefused, NameTaken, SeatSpec
from wish_tui.club.key_lines import fingerprint_of, parse_key_line
from wish_tui.club.limits import REMOVED_NAME

from .conftest import key, people, reopen


def key_line(seed: int, comment: str = "ann@home") -> str:
    """A well-formed ed25519 public key line (32 made-up key bytes)."""
    kind = b"ssh-ed25519"
    blob = struct.pack(">I", len(kind)) + kind + struct.pack(">I", 32) + bytes([seed]) * 32
    return f"ssh-ed25519 {base64.b64encode(blob).decode()} {comment}"


def test_a_first_login_chooses_a_name_then_the_key_finds_the_player(club):
    assert club.players.login(key(1)) is None
    ann = club.players.register(key(1), "  Ann   Lee ")
    assert ann.name == "Ann Lee"
    found = club.players.login(key(1))
    assert found.id == ann.id and found.seen_at is not None


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("A", "2 to 20 characters"),
        ("x" * 21, "2 to 20 characters"),
        ("tab\there", "printable characters only"),
        ("bell\x07", "printable characters only"),
        ("zero\u200bwidth", "printable characters only"),
        ("Medium", "kept for the club's bots"),
        ("removed player", "kept for the club's bots"),
    ],
)
def test_a_malformed_name_gets_one_sentence_and_nothing_is_made(club, name, words):
    with pytest.raises(InputRefused) as refused:
        club.players.register(key(1), name)
    message = str(refused.value)
    assert words in message and "\n" not in message and message.endswith(".")
    assert club.players.login(key(1)) is None


def test_a_taken_name_whatever_its_case_gets_one_sentence_and_another_try(club):
    people(club, "Ann")
    with pytest.raises(NameTaken) as refused:
        club.players.register(key(7), "aNN")
    assert str(refused.value) == "'aNN' is taken; choose another name."
    assert club.players.login(key(7)) is None
    assert club.players.register(key(7), "Annie").name == "Annie"


def test_a_second_key_logs_in_as_the_same_player_after_a_restart(club, clock):
    ann = club.players.register(parse_key_line(key_line(1))[0], "Ann")
    added = club.players.add_key(ann.id, key_line(2, "ann@work"))
    assert added.key_line.endswith("ann@work")
    again = reopen(club)
    try:
        assert again.players.login(added.fingerprint).id == ann.id
        assert len(again.players.keys_of(ann.id)) == 2
    finally:
        again.close()


def test_a_key_of_another_player_cannot_be_added(club):
    ann, bob = people(club, "Ann", "Bob")
    line = key_line(3)
    club.players.add_key(ann.id, line)
    with pytest.raises(ClubError) as refused:
        club.players.add_key(bob.id, line)
    assert "belongs to Ann" in str(refused.value)


@pytest.mark.parametrize(
    "line",
    [
        "",
        "hello there",
        "ssh-ed25519",
        "ssh-ed25519 !!!notbase64",
        key_line(1).replace("ssh-ed25519 ", "ssh-rsa ", 1),
    ],
)
def test_a_pasted_line_that_is_not_a_key_is_refused(club, line):
    ann = people(club, "Ann")[0]
    with pytest.raises(InputRefused):
        club.players.add_key(ann.id, line)
    assert len(club.players.keys_of(ann.id)) == 1


def test_the_fingerprint_is_openssh_s():
    line = key_line(5)
    blob = base64.b64decode(line.split()[1])
    assert parse_key_line(line)[0] == fingerprint_of(blob)
    assert fingerprint_of(b"") == "SHA256:47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU"


def test_the_last_key_cannot_be_removed_but_another_can(club):
    ann = people(club, "Ann")[0]
    with pytest.raises(ClubError):
        club.players.remove_key(ann.id, key(0))
    other = club.players.add_key(ann.id, key_line(9))
    club.players.remove_key(ann.id, key(0))
    assert [k.fingerprint for k in club.players.keys_of(ann.id)] == [other.fingerprint]


def test_guests_are_found_by_name_and_cannot_take_a_players_name(club):
    people(club, "Ann")
    guest = club.players.guest("visitor")
    assert guest.is_guest and club.players.guest("Visitor").id == guest.id
    with pytest.raises(NameTaken):
        club.players.guest("ann")


def test_rename_keeps_the_games_and_frees_the_old_name(club):
    ann, bob = people(club, "Ann", "Bob")
    table = club.tables.create("wish", 1, [SeatSpec("air", "human", ann.id)], ann.id, solo="easy")
    club.players.rename(ann.id, "Anna")
    assert club.tables.get(table.id).seats[0].player_name == "Anna"
    with pytest.raises(NameTaken):
        club.players.rename(bob.id, "ANNA")
    assert club.players.register(key(5), "Ann").name == "Ann"


def test_remove_frees_the_name_and_keys_and_shows_removed_player(club):
    ann = people(club, "Ann")[0]
    removed = club.players.remove(ann.id)
    assert removed.is_removed and removed.shown == REMOVED_NAME
    assert club.players.login(key(0)) is None
    assert club.players.by_name("Ann") is None
    assert club.players.register(key(0), "Ann").id != ann.id


def test_profiles_and_settings_are_bounded(club):
    ann = people(club, "Ann")[0]
    assert club.players.set_profile(ann.id, "Hi\x1b[31m there\r\nline two").profile == (
        "Hi[31m there\nline two"
    )
    with pytest.raises(InputRefused):
        club.players.set_profile(ann.id, "x" * 401)
    with pytest.raises(InputRefused):
        club.players.set_profile(ann.id, "\n".join("abcdefghi"))
    assert club.players.set_settings(ann.id, {"bell": True}).settings == {"bell": True}
    assert club.players.set_settings(ann.id, {"plain": False}).settings == {
        "bell": True,
        "plain": False,
    }
    with pytest.raises(InputRefused):
        club.players.set_settings(ann.id, {"colour": "red"})
    with pytest.raises(InputRefused):
        club.players.set_settings(ann.id, {"bell": "yes"})


def test_bots_are_players_of_their_own(club):
    medium = club.players.bot("medium")
    assert medium.is_bot and medium.name == "medium"
    assert club.players.bot("medium").id == medium.id
    with pytest.raises(InputRefused):
        club.players.bot("grandmaster")
