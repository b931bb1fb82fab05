"""Keys of `wish-tui serve`: the server's host key, the people's keys it admits, and their names.

The host key is ``ssh_host_ed25519_key`` in the data directory: created on the first start with
mode 0600 and reused after; a key that cannot be read, is not a private key, or that others may
read or change stops the start with one sentence (a host key others can read lets them pose as
this server).

The admitted keys are an OpenSSH ``authorized_keys`` file (``serve-authorized_keys`` in the data
directory unless named): one public key a line, ``TYPE BASE64 COMMENT``. A line that is not one
(options such as ``from=`` included: they would be ignored, so the line is not trusted) is skipped
with a warning naming its number. The file is read again when it changes, so a friend's key can be
added while the server runs. A person is their key's SHA256 fingerprint; their name in the log is
the key's comment, else the name they logged in with. A newcomer is offered the key's comment as
their club name only when it names someone: not the login name, which `ssh -p PORT host` sends
unasked (the local account: root, pi), nor ssh-keygen's default comment 'USER@HOST' (the same
account, and the machine's name).
"""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import asyncssh

from wish_tui import files
from wish_tui.club.identity import OPEN_PREFIX
from wish_tui.core.excerpt import excerpt
from wish_tui.core.text import plain_text

HOST_KEY_NAME = "ssh_host_ed25519_key"
AUTHORIZED_KEYS_NAME = "serve-authorized_keys"
HOST_KEY_LIMIT = 64 * 1024
"""The largest host key file read (an ed25519 key is about 400 bytes)."""
KEYS_FILE_LIMIT = 1024 * 1024
"""The largest authorized keys file read (some thousands of keys)."""
NAME_LIMIT = 24
"""The most characters of a person's name."""


class KeyProblem(Exception):
    """A host key or keys file the server cannot start with; the message is one sentence."""


@dataclass(frozen=True)
class Person:
    """Who sits down: the same `person` on every connection, and the name shown at the table."""

    person: str
    """A key's fingerprint (``SHA256:…``) or ``open:NAME``: what the table server seats."""
    name: str
    """Printable, 1 to `NAME_LIMIT` characters: the name the server's log shows."""
    offered: str = ""
    """The name the table server is told: a guest's own name with `--open`, a member's, or the
    name offered to a newcomer with a key ('' offers none)."""


def clean_name(text: str | None) -> str:
    """`text` made a name: unprintable characters dropped, spaces joined, cut to `NAME_LIMIT`."""
    if not text:
        return ""
    return " ".join(plain_text(text).split())[:NAME_LIMIT].strip()


def open_person(username: str | None) -> Person | None:
    """The person who logs in as `username` with `--open`, or None for an unusable name.

    The name is the whole identity here, so it is never cut to fit: a name longer than
    `NAME_LIMIT` or holding an unprintable character is refused, so two names never become one
    person. Runs of spaces are one space.
    """
    name = " ".join((username or "").split())
    if not name or len(name) > NAME_LIMIT or clean_name(name) != name:
        return None
    return Person(OPEN_PREFIX + name, name, name)


def key_person(fingerprint: str, comment: str, username: str | None) -> Person:
    """The person who logs in with the key of `fingerprint`, named by its comment or user name."""
    named = clean_name(comment)
    name = named or clean_name(username) or f"key {fingerprint[7:15]}"
    return Person(fingerprint, name, "" if is_user_at_host(named) else named)


def is_user_at_host(comment: str) -> bool:
    """True for a key comment of ssh-keygen's default shape, 'USER@HOST' (one word, one @)."""
    user, at, host = comment.partition("@")
    return bool(at) and " " not in comment and "@" not in host


# The host key


def _read_private(path: Path) -> bytes:
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags)
    except (OSError, ValueError, UnicodeError) as exc:
        raise KeyProblem(f"the host key {path} {files.refusal(exc)}") from None
    try:
        info = os.fstat(fd)
        problem = files.kind_problem(info.st_mode)
        if problem:
            raise KeyProblem(f"the host key {path} {problem}")
        if info.st_mode & 0o077:
            raise KeyProblem(
                f"the host key {path} may be read or changed by others (mode "
                f"{stat.S_IMODE(info.st_mode):04o}); run 'chmod 600 {path}' and start again"
            )
        if info.st_size > HOST_KEY_LIMIT:
            raise KeyProblem(f"the host key {path} is too large to be a key")
        return os.read(fd, HOST_KEY_LIMIT + 1)
    except OSError as exc:
        raise KeyProblem(f"the host key {path} {files.refusal(exc)}") from None
    finally:
        os.close(fd)


def _create_host_key(path: Path) -> None:
    key = asyncssh.generate_private_key("ssh-ed25519", comment="wish-tui serve host key")
    data = key.export_private_key()
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            os.fchmod(fd, 0o600)
            os.write(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
        # A link never replaces a key that another start made in the meantime.
        with contextlib.suppress(FileExistsError):
            os.link(temporary, path)
    except OSError as exc:
        raise KeyProblem(
            f"the host key {path} cannot be created: it {files.refusal(exc)}"
        ) from None
    finally:
        with contextlib.suppress(OSError):
            os.unlink(temporary)


def load_host_key(data_dir: Path) -> tuple[asyncssh.SSHKey, Path]:
    """Return the server's host key and its path, creating it on the first start.

    Raises:
        KeyProblem: the key cannot be made or read, is not a private key, or others may read it.
    """
    path = Path(data_dir) / HOST_KEY_NAME
    if not files.exists(path):
        _create_host_key(path)
    data = _read_private(path)
    try:
        key = asyncssh.import_private_key(data)
    except (asyncssh.KeyImportError, ValueError, TypeError):
        raise KeyProblem(
            f"the host key {path} is not an unencrypted private key; move it away and start "
            "again to make a new one"
        ) from None
    return key, path


# The authorized keys


@dataclass(frozen=True)
class _Entry:
    fingerprint: str
    comment: str


def _parse(text: str, path: Path, warn: Callable[[str], None]) -> dict[bytes, _Entry]:
    entries: dict[bytes, _Entry] = {}
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        try:
            key = asyncssh.import_public_key(line)
        except (asyncssh.KeyImportError, ValueError, TypeError, UnicodeError):
            warn(
                f"{path} line {number} is not a public key in the form 'TYPE BASE64 COMMENT' "
                f"(options such as from= are not supported), so it is skipped: {excerpt(line)}"
            )
            continue
        comment = key.get_comment_bytes() or b""
        entries.setdefault(
            key.public_data,
            _Entry(key.get_fingerprint("sha256"), comment.decode("utf-8", "replace")),
        )
    return entries


def how_to_add(path: Path) -> str:
    """The command that admits one's own key: a friend runs it, or sends the line to append."""
    return f"cat ~/.ssh/id_ed25519.pub >> {path}"


class AuthorizedKeys:
    """The public keys admitted, read from an OpenSSH authorized_keys file again when it changes."""

    def __init__(self, path: Path, warn: Callable[[str], None]) -> None:
        self.path = Path(path)
        self._warn = warn
        self._entries: dict[bytes, _Entry] = {}
        self._stamp: tuple | None = None

    def __len__(self) -> int:
        return len(self._entries)

    def load(self) -> None:
        """Read the file (at start).

        Raises:
            KeyProblem: the file is missing or unreadable; the sentence says how to make it.
        """
        try:
            self._read()
        except files.FileRefused as exc:
            if not files.exists(self.path):
                raise KeyProblem(
                    f"the authorized keys file {self.path} does not exist; make it with a line "
                    f"for each player's public key (yours: '{how_to_add(self.path)}'), or start "
                    "with --open on a trusted network"
                ) from None
            raise KeyProblem(f"the authorized keys file {self.path} {exc}") from None

    def _stamp_now(self) -> tuple | None:
        try:
            info = os.stat(self.path)
        except (OSError, ValueError):
            return None
        return (info.st_ino, info.st_size, info.st_mtime_ns)

    def _read(self) -> None:
        self._stamp = self._stamp_now()
        data = files.read_regular(self.path, KEYS_FILE_LIMIT)
        self._entries = _parse(data.decode("utf-8", "replace"), self.path, self._warn)

    def _refresh(self) -> None:
        if self._stamp_now() == self._stamp:
            return
        try:
            self._read()
        except files.FileRefused as exc:
            # A removed file admits no one: deleting it is how a host turns everyone away.
            self._entries = {}
            self._warn(f"the authorized keys file {self.path} {exc}; no key is admitted")

    also: Callable[[str], str | None] | None = None
    """Other keys admitted: fingerprint -> the name of its player, or None (the club's keys,
    which players add from their profile)."""

    def lookup(self, key: asyncssh.SSHKey, username: str | None) -> Person | None:
        """The person of `key` when the file (or `also`) admits it, else None."""
        self._refresh()
        entry = self._entries.get(key.public_data)
        if entry is None:
            if self.also is not None:
                fingerprint = key.get_fingerprint("sha256")
                name = self.also(fingerprint)
                if name:
                    return Person(fingerprint, name, name)
            return None
        return key_person(entry.fingerprint, entry.comment, username)
