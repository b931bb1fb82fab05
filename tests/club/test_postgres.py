"""The club in PostgreSQL: made in an empty database, refused in one sentence when the database is
another program's, newer, or out of reach, never changed when refused, migrated once when two
nodes start at once; and the same schema and migrations as the SQLite file."""

from __future__ import annotations

import threading

import pytest

from wish_tui.cli import main
from wish_tui.club import DatabaseRefused, DatabaseUnreachable, SeatSpec, open_club
from wish_tui.club.store import schema

from .conftest import Clock, assert_read_only, people

CLUB_TABLES = {
    "club_meta",
    "schema_version",
    "players",
    "keys",
    "tables",
    "table_seats",
    "table_events",
    "table_chat",
    "finished_games",
    "results",
    "ratings",
    "rating_history",
    "best_solo",
    "invitations",
    "imported_files",
    "nodes",
    "table_leases",
    "node_sessions",
    "tournaments",
    "tournament_entrants",
    "tournament_tables",
    "alert_queue",
    "game_reviews",
    "follows",
    "seeks",
}


def one_sentence(message: str) -> bool:
    return "\n" not in message and message.endswith(".") and message.count(". ") == 0


def test_both_databases_get_the_same_tables_and_versions(club):
    names = {r[0] for r in club.db.rows(club.db.dialect.catalog)}
    assert names >= CLUB_TABLES
    assert not {n for n in names - CLUB_TABLES if not n.startswith("sqlite_")}
    versions = [r[0] for r in club.db.rows("SELECT version FROM schema_version ORDER BY version")]
    assert versions == list(range(1, schema.VERSION + 1))
    assert club.db.scalar("SELECT value FROM club_meta WHERE key = 'format'") == schema.FORMAT


def columns(club) -> dict[str, list[str]]:
    if club.db.dialect.name == "sqlite":
        return {t: [r[1] for r in club.db.rows(f"PRAGMA table_info({t})")] for t in CLUB_TABLES}
    rows = club.db.rows(
        "SELECT table_name, column_name FROM information_schema.columns "
        "WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position"
    )
    found: dict[str, list[str]] = {}
    for table, column in rows:
        found.setdefault(table, []).append(column)
    return found


def test_the_schema_has_the_same_columns_in_both(tmp_path, postgres_url):
    with open_club(tmp_path) as lite, open_club(database=postgres_url) as pg:
        assert columns(lite) == columns(pg)
        assert set(columns(pg)) == CLUB_TABLES


def test_a_club_of_version_1_is_migrated_keeping_its_players(tmp_path, database, monkeypatch):
    with monkeypatch.context() as old:
        old.setattr(schema, "MIGRATIONS", schema.MIGRATIONS[:1])
        old.setattr(schema, "VERSION", 1)
        first = open_club(tmp_path, database=database, clock=Clock())
        with first.db.transaction():  # as version 1 wrote a player (later columns unknown)
            ann_id = first.db.one(
                "INSERT INTO players (name, name_key, created_at) VALUES ('Ann', 'ann', 1) "
                "RETURNING id"
            )[0]
        assert "table_leases" not in {r[0] for r in first.db.rows(first.db.dialect.catalog)}
        first.close()
    again = open_club(tmp_path, database=database, clock=Clock())
    try:
        assert again.db.scalar("SELECT MAX(version) FROM schema_version") == schema.VERSION
        assert again.players.by_name("ann").id == ann_id
        assert again.db.scalar("SELECT COUNT(*) FROM table_leases") == 0
    finally:
        again.close()


def test_a_club_of_version_11_keeps_its_chat_lines_without_their_places(
    tmp_path, database, monkeypatch
):
    """Version 12 keeps with each chat line how many actions came before it; a line written
    before reads as not knowing it (None), and is placed by its time as it was."""
    with monkeypatch.context() as old:
        old.setattr(schema, "MIGRATIONS", schema.MIGRATIONS[:11])
        old.setattr(schema, "VERSION", 11)
        first = open_club(tmp_path, database=database, clock=Clock())
        (ann,) = people(first, "Ann")
        seats = [SeatSpec("air", "human", ann.id), SeatSpec("water", "random")]
        table_id = first.tables.create("wish", 1, seats, ann.id).id
        with first.db.transaction():
            first.db.execute(
                "INSERT INTO table_chat (table_id, n, player_id, text, at) "
                "VALUES (?, 1, ?, 'hello', 5)",
                (table_id, ann.id),
            )
        first.close()
    again = open_club(tmp_path, database=database, clock=Clock())
    try:
        assert again.db.scalar("SELECT MAX(version) FROM schema_version") == schema.VERSION
        (line,) = again.tables.chat_lines(table_id)
        assert (line.text, line.at, line.actions) == ("hello", 5, None)
    finally:
        again.close()


def test_another_programs_database_is_refused_and_untouched(postgres_url):
    import psycopg

    with psycopg.connect(postgres_url, autocommit=True) as other:
        other.execute("CREATE TABLE notes (text TEXT)")
        other.execute("INSERT INTO notes VALUES ('mine')")
    with pytest.raises(DatabaseRefused) as refused:
        open_club(database=postgres_url)
    assert "another program" in str(refused.value) and one_sentence(str(refused.value))
    with psycopg.connect(postgres_url) as other:
        tables = other.execute(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'"
        ).fetchall()
        assert tables == [("notes",)]


def test_a_newer_schema_is_refused_and_left_as_it_is(postgres_url):
    club = open_club(database=postgres_url)
    with club.db.transaction():
        club.db.execute("INSERT INTO schema_version (version, applied_at) VALUES (99, 0)")
    club.close()
    with pytest.raises(DatabaseRefused) as refused:
        open_club(database=postgres_url)
    message = str(refused.value)
    assert "newer wish_tui" in message and "99" in message and "\n" not in message
    import psycopg

    with psycopg.connect(postgres_url) as raw:
        versions = raw.execute("SELECT version FROM schema_version ORDER BY version").fetchall()
    assert versions == [(v,) for v in range(1, schema.VERSION + 1)] + [(99,)]


def test_a_server_out_of_reach_is_one_sentence_without_the_password(tmp_path):
    url = f"postgresql://ann:secret99@/club?host={tmp_path}&port=5999"
    with pytest.raises(DatabaseRefused) as refused:
        open_club(database=url)
    message = str(refused.value)
    assert "cannot be reached" in message and "postgresql://ann@/club" in message
    assert "secret99" not in message and "\n" not in message


@pytest.mark.parametrize(
    ("database", "words"),
    [
        ("mysql://ann@db/club", "not a PostgreSQL URL"),
        ("postgresql://ann@db:port/club", "cannot be read"),
    ],
)
def test_what_is_not_a_postgresql_url_is_refused(database, words):
    with pytest.raises(DatabaseRefused) as refused:
        open_club(database=database)
    assert words in str(refused.value) and "\n" not in str(refused.value)


def test_reading_an_empty_database_says_there_is_no_club_and_makes_none(postgres_url):
    with pytest.raises(DatabaseRefused) as refused:
        open_club(database=postgres_url, read_only=True)
    assert "no club" in str(refused.value)
    club = open_club(database=postgres_url)  # still empty: made now, from version 0
    try:
        assert club.db.scalar("SELECT COUNT(*) FROM players") == 0
    finally:
        club.close()


def test_a_club_opened_to_read_changes_nothing(postgres_url):
    club = open_club(database=postgres_url)
    people(club, "Ann")
    club.close()
    assert_read_only(open_club(database=postgres_url, read_only=True))


def test_a_lost_connection_is_one_sentence_and_the_next_call_connects_again(postgres_url):
    club = open_club(database=postgres_url)
    try:
        people(club, "Ann")
        pid = club.db.scalar("SELECT pg_backend_pid()")
        with open_club(database=postgres_url) as other:
            assert other.db.scalar("SELECT pg_terminate_backend(?)", (pid,)) is True
        with pytest.raises(DatabaseUnreachable) as lost:
            club.players.by_name("Ann")
        assert "was lost" in str(lost.value) and "\n" not in str(lost.value)
        assert club.players.by_name("Ann") is not None
        assert club.db.scalar("SELECT pg_backend_pid()") != pid
    finally:
        club.close()


def test_two_nodes_starting_at_once_on_an_empty_database_migrate_it_once(postgres_url):
    opened, failed = [], []
    start = threading.Barrier(3)

    def node() -> None:
        start.wait()
        try:
            opened.append(open_club(database=postgres_url))
        except Exception as exc:
            failed.append(exc)

    threads = [threading.Thread(target=node) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    try:
        assert failed == [] and len(opened) == 3
        assert opened[0].db.scalar("SELECT COUNT(*) FROM schema_version") == schema.VERSION
        assert opened[0].db.scalar("SELECT COUNT(*) FROM club_meta") == 1
    finally:
        for club in opened:
            club.close()


def test_the_keepers_command_reads_a_postgresql_club(postgres_url, capsys):
    club = open_club(database=postgres_url)
    people(club, "Ann", "Bob")
    club.close()
    assert main(["club", "--database", postgres_url, "rename", "Bob", "Robert"]) == 0
    capsys.readouterr()
    assert main(["club", "--database", postgres_url, "players", "--json"]) == 0
    import json

    shown = json.loads(capsys.readouterr().out)
    assert [p["name"] for p in shown["players"]] == ["Ann", "Robert"]
