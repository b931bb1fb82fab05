"""The club's database: screen queries on a big club, bytes per finished game, and what several
nodes pay for leases and notices.

Run from the repository root:  python benchmarks/club.py [--games 10000] [--players 1000]
                               python benchmarks/club.py --database postgresql://USER@HOST/DB

Without --database every club is a SQLite file in a temporary folder. With it, the URL names any
database of a PostgreSQL server, as a user who may create databases: each part makes a scratch
database of its own there (wish_tui_bench_…) and drops it when it is done.

1. Bytes: four-seat Wish games played by random bots are stored exactly as the hub stores them
   (a table, one committed event per action, an undo now and then, the finish that compacts the
   events), in a fresh durable club; the database's size after VACUUM, less the empty club's,
   divided by the games. A record of 1,500 actions (real notation from those games, the length
   of a long game between people) is packed too, to show the worst case. Target <= 8 KB a game.
2. Queries: a club of --games finished games (two to four seats, people and bots, all three
   games; the records are real games replayed from a pool) and --players players; each screen
   query is timed as the median of many runs. Target <= 20 ms each (leaderboard, history page,
   player page). Filling the club inserts the events of each game in one statement (the hub's
   path appends them one by one, as measured in part 1), then finishes the table through the API.
3. Nodes: a lease taken, renewed, a heartbeat renewing 50 leases, the claimable tables; an action
   appended on node A to the notice on node B's listener (median, 95th); a whole four-seat game
   loaded from its rows (what taking a table over costs); with PostgreSQL, the takeover of a dead
   node's tables and a listener's reconnection after its connection is killed.

Figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import os
import queue
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from wish_tui import games
from wish_tui.club import SeatSpec, open_club
from wish_tui.club.store.record_codec import pack

RUNS = 200
POOL = 12
"""Real games per game and number of seats, replayed to fill the big club."""


class Clock:
    def __init__(self) -> None:
        self.now = 1_700_000_000_000

    def __call__(self) -> int:
        self.now += 250
        return self.now


def bot_game(game: str, seats: int, seed: int, rng: random.Random) -> tuple[list, list[str], dict]:
    """A game played by random choices: its seat names, actions in notation, final scores."""
    spec = games.get(game)
    names = list(spec.seats[:seats])
    state = spec.new_state(names, seed, "", spec.parse_options({}))
    actions = []
    while not state.is_over:
        action = rng.choice(state.legal_actions())
        actions.append(str(action))
        state = state.apply(action)
    return names, actions, state.final_scores()


SCRATCH = itertools.count(1)


@contextlib.contextmanager
def scratch_club(server: str | None):
    """Where a fresh club goes: open_club's arguments for a temporary folder (SQLite) or for a
    scratch database made on the PostgreSQL server of `server` (dropped afterwards)."""
    if server is None:
        with tempfile.TemporaryDirectory() as folder:
            yield {"data_dir": Path(folder)}
        return
    import psycopg

    name = f"wish_tui_bench_{os.getpid()}_{next(SCRATCH)}"
    with psycopg.connect(server, autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {name}")
    try:
        yield {"database": urlunsplit(urlsplit(server)._replace(path=f"/{name}"))}
    finally:
        with psycopg.connect(server, autocommit=True) as admin:
            admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def vacuumed_size(club) -> int:
    """The bytes the club's tables and indexes take once compacted."""
    if club.db.dialect.name == "sqlite":
        club.db.execute("VACUUM")
        return club.db.size()
    club.db.execute("VACUUM FULL")
    return club.db.scalar(
        "SELECT SUM(pg_total_relation_size(c.oid)) FROM pg_class c "
        "JOIN pg_namespace n ON n.oid = c.relnamespace "
        "WHERE n.nspname = current_schema() AND c.relkind = 'r'",
        default=0,
    )


def measure_bytes(count: int, server: str | None) -> None:
    rng = random.Random(1)
    with scratch_club(server) as place:
        club = open_club(**place, clock=Clock())
        people = [
            club.players.register(f"SHA256:{'p' * 30}{i:04d}", f"player {i}") for i in range(8)
        ]
        for level in ("random", "easy", "medium", "hard"):
            club.players.bot(level)
        empty = vacuumed_size(club)
        lengths, notation, append_ms = [], [], []
        spec = games.get("wish")
        for n in range(count):
            names = list(spec.seats)
            seated = rng.sample(people, 2)
            seats = [
                SeatSpec(names[0], "human", seated[0].id),
                SeatSpec(names[1], "human", seated[1].id),
                SeatSpec(names[2], "medium"),
                SeatSpec(names[3], "easy"),
            ]
            table = club.tables.create("wish", n + 1, seats, seated[0].id)
            state = spec.new_state(names, n + 1, "", spec.parse_options({}))
            history = [state]
            while not state.is_over:
                seat = state.current_player
                target = spec.rules.undo_target(history) if len(history) > 1 else None
                if target is not None and rng.random() < 0.02:
                    steps = len(history) - 1 - target
                    club.tables.append_undo(table.id, seat, table.seats[seat].player_id, steps)
                    del history[target + 1 :]
                    state = history[-1]
                    continue
                action = rng.choice(state.legal_actions())
                t0 = time.perf_counter()
                club.tables.append(table.id, seat, table.seats[seat].player_id, str(action))
                append_ms.append((time.perf_counter() - t0) * 1000)
                state = state.apply(action)
                history.append(state)
            club.finish(table.id, state.final_scores())
            lengths.append(len(history) - 1)
            notation.extend(club.history.archived(table.id).record.actions)
        used = vacuumed_size(club) - empty
        long_record = (notation * (1 + 1500 // len(notation)))[:1500]
        times, at = [], 0
        for _ in long_record:
            at += rng.randint(500, 60_000)  # half a second to a minute a decision
            times.append(at)
        packed = pack(long_record, times, 0, {}, [])
        scores = club.history.archived(1).scores
        club.close()
    per_game = used / count
    print(
        f"bytes: {count} four-seat Wish games of {min(lengths)}-{max(lengths)} actions "
        f"(median {statistics.median(lengths):.0f}): {used} bytes, "
        f"{per_game:.0f} bytes = {per_game / 1024:.2f} KB a finished game (target <= 8 KB)"
    )
    append_ms.sort()
    print(
        f"append (committed, durable): median {statistics.median(append_ms):.2f} ms, "
        f"95th {append_ms[int(len(append_ms) * 0.95)]:.2f} ms over {len(append_ms)} actions"
    )
    packed_scores = len(pack([], [], 0, scores, []))
    print(
        f"bytes: a packed record of {len(long_record)} actions takes {len(packed)} bytes "
        f"(+ its final scores, about {packed_scores} bytes packed alone)"
    )


SHAPES = [
    ("wish", 2),
    ("wish", 3),
    ("wish", 4),
    ("spirits", 2),
    ("spirits", 4),
    ("wishland", 3),
    ("wishland", 4),
]


def fill(club, game_count: int, player_count: int) -> dict:
    rng = random.Random(7)
    pool = {shape: [bot_game(*shape, seed, rng) for seed in range(1, POOL + 1)] for shape in SHAPES}
    with club.db.transaction():
        people = [
            club.players.register(f"SHA256:{'q' * 30}{i:05d}", f"member {i}").id
            for i in range(player_count)
        ]
    bots = ["random", "easy", "medium", "hard"]
    db = club.db
    for n in range(game_count):
        shape = SHAPES[n % len(SHAPES)]
        names, actions, scores = pool[shape][(n // len(SHAPES)) % POOL]
        humans = rng.randint(1, len(names))
        chosen = rng.sample(people, humans)
        seats = [
            SeatSpec(name, "human", chosen[i]) if i < humans else SeatSpec(name, rng.choice(bots))
            for i, name in enumerate(names)
        ]
        rng.shuffle(seats)
        with db.transaction():
            table = club.tables.create(shape[0], n, seats, chosen[0])
            at = db.clock()
            db.execute_many(
                "INSERT INTO table_events (table_id, seq, seat, player_id, notation, undo, at) "
                "VALUES (?, ?, ?, NULL, ?, 0, ?)",
                [(table.id, i + 1, 0, a, at + i) for i, a in enumerate(actions)],
            )
            outcomes = ["resigned" if rng.random() < 0.02 else "" for _ in names]
            club.finish(table.id, scores, outcomes=outcomes)
        if (n + 1) % 1000 == 0:
            print(f"  ... {n + 1} games", file=sys.stderr, flush=True)
    return {"people": people}


def timed(label: str, call, runs: int = RUNS, target: str = "") -> None:
    call()
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        call()
        times.append((time.perf_counter() - t0) * 1000)
    times.sort()
    print(
        f"{label}: median {statistics.median(times):.2f} ms, 95th {times[int(runs * 0.95)]:.2f} ms"
        f"{' (target <= ' + target + ')' if target else ''}"
    )


def measure_queries(game_count: int, player_count: int, server: str | None) -> None:
    with scratch_club(server) as place:
        club = open_club(**place, durable=False, clock=Clock())
        started = time.perf_counter()
        made = fill(club, game_count, player_count)
        filled = time.perf_counter() - started
        club.db.execute("ANALYZE")
        size = vacuumed_size(club)
        print(
            f"club: {game_count} finished games, {player_count} players, filled in {filled:.0f} s; "
            f"{size} bytes = {size / game_count:.0f} bytes a game (mixed seats and games)"
        )
        club.close()
        club = open_club(**place, read_only=True)
        someone = made["people"][len(made["people"]) // 2]
        medium = club.players.named("medium").id
        played = club.db.scalar("SELECT COUNT(*) FROM results WHERE player_id = ?", (someone,))
        bot_played = club.db.scalar("SELECT COUNT(*) FROM results WHERE player_id = ?", (medium,))
        ms = "20 ms"
        timed(
            "leaderboard wish, first page of 20",
            lambda: club.standings.leaderboard("wish"),
            target=ms,
        )
        timed(
            "leaderboard wish, page 20 of 20",
            lambda: club.standings.leaderboard("wish", page=19),
            target=ms,
        )
        timed("history, everyone's, first page of 20", lambda: club.history.page(), target=ms)
        timed("history, everyone's, page 100", lambda: club.history.page(page=99), target=ms)
        timed("history, one game", lambda: club.history.page(game="spirits"), target=ms)
        timed(
            f"history, one player's ({played} games)",
            lambda: club.history.page(player_id=someone),
            target=ms,
        )
        timed(
            "history, one player's in one game",
            lambda: club.history.page(player_id=someone, game="wish"),
            target=ms,
        )
        timed(
            f"player page, a member ({played} games)",
            lambda: club.standings.player_page(someone),
            target=ms,
        )
        timed(
            f"player page, the medium bot ({bot_played} games)",
            lambda: club.standings.player_page(medium),
            target=ms,
        )
        timed("game page, wish", lambda: club.standings.game_page("wish"), runs=50)
        timed("who holds a name", lambda: club.players.by_name("Member 500"))
        timed("a finished game's record, unpacked", lambda: club.history.archived(game_count // 2))
        club.close()


def percentiles(label: str, values_ms: list[float], target: str = "") -> None:
    values_ms = sorted(values_ms)
    print(
        f"{label}: median {statistics.median(values_ms):.2f} ms, "
        f"95th {values_ms[int(len(values_ms) * 0.95)]:.2f} ms over {len(values_ms)}"
        f"{' (target <= ' + target + ')' if target else ''}"
    )


GAME_SEED = 3


def a_live_table(club, person):
    """A four-seat Wish table of the seed `real_game` was played with."""
    names = list(games.get("wish").seats)
    seats = [SeatSpec(names[0], "human", person.id)] + [SeatSpec(n, "medium") for n in names[1:]]
    return club.tables.create("wish", GAME_SEED, seats, person.id)


def real_game() -> list[str]:
    """The actions of a four-seat Wish game of random bots (appends do not replay them; a load
    does)."""
    _, actions, _ = bot_game("wish", 4, GAME_SEED, random.Random(GAME_SEED))
    return actions


def measure_nodes(server: str | None) -> None:
    with scratch_club(server) as place:
        a = open_club(**place, node_id="node-a")
        b = open_club(**place, node_id="node-b") if server else a
        ann = a.players.register(f"SHA256:{'n' * 40}", "Ann")
        tables = [a_live_table(a, ann) for _ in range(51)]
        table = tables[0]
        for other in tables[1:]:
            a.cluster.take(other.id)
        a.cluster.beat()
        where = "PostgreSQL" if server else "SQLite"
        print(f"nodes ({where}{', two nodes' if server else ', one node'}):")
        timed("  lease take (held: a renewal)", lambda: a.cluster.take(table.id))
        timed("  lease renew", lambda: a.cluster.renew(table.id))
        timed("  heartbeat renewing 51 leases", lambda: a.cluster.beat())
        timed("  claimable tables", lambda: b.cluster.claimable())
        heard: queue.Queue = queue.Queue()
        listener = b.cluster.listen(lambda n: heard.put((time.perf_counter(), n)))
        if server:
            listener.wait_connected(30)
        latencies, commits = [], []
        real = real_game()
        last = 0
        for notation in real:
            t0 = time.perf_counter()
            last = a.tables.append(table.id, 0, ann.id, notation, after=last)
            t1 = time.perf_counter()
            while True:
                at, notice = heard.get(timeout=30)
                if notice.kind == "action" and notice.seq == last:
                    break
            commits.append((t1 - t0) * 1000)
            latencies.append((at - t0) * 1000)
        listener.close()
        percentiles("  append on node A, committed (after=N)", commits)
        percentiles("  append on node A to the notice on node B's listener", latencies)
        timed(
            f"  a table of {len(real)} actions loaded from its rows (replayed through the rules)",
            lambda: b.tables.load(table.id),
            runs=20,
        )
        if server:
            measure_takeover(place, a, b, ann)
        a.close()
        if b is not a:
            b.close()


def measure_takeover(place: dict, a, b, ann, count: int = 20, lease_ms: int = 2000) -> None:
    """Node D takes `count` tables with a short lease and dies (stops beating); node B takes them
    over as soon as they are claimable, polling every 100 ms; and a listener whose connection is
    killed reconnects and catches up."""
    dying = open_club(**place, node_id="node-dying", lease_ms=lease_ms)
    mine = [a_live_table(dying, ann) for _ in range(count)]
    for t in mine:
        dying.cluster.take(t.id)
    dying.cluster.beat()
    died = time.perf_counter()
    dying.close()  # no leave(): as if the process were killed
    taken: set[int] = set()
    while len(taken) < count and time.perf_counter() - died < 60:
        for table_id in b.cluster.claimable():
            lease = b.cluster.take(table_id)
            if lease is not None:
                b.tables.load(table_id)
                taken.add(table_id)
        time.sleep(0.1)
    print(
        f"  takeover: {len(taken)} tables of a node that died, taken and loaded by another "
        f"{time.perf_counter() - died:.2f} s after its last heartbeat (lease {lease_ms / 1000:g} s, "
        "polling every 0.1 s)"
    )
    reconnect = []
    for _ in range(5):
        listener = b.cluster.listen(lambda n: None)
        listener.wait_connected(30)
        listener.watch(mine[0].id, 0)
        pid = listener.backend_pid
        t0 = time.perf_counter()
        a.db.scalar("SELECT pg_terminate_backend(?)", (pid,))
        while listener.backend_pid == pid or not listener.is_connected:
            time.sleep(0.005)
        reconnect.append((time.perf_counter() - t0) * 1000)
        listener.close()
    percentiles("  listener killed to listening again and caught up", reconnect)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--players", type=int, default=1_000)
    parser.add_argument("--byte-games", type=int, default=40)
    parser.add_argument(
        "--database",
        metavar="URL",
        help="a PostgreSQL server to measure (postgresql://USER@HOST/DB, a user who may create "
        "databases); SQLite files without it",
    )
    parser.add_argument("--only", choices=("bytes", "queries", "nodes"), help="one part alone")
    args = parser.parse_args()
    if args.only in (None, "bytes"):
        measure_bytes(args.byte_games, args.database)
    if args.only in (None, "queries"):
        measure_queries(args.games, args.players, args.database)
    if args.only in (None, "nodes"):
        measure_nodes(args.database)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
