"""The club's players: people by their keys (or guests by name), their names, profiles, settings.

A person is their key's fingerprint; at the first login with an unknown key they choose a name
(`register`), and every later login with that key (or another key they added) finds them again
(`login`). Names are unique whatever their case (`limits.name_key`); the four bot levels are
players too, flagged as bots, so they can be rated. A removed player keeps their row, so every
game they played stays, shown as "removed player"; their keys and their name are freed.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime

from .errors import ClubError, InputRefused, NameTaken, NotFound
from .key_lines import parse_key_line
from .limits import BOT_NAMES, check_name, check_profile, check_settings, name_key, name_looks
from .rows import Key, Player
from .store.database import Database

COLUMNS = (
    "id, name, created_at, seen_at, is_guest, is_bot, is_removed, profile, settings, renamed_at, "
    "is_bot_member"
)
MAX_KEYS = 20
"""Keys one player may have."""
RENAME_EVERY_DAYS = 30
"""A player may change their own name once in this many days (the keeper's rename is free)."""
DAY_MS = 24 * 3600 * 1000
PAGE_MAX = 500


def player_from_row(row: tuple) -> Player:
    """A `Player` from a row of COLUMNS."""
    try:
        settings = json.loads(row[8])
    except ValueError:
        settings = {}
    return Player(
        id=row[0],
        name=row[1],
        created_at=row[2],
        seen_at=row[3],
        is_guest=bool(row[4]),
        is_bot=bool(row[5]),
        is_removed=bool(row[6]),
        profile=row[7],
        settings=settings if isinstance(settings, dict) else {},
        renamed_at=row[9],
        is_bot_member=bool(row[10]),
    )


class Players:
    """Players and their keys in one club database."""

    def __init__(self, db: Database) -> None:
        self.db = db

    # -- finding ---------------------------------------------------------------------------------
    def get(self, player_id: int) -> Player:
        """The player of that id (removed ones too).

        Raises:
            NotFound: no such player.
        """
        row = self.db.found(
            f"SELECT {COLUMNS} FROM players WHERE id = ?",
            (player_id,),
            f"There is no player {player_id}.",
        )
        return player_from_row(row)

    def by_name(self, name: str) -> Player | None:
        """Who holds a name now (whatever its case), or None."""
        row = self.db.one(f"SELECT {COLUMNS} FROM players WHERE name_key = ?", (name_key(name),))
        return None if row is None else player_from_row(row)

    def named(self, name: str) -> Player:
        """The player who holds `name`.

        Raises:
            NotFound: nobody holds it (one sentence naming it).
        """
        player = self.by_name(name)
        if player is None:
            raise NotFound(f"No player is called '{name[:40]}'.")
        return player

    def by_key(self, fingerprint: str) -> Player | None:
        """The player a key belongs to, or None for a key the club does not know."""
        row = self.db.one(
            f"SELECT {', '.join('p.' + c.strip() for c in COLUMNS.split(','))} "
            "FROM keys k JOIN players p ON p.id = k.player_id WHERE k.fingerprint = ?",
            (fingerprint,),
        )
        return None if row is None else player_from_row(row)

    def keys_of(self, player_id: int) -> list[Key]:
        """A player's keys, the first added first."""
        rows = self.db.rows(
            "SELECT fingerprint, player_id, key_line, added_at FROM keys WHERE player_id = ? "
            "ORDER BY added_at, fingerprint",
            (player_id,),
        )
        return [Key(*row) for row in rows]

    def bot(self, level: str) -> Player:
        """The rated player of a bot level (made on first use).

        Raises:
            InputRefused: not a bot level.
        """
        if level not in BOT_NAMES:
            raise InputRefused(f"'{level[:20]}' is not a bot level ({', '.join(BOT_NAMES)}).")
        row = self.db.one(
            f"SELECT {COLUMNS} FROM players WHERE name_key = ? AND is_bot = 1", (level,)
        ) or self.db.one(f"SELECT {COLUMNS} FROM players WHERE is_bot = 1 AND name = ?", (level,))
        if row is not None:
            return player_from_row(row)
        with self.db.transaction():
            # A level added later (expert) may find its name held by a person who took it
            # before it was reserved: the bot then goes without the name's key.
            held = self.db.one("SELECT id FROM players WHERE name_key = ?", (level,))
            player_id = self._insert(level, is_bot=True, keyed=held is None)
        return self.get(player_id)

    def page(self, page: int = 0, size: int = 100, include_removed: bool = False) -> list[Player]:
        """Players in order of arrival, `size` (at most PAGE_MAX) a page; bots left out."""
        size = max(1, min(size, PAGE_MAX))
        where = "is_bot = 0" + ("" if include_removed else " AND is_removed = 0")
        rows = self.db.rows(
            f"SELECT {COLUMNS} FROM players WHERE {where} ORDER BY id LIMIT ? OFFSET ?",
            (size, max(0, page) * size),
        )
        return [player_from_row(r) for r in rows]

    # -- arriving --------------------------------------------------------------------------------
    def login(self, fingerprint: str) -> Player | None:
        """The player of a key that logs in (their last visit noted), or None: a newcomer, who
        chooses a name next (`register`)."""
        player = self.by_key(fingerprint)
        if player is not None:
            self.note_seen(player.id)
        return player

    def note_seen(self, player_id: int) -> None:
        """Note that the player is here now (their "last seen")."""
        with self.db.transaction():
            self.db.execute(
                "UPDATE players SET seen_at = ? WHERE id = ?", (self.db.clock(), player_id)
            )

    def register(self, key_line_or_fingerprint: str, name: str) -> Player:
        """A newcomer's first login: a player called `name` with this key.

        Args:
            key_line_or_fingerprint: the public key line, or only its ``SHA256:`` fingerprint
                (what an SSH login gives).

        Raises:
            InputRefused: the name is malformed (`limits.check_name`), or the key is not a key.
            NameTaken: someone holds the name.
            ClubError: the key belongs to a player already.
        """
        fingerprint, line = _key(key_line_or_fingerprint)
        clean = check_name(name)
        with self.db.transaction():
            self._refuse_known_key(fingerprint)
            self._refuse_taken(clean)
            self._refuse_look_alike(clean)
            player_id = self._insert(clean)
            self._add_key(player_id, fingerprint, line)
        return self.get(player_id)

    def register_bot_member(self, name: str, key_line: str = "") -> Player:
        """A bot member the keeper makes: called `name`, with the key it logs in with over SSH
        (`key_line`, optional: a token serves over HTTP).

        Raises:
            InputRefused, NameTaken, ClubError: as for `register`.
        """
        clean = check_name(name)
        fingerprint, line = _key(key_line) if key_line else ("", "")
        with self.db.transaction():
            if fingerprint:
                self._refuse_known_key(fingerprint)
            self._refuse_taken(clean)
            self._refuse_look_alike(clean)
            player_id = self._insert(clean)
            self.db.execute("UPDATE players SET is_bot_member = 1 WHERE id = ?", (player_id,))
            if fingerprint:
                self._add_key(player_id, fingerprint, line)
        return self.get(player_id)

    def guest(self, name: str) -> Player:
        """The guest called `name` (admitted by name with `serve --open`), made on first visit.

        Raises:
            InputRefused: a malformed name.
            NameTaken: a player with keys (or a bot) holds the name.
        """
        clean = check_name(name)
        with self.db.transaction():
            held = self.by_name(clean)
            if held is not None and not held.is_guest:
                raise NameTaken(
                    f"'{clean}' is the name of a player of this club; connect with another name."
                )
            self._refuse_look_alike(clean, held.id if held is not None else None)
            player_id = self._insert(clean, is_guest=True) if held is None else held.id
            self.db.execute(
                "UPDATE players SET seen_at = ? WHERE id = ?", (self.db.clock(), player_id)
            )
        return self.get(player_id)

    def add_key(self, player_id: int, key_line: str) -> Key:
        """Add a key a player pasted from their profile (so they log in with either).

        Raises:
            InputRefused: not a public key line, or too many keys.
            ClubError: the key belongs to a player already (this one or another).
        """
        fingerprint, line = parse_key_line(key_line)
        with self.db.transaction():
            player = self.get(player_id)
            if player.is_removed or player.is_bot or player.is_guest:
                raise ClubError("Only a player with a key of their own can add keys.")
            self._refuse_known_key(fingerprint)
            if len(self.keys_of(player_id)) >= MAX_KEYS:
                raise InputRefused(f"A player has at most {MAX_KEYS} keys; remove one first.")
            self._add_key(player_id, fingerprint, line)
        return next(k for k in self.keys_of(player_id) if k.fingerprint == fingerprint)

    def remove_key(self, player_id: int, fingerprint: str) -> None:
        """Take a key from a player.

        Raises:
            ClubError: not their key, or their last one (they could never log in again).
        """
        with self.db.transaction():
            keys = self.keys_of(player_id)
            if not any(k.fingerprint == fingerprint for k in keys):
                raise ClubError("That key is not one of yours.")
            if len(keys) == 1:
                raise ClubError("That is your only key; add another before removing it.")
            self.db.execute("DELETE FROM keys WHERE fingerprint = ?", (fingerprint,))

    # -- changing --------------------------------------------------------------------------------
    def rename(self, player_id: int, new_name: str, *, by_player: bool = False) -> Player:
        """Give a player another name (their games follow them).

        Args:
            by_player: the player renames themselves (from their profile): refused within
                RENAME_EVERY_DAYS of their last own rename, and noted. The keeper's rename is not.

        Raises:
            InputRefused, NameTaken: as for `register`; or too soon after their last rename.
            ClubError: a removed player, a bot, or (by the player) a guest.
        """
        clean = check_name(new_name)
        with self.db.transaction():
            player = self.get(player_id)
            if player.is_removed or player.is_bot or (by_player and player.is_guest):
                raise ClubError(f"{player.shown} cannot be renamed.")
            now = self.db.clock()
            if by_player:
                self._refuse_too_soon(player, now)
            held = self.by_name(clean)
            if held is not None and held.id != player_id:
                raise NameTaken(f"'{clean}' is taken; choose another name.")
            self._refuse_look_alike(clean, player_id)
            self.db.execute(
                "UPDATE players SET name = ?, name_key = ? WHERE id = ?",
                (clean, name_key(clean), player_id),
            )
            if by_player:
                self.db.execute("UPDATE players SET renamed_at = ? WHERE id = ?", (now, player_id))
        return self.get(player_id)

    def renamed_again_at(self, player: Player) -> int | None:
        """When a player may next change their own name (None: now)."""
        if player.renamed_at is None:
            return None
        return player.renamed_at + RENAME_EVERY_DAYS * DAY_MS

    def _refuse_too_soon(self, player: Player, now: int) -> None:
        again = self.renamed_again_at(player)
        if again is not None and now < again:
            day = datetime.fromtimestamp(again / 1000, UTC).strftime("%Y-%m-%d")
            raise InputRefused(
                f"A name may be changed once in {RENAME_EVERY_DAYS} days; you may change yours "
                f"again from {day} (UTC)."
            )

    def remove(self, player_id: int) -> Player:
        """Remove a player: their keys and name are freed, their games stay ("removed player").

        Raises:
            ClubError: a bot, or a player removed already.
        """
        with self.db.transaction():
            player = self.get(player_id)
            if player.is_bot or player.is_removed:
                raise ClubError(f"{player.shown} cannot be removed.")
            self.db.execute("DELETE FROM keys WHERE player_id = ?", (player_id,))
            self.db.execute(
                "UPDATE players SET is_removed = 1, name_key = NULL WHERE id = ?", (player_id,)
            )
        return self.get(player_id)

    def set_profile(self, player_id: int, text: str) -> Player:
        """Set a player's profile text ('' clears it).

        Raises:
            InputRefused: too long (`limits.check_profile`).
        """
        clean = check_profile(text)
        with self.db.transaction():
            self.get(player_id)
            self.db.execute("UPDATE players SET profile = ? WHERE id = ?", (clean, player_id))
        return self.get(player_id)

    def set_settings(self, player_id: int, changes: dict) -> Player:
        """Change some of a player's settings (the others stay).

        Raises:
            InputRefused: an unknown setting or a value of the wrong type.
        """
        given = check_settings(changes)
        with self.db.transaction():
            settings = {**self.get(player_id).settings, **given}
            self.db.execute(
                "UPDATE players SET settings = ? WHERE id = ?",
                (json.dumps(settings, sort_keys=True), player_id),
            )
        return self.get(player_id)

    # -- inside ----------------------------------------------------------------------------------
    def _insert(
        self, name: str, is_guest: bool = False, is_bot: bool = False, keyed: bool = True
    ) -> int:
        now = self.db.clock()
        key = name_key(name) if keyed else None
        row = self.db.one(
            "INSERT INTO players (name, name_key, created_at, seen_at, is_guest, is_bot) "
            "VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
            (name, key, now, None if is_bot else now, int(is_guest), int(is_bot)),
        )
        return row[0]

    def _add_key(self, player_id: int, fingerprint: str, line: str) -> None:
        self.db.execute(
            "INSERT INTO keys (fingerprint, player_id, key_line, added_at) VALUES (?, ?, ?, ?)",
            (fingerprint, player_id, line, self.db.clock()),
        )

    def _refuse_known_key(self, fingerprint: str) -> None:
        owner = self.by_key(fingerprint)
        if owner is not None:
            raise ClubError(f"That key belongs to {owner.shown} already.")

    def _refuse_look_alike(self, name: str, own_id: int | None = None) -> None:
        """Refuse a name that can be taken for another player's (UTS #39 skeletons)."""
        looks = name_looks(name)
        rows = self.db.rows(
            "SELECT id, name FROM players WHERE name_key IS NOT NULL AND id <> ?",
            (-1 if own_id is None else own_id,),
        )
        for _, other in rows:
            if name_looks(other) & looks:
                raise NameTaken(
                    f"'{name}' looks like the name of another player ({other}); choose a name "
                    "that looks different."
                )

    def _refuse_taken(self, name: str) -> None:
        if self.by_name(name) is not None:
            raise NameTaken(f"'{name}' is taken; choose another name.")


def _key(text: str) -> tuple[str, str]:
    """(fingerprint, key line) from a key line or a bare ``SHA256:`` fingerprint."""
    if isinstance(text, str) and text.startswith("SHA256:") and " " not in text.strip():
        fingerprint = text.strip()
        if not 8 <= len(fingerprint) <= 80 or not fingerprint.isprintable():
            raise InputRefused("That is not the fingerprint of a key.")
        return fingerprint, ""
    return parse_key_line(text)
