"""Browser links and sign-ins: one-time, short-lived, bound to one person, bounded in number."""

from __future__ import annotations

import pytest

from tests.clocks import FakeTime
from wish_tui.server.web import links
from wish_tui.server.web.links import SignInRefused, SignIns, guest_name


@pytest.fixture
def clock():
    return FakeTime(1000.0)


@pytest.fixture
def book(clock):
    return SignIns("http://127.0.0.1:8080/", clock=clock)


def test_a_link_signs_one_browser_in_as_its_person_once(book):
    token = book.issue_link("SHA256:alice", "alice")
    assert book.url_for(token) == f"http://127.0.0.1:8080/link/{token}"
    sign_in = book.redeem(token)
    person = book.who(sign_in)
    assert (person.person, person.name) == ("SHA256:alice", "alice")
    assert sign_in != token
    with pytest.raises(SignInRefused, match="used already"):
        book.redeem(token)


def test_a_link_expires_after_its_minutes(book, clock):
    token = book.issue_link("SHA256:alice", "alice")
    clock.now += links.LINK_LIFETIME + 1
    with pytest.raises(SignInRefused, match="expired"):
        book.redeem(token)
    clock.now += links.LINK_LIFETIME * 2
    with pytest.raises(SignInRefused, match="not one this server gave"):
        book.redeem(token)


def test_a_new_link_replaces_the_persons_old_one_only(book):
    old = book.issue_link("SHA256:alice", "alice")
    bobs = book.issue_link("SHA256:bob", "bob")
    new = book.issue_link("SHA256:alice", "alice")
    with pytest.raises(SignInRefused, match="newer link"):
        book.redeem(old)
    assert book.who(book.redeem(new)).name == "alice"
    assert book.who(book.redeem(bobs)).name == "bob"


def test_an_unknown_token_signs_no_one_in(book):
    with pytest.raises(SignInRefused, match="not one this server gave"):
        book.redeem("made-up")
    assert book.who("made-up") is None
    assert book.who("") is None


def test_a_sign_in_lasts_its_lifetime_and_can_be_ended(book, clock):
    sign_in = book.redeem(book.issue_link("SHA256:alice", "alice"))
    clock.now += links.SIGN_IN_LIFETIME - 1
    assert book.who(sign_in) is not None
    clock.now += 2
    assert book.who(sign_in) is None
    other = book.redeem(book.issue_link("SHA256:alice", "alice"))
    book.sign_out(other)
    assert book.who(other) is None


def test_one_person_asking_again_and_again_pushes_out_no_one_elses_link(book, monkeypatch):
    monkeypatch.setattr(links, "MAX_LINKS", 10)
    bobs = book.issue_link("SHA256:bob", "bob")
    for _ in range(50):
        book.issue_link("SHA256:mallory", "mallory")
    assert len(book._links) <= 10
    assert book.who(book.redeem(bobs)).name == "bob"


def test_sign_ins_are_bounded(book, monkeypatch):
    monkeypatch.setattr(links, "MAX_SIGN_INS", 5)
    first = book.redeem(book.issue_link("SHA256:p0", "p0"))
    for i in range(1, 8):
        book.redeem(book.issue_link(f"SHA256:p{i}", f"p{i}"))
    assert len(book._sign_ins) == 5
    assert book.who(first) is None


def test_each_guest_is_a_person_of_their_own_whatever_the_name(book):
    one = book.who(book.sign_in_guest("alice", "10.0.0.1"))
    two = book.who(book.sign_in_guest("alice", "10.0.0.1"))
    assert one.name == two.name == "alice"
    assert one.person != two.person
    assert one.person.startswith(links.GUEST_PREFIX) and two.person.startswith("guest:")
    assert one.person not in ("open:alice", "alice")


def test_guests_per_address_are_bounded(book):
    for _ in range(links.GUESTS_PER_ADDRESS):
        book.sign_in_guest("g", "10.0.0.9")
    with pytest.raises(SignInRefused, match="Too many guests"):
        book.sign_in_guest("g", "10.0.0.9")
    assert book.who(book.sign_in_guest("g", "10.0.0.10")) is not None


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "Type a name"),
        ("   ", "Type a name"),
        (None, "Type a name"),
        ("x" * 25, "at most 24"),
        ("bad\x1b[2Jname", "punctuation only"),
        ("tab\u200bhere", "punctuation only"),
    ],
)
def test_a_guest_name_that_cannot_be_used_gets_one_sentence(text, words):
    with pytest.raises(SignInRefused, match=words):
        guest_name(text)


def test_a_guest_name_keeps_single_spaces():
    assert guest_name("  Ann   Lee ") == "Ann Lee"
