"""Who a web browser is: one-time links from the lobby, the sign-ins they open, and guests.

A person at an SSH session asks the lobby for a browser link. The link holds a one-time token,
valid for `LINK_LIFETIME` seconds and bound to that person; a person has one live link at a
time (asking again replaces the old one). Opening it signs that browser in: the server keeps a
new random sign-in id for the person (the browser keeps it in an HttpOnly cookie) and forgets
the link. With `--open`, a browser may instead sign in as a guest by a name: each guest is a
person of their own (``guest:`` and a random id), so no name typed on the page ever makes a
browser someone else.

Neither a link token nor a sign-in id is ever a table server token: the web front end asks the
table server for one of those per browser tab, as the SSH front end does per session. Everything
here is bounded: the links and sign-ins kept, and the guests one address may make. No I/O.
"""

from __future__ import annotations

import secrets
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from wish_tui.club.identity import GUEST_PREFIX
from wish_tui.server.ssh.keys import NAME_LIMIT, Person, clean_name

LINK_LIFETIME = 300.0
"""Seconds a browser link may be opened after it was given."""
SIGN_IN_LIFETIME = 12 * 3600.0
"""Seconds a browser stays signed in."""
MAX_LINKS = 1000
"""Live links kept at most (the oldest is forgotten first)."""
MAX_SIGN_INS = 2000
"""Sign-ins kept at most (the oldest is forgotten first)."""
GUESTS_PER_ADDRESS = 16
"""Live guest sign-ins one address may hold."""
LINK_PATH = "/link/"
"""Where a link's token is opened on the web server."""


class SignInRefused(ValueError):
    """A link or guest name that signs no one in; the message is one sentence for the page."""


@dataclass
class _Link:
    person: Person
    expires: float
    ended: str = ""
    """Why it no longer opens: '' (it does), 'used' or 'replaced'."""


@dataclass
class _SignIn:
    person: Person
    expires: float
    address: str
    guest: bool


def guest_name(text: str | None) -> str:
    """The name a guest typed, checked.

    Raises:
        SignInRefused: empty, too long or holding characters that are not printable.
    """
    name = " ".join((text or "").split())
    if not name:
        raise SignInRefused("Type a name to sit down as a guest.")
    if len(name) > NAME_LIMIT:
        raise SignInRefused(f"A name is at most {NAME_LIMIT} characters; choose a shorter one.")
    if clean_name(name) != name:
        raise SignInRefused("A name holds letters, digits, spaces and punctuation only.")
    return name


class SignIns:
    """The browser links given and the browsers signed in.

    Args:
        base_url: the address people open, e.g. ``http://127.0.0.1:8080`` (no trailing slash).
        clock: seconds, only ever compared (tests pass their own).
    """

    def __init__(self, base_url: str = "", clock: Callable[[], float] = time.monotonic) -> None:
        self.base_url = base_url.rstrip("/")
        self._clock = clock
        self._links: OrderedDict[str, _Link] = OrderedDict()
        self._live_link: dict[str, str] = {}
        """Per person, the token of their one live link."""
        self._sign_ins: OrderedDict[str, _SignIn] = OrderedDict()

    # -- links ---------------------------------------------------------------------------------
    def issue_link(self, person: str, name: str) -> str:
        """A new one-time token for `person`; their older link, if any, no longer opens."""
        self._forget_expired()
        old = self._live_link.pop(person, None)
        if old is not None and old in self._links:
            self._links[old].ended = "replaced"
        token = secrets.token_urlsafe(16)
        self._links[token] = _Link(Person(person, name), self._clock() + LINK_LIFETIME)
        self._live_link[person] = token
        while len(self._links) > MAX_LINKS:
            # A used or replaced link goes first: one person asking again and again for links
            # must not push out the live links of others.
            dropped = next((t for t, link in self._links.items() if link.ended), None)
            dropped = dropped or next(iter(self._links))
            link = self._links.pop(dropped)
            if self._live_link.get(link.person.person) == dropped:
                del self._live_link[link.person.person]
        return token

    @property
    def minutes(self) -> int:
        """How many minutes a link may be opened after it was given."""
        return int(LINK_LIFETIME // 60)

    def url_for(self, token: str) -> str:
        """The address a browser opens to use `token`."""
        return f"{self.base_url}{LINK_PATH}{token}"

    def redeem(self, token: str, address: str = "") -> str:
        """Use a link once: a new sign-in id for its person.

        Raises:
            SignInRefused: the link was used, has expired, or was never given here.
        """
        self._forget_expired()
        link = self._links.get(token)
        if link is None:
            raise SignInRefused(
                "This link is not one this server gave, or it expired long ago: ask the lobby "
                "of your SSH session for a new one (key b)."
            )
        if link.ended == "used":
            raise SignInRefused(
                "This link was used already (each opens once): ask the lobby of your SSH "
                "session for a new one (key b)."
            )
        if link.ended == "replaced":
            raise SignInRefused(
                "A newer link replaced this one: open the last link the lobby gave you."
            )
        if link.expires <= self._clock():
            raise SignInRefused(
                f"This link has expired (it is valid for {self.minutes} minutes): ask the lobby "
                "of your SSH session for a new one (key b)."
            )
        link.ended = "used"
        if self._live_link.get(link.person.person) == token:
            del self._live_link[link.person.person]
        return self._sign_in(link.person, address, guest=False)

    # -- sign-ins ------------------------------------------------------------------------------
    def sign_in_guest(self, text: str | None, address: str = "") -> str:
        """Sign a browser in as a new guest named `text` (with `--open`); a new sign-in id.

        Raises:
            SignInRefused: the name cannot be used, or `address` holds too many guests.
        """
        name = guest_name(text)
        self._forget_expired()
        held = sum(1 for s in self._sign_ins.values() if s.guest and s.address == address)
        if held >= GUESTS_PER_ADDRESS:
            raise SignInRefused(
                "Too many guests have signed in from your address; use a browser that is "
                "signed in already, or try again later."
            )
        person = Person(GUEST_PREFIX + secrets.token_hex(8), name)
        return self._sign_in(person, address, guest=True)

    def _sign_in(self, person: Person, address: str, guest: bool) -> str:
        sign_in = secrets.token_urlsafe(32)
        self._sign_ins[sign_in] = _SignIn(person, self._clock() + SIGN_IN_LIFETIME, address, guest)
        while len(self._sign_ins) > MAX_SIGN_INS:
            self._sign_ins.popitem(last=False)
        return sign_in

    def who(self, sign_in: str | None) -> Person | None:
        """The person a browser's sign-in id stands for, or None (unknown or expired)."""
        if not sign_in:
            return None
        entry = self._sign_ins.get(sign_in)
        if entry is None:
            return None
        if entry.expires <= self._clock():
            del self._sign_ins[sign_in]
            return None
        return entry.person

    def sign_out(self, sign_in: str | None) -> None:
        """Forget a browser's sign-in."""
        if sign_in:
            self._sign_ins.pop(sign_in, None)

    def _forget_expired(self) -> None:
        now = self._clock()
        # A used or expired link is kept until LINK_LIFETIME past its end, to say which it was.
        for token in [t for t, link in self._links.items() if link.expires + LINK_LIFETIME <= now]:
            link = self._links.pop(token)
            if self._live_link.get(link.person.person) == token:
                del self._live_link[link.person.person]
        for sign_in in [s for s, entry in self._sign_ins.items() if entry.expires <= now]:
            del self._sign_ins[sign_in]
