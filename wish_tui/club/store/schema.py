"""The club's schema, as a chain of migrations: version N is every migration up to N, in order.

A migration is a small function of the open database, run in the transaction that records its
version in ``schema_version``; most only run SQL (`_run`). Its SQL is written for both
databases, with the few words they spell differently as ``{tokens}`` (`dialect.py`). Never edit a
migration that has shipped: add the next one. The tables, their columns and why each index exists
are described in docs/club.md.
"""

from __future__ import annotations

from collections.abc import Callable

from ..errors import DatabaseRefused

FORMAT = "wish_tui.club"
"""What ``club_meta`` says under 'format', so a database of another program is not taken."""

V1 = (
    """CREATE TABLE club_meta (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
    ){compact}""",
    """CREATE TABLE players (
        id {id},
        name TEXT NOT NULL,
        name_key TEXT UNIQUE,
        created_at {bigint} NOT NULL,
        seen_at {bigint},
        is_removed INTEGER NOT NULL DEFAULT 0,
        is_guest INTEGER NOT NULL DEFAULT 0,
        is_bot INTEGER NOT NULL DEFAULT 0,
        profile TEXT NOT NULL DEFAULT '',
        settings TEXT NOT NULL DEFAULT '{{}}'
    )""",
    """CREATE TABLE keys (
        fingerprint TEXT PRIMARY KEY,
        player_id {bigint} NOT NULL REFERENCES players (id),
        key_line TEXT NOT NULL,
        added_at {bigint} NOT NULL
    ){compact}""",
    "CREATE INDEX keys_by_player ON keys (player_id)",
    """CREATE TABLE tables (
        id {id},
        code TEXT NOT NULL UNIQUE,
        game TEXT NOT NULL,
        seed TEXT NOT NULL,
        solo TEXT NOT NULL DEFAULT '',
        options TEXT NOT NULL DEFAULT '{{}}',
        kind TEXT NOT NULL DEFAULT 'live' CHECK (kind IN ('live', 'turn')),
        clock TEXT NOT NULL DEFAULT '{{}}',
        owner_id {bigint} REFERENCES players (id),
        created_at {bigint} NOT NULL,
        finished_at {bigint}
    )""",
    "CREATE INDEX tables_unfinished ON tables (id) WHERE finished_at IS NULL",
    """CREATE TABLE table_seats (
        table_id {bigint} NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        name TEXT NOT NULL,
        who TEXT NOT NULL,
        player_id {bigint} REFERENCES players (id),
        zombie TEXT NOT NULL DEFAULT '',
        outcome TEXT NOT NULL DEFAULT '',
        clock_ms {bigint},
        seen_seq INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (table_id, seat)
    ){compact}""",
    "CREATE INDEX table_seats_by_player ON table_seats (player_id)",
    """CREATE TABLE table_events (
        table_id {bigint} NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        player_id {bigint} REFERENCES players (id),
        notation TEXT,
        undo INTEGER NOT NULL DEFAULT 0,
        at {bigint} NOT NULL,
        PRIMARY KEY (table_id, seq),
        CHECK ((notation IS NULL) = (undo > 0))
    ){compact}""",
    """CREATE TABLE table_chat (
        table_id {bigint} NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
        n INTEGER NOT NULL,
        player_id {bigint} REFERENCES players (id),
        text TEXT NOT NULL,
        at {bigint} NOT NULL,
        PRIMARY KEY (table_id, n)
    ){compact}""",
    """CREATE TABLE finished_games (
        table_id {bigint} PRIMARY KEY REFERENCES tables (id) ON DELETE CASCADE,
        game TEXT NOT NULL,
        seats INTEGER NOT NULL,
        solo TEXT NOT NULL DEFAULT '',
        finished_at {bigint} NOT NULL,
        rated INTEGER NOT NULL,
        record {blob} NOT NULL
    ){compact}""",
    "CREATE INDEX finished_by_time ON finished_games (finished_at, table_id)",
    "CREATE INDEX finished_by_game ON finished_games (game, finished_at, table_id)",
    """CREATE TABLE results (
        table_id {bigint} NOT NULL REFERENCES finished_games (table_id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        name TEXT NOT NULL,
        who TEXT NOT NULL,
        player_id {bigint} REFERENCES players (id),
        game TEXT NOT NULL,
        seats INTEGER NOT NULL,
        finished_at {bigint} NOT NULL,
        score INTEGER NOT NULL,
        place INTEGER NOT NULL,
        outcome TEXT NOT NULL DEFAULT '',
        PRIMARY KEY (table_id, seat)
    ){compact}""",
    "CREATE INDEX results_by_player ON results (player_id, finished_at, table_id)",
    "CREATE INDEX results_by_player_game ON results (player_id, game, finished_at, table_id)",
    "CREATE INDEX results_by_game ON results (game, seats, seat, name, who, place)",
    """CREATE TABLE ratings (
        player_id {bigint} NOT NULL REFERENCES players (id),
        game TEXT NOT NULL,
        mu {real} NOT NULL,
        sigma {real} NOT NULL,
        ordinal {real} NOT NULL,
        games INTEGER NOT NULL,
        updated_at {bigint} NOT NULL,
        PRIMARY KEY (player_id, game)
    ){compact}""",
    "CREATE INDEX ratings_board ON ratings (game, ordinal)",
    """CREATE TABLE rating_history (
        table_id {bigint} NOT NULL REFERENCES finished_games (table_id) ON DELETE CASCADE,
        player_id {bigint} NOT NULL REFERENCES players (id),
        game TEXT NOT NULL,
        at {bigint} NOT NULL,
        ordinal {real} NOT NULL,
        PRIMARY KEY (table_id, player_id)
    ){compact}""",
    "CREATE INDEX rating_trend ON rating_history (player_id, game, at)",
    """CREATE TABLE best_solo (
        player_id {bigint} NOT NULL REFERENCES players (id),
        game TEXT NOT NULL,
        setup TEXT NOT NULL,
        score INTEGER NOT NULL,
        table_id {bigint} REFERENCES tables (id),
        at {bigint} NOT NULL,
        games INTEGER NOT NULL,
        PRIMARY KEY (player_id, game, setup)
    ){compact}""",
    "CREATE INDEX best_solo_board ON best_solo (game, setup, score)",
    """CREATE TABLE invitations (
        id {id},
        table_id {bigint} NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
        from_id {bigint} NOT NULL REFERENCES players (id),
        to_id {bigint} NOT NULL REFERENCES players (id),
        created_at {bigint} NOT NULL,
        status TEXT NOT NULL DEFAULT 'open'
            CHECK (status IN ('open', 'accepted', 'declined', 'withdrawn')),
        UNIQUE (table_id, to_id)
    )""",
    "CREATE INDEX invitations_to ON invitations (to_id, status, created_at)",
    """CREATE TABLE imported_files (
        name TEXT PRIMARY KEY,
        table_id {bigint} REFERENCES tables (id) ON DELETE SET NULL,
        at {bigint} NOT NULL
    ){compact}""",
)
"""Version 1: players and their keys, tables with their seats, events and chat, finished games
with each seat's result, ratings and their history, best solo scores, invitations, imports."""


def _run(statements: tuple[str, ...]) -> Callable:
    def migrate(db) -> None:
        for statement in statements:
            db.execute_ddl(statement)

    return migrate


def _v1(db) -> None:
    """Create every table of the first version and mark the database as the club's."""
    _run(V1)(db)
    db.execute("INSERT INTO club_meta (key, value) VALUES (?, ?)", ("format", FORMAT))


V2 = (
    """CREATE TABLE nodes (
        id TEXT PRIMARY KEY,
        started_at {bigint} NOT NULL,
        beat_at {bigint} NOT NULL,
        expires_at {bigint} NOT NULL,
        info TEXT NOT NULL DEFAULT ''
    ){compact}""",
    """CREATE TABLE table_leases (
        table_id {bigint} PRIMARY KEY REFERENCES tables (id) ON DELETE CASCADE,
        node_id TEXT NOT NULL,
        epoch INTEGER NOT NULL,
        taken_at {bigint} NOT NULL,
        expires_at {bigint} NOT NULL
    ){compact}""",
    "CREATE INDEX table_leases_by_node ON table_leases (node_id, expires_at)",
)
"""Version 2: the nodes of a club that several `serve` processes share (their heartbeats) and
the lease each live table is run under. With SQLite (one machine) they stay empty."""


V3 = (
    """CREATE TABLE node_sessions (
        node_id TEXT NOT NULL,
        player_id {bigint} NOT NULL REFERENCES players (id),
        since {bigint} NOT NULL,
        PRIMARY KEY (node_id, player_id)
    ){compact}""",
)
"""Version 3: which players have a session on which node of a shared club, so every node shows
who is online wherever they connected. With SQLite (one machine) it stays empty."""


V4 = (
    "ALTER TABLE players ADD COLUMN muted TEXT NOT NULL DEFAULT '[]'",
    "ALTER TABLE players ADD COLUMN sanctions TEXT NOT NULL DEFAULT ''",
    "ALTER TABLE tables ADD COLUMN spectator_chat INTEGER NOT NULL DEFAULT 1",
)
"""Version 4: whose chat each member muted for themselves (a JSON list of player ids), what the
keeper did to a member ('mute', 'ban', both: comma-separated), and whether the spectators of a
table may chat (its players may turn it off)."""


V5 = ("ALTER TABLE players ADD COLUMN renamed_at {bigint}",)
"""Version 5: when a player last changed their own name (NULL: never), so they may change it
once in `players.RENAME_EVERY_DAYS` days."""


V6 = (
    """CREATE TABLE tournaments (
        id {id},
        name TEXT NOT NULL,
        system TEXT NOT NULL CHECK (system IN ('swiss', 'arena')),
        game TEXT NOT NULL,
        options TEXT NOT NULL DEFAULT '{{}}',
        seats INTEGER NOT NULL,
        kind TEXT NOT NULL DEFAULT 'live' CHECK (kind IN ('live', 'turn')),
        clock TEXT NOT NULL DEFAULT '{{}}',
        rounds INTEGER NOT NULL DEFAULT 0,
        minutes INTEGER NOT NULL DEFAULT 0,
        bots INTEGER NOT NULL DEFAULT 0,
        status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'running', 'finished')),
        round INTEGER NOT NULL DEFAULT 0,
        created_by {bigint} REFERENCES players (id),
        created_at {bigint} NOT NULL,
        started_at {bigint},
        ends_at {bigint},
        finished_at {bigint}
    )""",
    "CREATE INDEX tournaments_by_status ON tournaments (status, id)",
    """CREATE TABLE tournament_entrants (
        tournament_id {bigint} NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
        player_id {bigint} NOT NULL REFERENCES players (id),
        joined_at {bigint} NOT NULL,
        withdrawn INTEGER NOT NULL DEFAULT 0,
        free_since {bigint},
        PRIMARY KEY (tournament_id, player_id)
    ){compact}""",
    "CREATE INDEX tournament_entrants_by_player ON tournament_entrants (player_id)",
    """CREATE TABLE tournament_tables (
        tournament_id {bigint} NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
        n INTEGER NOT NULL,
        round INTEGER NOT NULL,
        table_id {bigint} UNIQUE REFERENCES tables (id) ON DELETE SET NULL,
        players TEXT NOT NULL,
        places TEXT NOT NULL DEFAULT '[]',
        no_shows TEXT NOT NULL DEFAULT '[]',
        created_at {bigint} NOT NULL,
        ended_at {bigint},
        PRIMARY KEY (tournament_id, n)
    ){compact}""",
    "CREATE INDEX tournament_tables_playing ON tournament_tables (tournament_id, n) "
    "WHERE ended_at IS NULL",
)
"""Version 6: tournaments (a Swiss of `rounds` rounds or an arena of `minutes`), who entered
each (withdrawn or not; in an arena, since when they wait for a table), and the tables each made
(a Swiss bye is a row with no table), with each player's place once the table ended."""


V7 = (
    "ALTER TABLE players ADD COLUMN alerts TEXT NOT NULL DEFAULT '{{}}'",
    """CREATE TABLE alert_queue (
        id {id},
        player_id {bigint} NOT NULL REFERENCES players (id),
        table_id {bigint} NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
        waiting_since {bigint} NOT NULL,
        channel TEXT NOT NULL CHECK (channel IN ('webhook', 'email')),
        target TEXT NOT NULL,
        body TEXT NOT NULL,
        created_at {bigint} NOT NULL,
        due_at {bigint} NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        sent_at {bigint},
        given_up_at {bigint},
        error TEXT NOT NULL DEFAULT '',
        UNIQUE (player_id, table_id, waiting_since)
    )""",
    "CREATE INDEX alert_queue_due ON alert_queue (due_at) "
    "WHERE sent_at IS NULL AND given_up_at IS NULL",
)
"""Version 7: how each member hears of a move waiting for them while away (`players.alerts`:
JSON, the webhook's URL and the note left when it was turned off), and the queue of alerts to
send, one per member, table and waiting period, retried with backoff."""


GAME_REVIEWS = (
    """CREATE TABLE game_reviews (
        table_id {bigint} NOT NULL REFERENCES finished_games (table_id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        review TEXT NOT NULL,
        made_at {bigint} NOT NULL,
        PRIMARY KEY (table_id, seat)
    ){compact}""",
)
"""The coach's reviews of finished games (`club.reviews`): one per game and seat reviewed, the
JSON of `core.review.Review`, made once at the server and read with the game's record. One new
table and nothing else, so it may take whichever version number comes next."""


V9 = (
    "ALTER TABLE players ADD COLUMN vacation_until {bigint}",
    "ALTER TABLE players ADD COLUMN vacation_days TEXT NOT NULL DEFAULT '{{}}'",
    "CREATE INDEX players_on_vacation ON players (vacation_until) WHERE vacation_until IS NOT NULL",
    """CREATE TABLE follows (
        player_id {bigint} NOT NULL REFERENCES players (id),
        other_id {bigint} NOT NULL REFERENCES players (id),
        kind TEXT NOT NULL CHECK (kind IN ('follow', 'block')),
        at {bigint} NOT NULL,
        PRIMARY KEY (player_id, other_id)
    ){compact}""",
    "CREATE INDEX follows_by_other ON follows (other_id, kind)",
)
"""Version 9: a member's vacation (`players.vacation_until`: when it ends, NULL: none;
`players.vacation_days`: JSON, the days taken in each year, by the year), and whom each member
follows or blocks (`follows`, one row per pair: a block replaces a follow)."""


V10 = (
    "ALTER TABLE players ADD COLUMN is_bot_member INTEGER NOT NULL DEFAULT 0",
    "ALTER TABLE players ADD COLUMN bot_token TEXT",
    "CREATE UNIQUE INDEX players_by_bot_token ON players (bot_token) WHERE bot_token IS NOT NULL",
)
"""Version 10: bot members, programs that play in the club through the bot protocol
(docs/bot-protocol.md): marked (`players.is_bot_member`), with the SHA-256 of the token they
sign in with over HTTP (`players.bot_token`; NULL: none), found by it through its index."""


SEEKS = (
    """CREATE TABLE seeks (
        id {id},
        player_id {bigint} NOT NULL REFERENCES players (id),
        game TEXT NOT NULL,
        seats INTEGER NOT NULL,
        kind TEXT NOT NULL,
        clock TEXT NOT NULL,
        low {real},
        high {real},
        bots_after INTEGER,
        since_ms {bigint} NOT NULL,
        rating {real} NOT NULL,
        node_id TEXT NOT NULL,
        takers TEXT NOT NULL DEFAULT '[]',
        table_code TEXT NOT NULL DEFAULT '',
        opened_ms {bigint}
    )""",
    "CREATE INDEX seeks_by_player ON seeks (player_id)",
)
"""Version 11: the members' seeks (`club.seek_store`), kept in the database so that every node
of a club lists and takes the same ones: one row a seek, its takers (JSON ids) and, once full,
the table it became. One new table and nothing else."""


V12 = ("ALTER TABLE table_chat ADD COLUMN actions INTEGER",)
"""Version 12: with each chat line, how many actions of its table came before it (NULL: a line
written before, placed by its time), so a table reopened after a restart shows the line where
it was said, even when it was said in the millisecond of an action."""


MIGRATIONS: tuple[Callable, ...] = (
    _v1,
    _run(V2),
    _run(V3),
    _run(V4),
    _run(V5),
    _run(V6),
    _run(V7),
    _run(GAME_REVIEWS),
    _run(V9),
    _run(V10),
    _run(SEEKS),
    _run(V12),
)
"""MIGRATIONS[n - 1] lifts a database from version n - 1 to version n."""
VERSION = len(MIGRATIONS)
"""The schema version this code writes; a database of a higher version is refused."""


def check_version(version, where: str) -> int:
    """The schema version read from a club database named `where`, once it is one this code can
    open (0 for an empty one).

    Raises:
        DatabaseRefused: no version is recorded, or a newer wish_tui wrote it (one sentence).
    """
    if not isinstance(version, int):
        raise DatabaseRefused(
            f"The club database {where} has no schema version, so it was left untouched; "
            "restore it from a backup or move it away to start a new club."
        )
    if version > VERSION:
        raise DatabaseRefused(
            f"The club database {where} was written by a newer wish_tui (schema version "
            f"{version}; this one knows up to {VERSION}), so it was left untouched; "
            "upgrade wish_tui to open it."
        )
    return version
