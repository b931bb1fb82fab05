"""Tournaments at a real table server: a Swiss and an arena whose members are played by bots.

Run from the repository root (under nice: it keeps both cores busy):

    nice -n 10 python benchmarks/tournament.py --server [--players 64] [--rounds 5] [--seats 4]
        [--arena-players 200] [--arena-minutes 10] [--arena-seats 2] [--arena-seconds S]
        [--pace SECONDS]

The table server (`Hub`, with every service `wish-tui serve` runs: the tournament runner pairing
every half second, the clocks, the lobby) runs in a child process on a new SQLite club; this
process connects one scripted session per member to its socket, as the session apps do. Each
member is a random bot: at its turn it plays one of the legal actions its seat's view offers, at
once (or after --pace seconds); when its table ends it goes back to the lobby, where the next pairing takes it. The keeper
makes and starts each tournament with `wish-tui club tournament`; the members enter from their
sessions (`tournament_join`).

1. Swiss of --players members, --rounds rounds, tables of --seats. Printed per round, from the
   server: the pairing (the entrants and results read, `swiss.pair_round`) and the whole round
   made (its tables opened, stored, told); the standings query (a member's `tournament` request
   to its page, round trip, median of 10). At the end, from the database: every table's result
   counted once (one finished game, one result and one rating change per seat). Targets:
   pairing <= 50 ms, standings <= 20 ms.
2. Arena of --arena-players members for --arena-minutes (--arena-seconds S: measure only the
   first S seconds, a quick run). Printed: the pairing latency after a table ends (a member's
   last table message of the ended game to its next table's first), median and 95th percentile;
   how often members who could have been paired together waited at once (a sample every 0.1 s:
   `seats` members each waiting longer than LONG_WAIT, as the members see it; and, from the
   server, the looks after which `seats` or more of the members free at that look were still
   left waiting); the server's pairings. Target: median <= 1 s, no such wait.

Figures are printed, never asserted.
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from wish_tui.club import open_club  # noqa: E402

READY = re.compile(r"'open (\w+)' sits you there")
"""A notice of a new table (a member in the middle of another game is only told so)."""
LONG_WAIT = 0.75
"""Seconds past which a member still waiting for a table counts as left waiting (the runner
looks as soon as a table ends, and every half second besides)."""


# -- the server, in a child process ----------------------------------------------------------------
def serve(folder: str, members: int, pipe) -> None:
    """The child: a table server on `folder`, one session token per member sent back; the
    server's pairing times sent back when asked, then it stops. With WISH_TUI_BENCH_PROFILE set
    to a file's path, the server runs under cProfile and its statistics are written there."""
    profile = os.environ.get("WISH_TUI_BENCH_PROFILE")
    if not profile:
        asyncio.run(_serve(Path(folder), members, pipe))
        return
    import cProfile

    cProfile.runctx(
        "asyncio.run(_serve(Path(folder), members, pipe))", globals(), locals(), profile
    )


async def _serve(folder: Path, members: int, pipe) -> None:
    from wish_tui.club.tournaments import swiss
    from wish_tui.server.hub import Hub
    from wish_tui.server.hub.page_reader import PageReader
    from wish_tui.server.hub.tournament_runner import TournamentRunner

    times = {"pair": [], "round": [], "arena": [], "left": [], "read": []}
    read_page = PageReader._call

    def timed_read(reader, fn, args):
        started = time.perf_counter()
        try:
            return read_page(reader, fn, args)
        finally:
            times["read"].append((time.perf_counter() - started) * 1000)

    PageReader._call = timed_read
    pair_round = swiss.pair_round
    round_of = TournamentRunner._swiss
    arena_of = TournamentRunner._arena
    opened_of = TournamentRunner._opened
    began = [0.0]

    def timed_pair(*args, **kwargs):
        pairing = pair_round(*args, **kwargs)
        times["pair"].append((time.perf_counter() - began[0]) * 1000)
        return pairing

    async def timed_round(runner, tournament, look):
        began[0] = time.perf_counter()
        paired = len(times["pair"])
        await round_of(runner, tournament, look)
        if len(times["pair"]) > paired:
            times["round"].append((time.perf_counter() - began[0]) * 1000)

    async def timed_arena(runner, tournament, look):
        opening = set(runner._opening.get(tournament.id, ()))
        groups = await arena_of(runner, tournament, look)
        seated = {p for table in groups for p in table}
        if look.free:  # who was free at this look (no table being opened) and is left waiting
            times["left"].append(sum(p not in seated and p not in opening for p in look.free))
        return groups

    async def timed_opened(runner, tournament, look, groups):
        started = time.perf_counter()
        await opened_of(runner, tournament, look, groups)
        times["arena"].append(((time.perf_counter() - started) * 1000, len(groups)))

    swiss.pair_round = timed_pair
    TournamentRunner._swiss = timed_round
    TournamentRunner._arena = timed_arena
    TournamentRunner._opened = timed_opened
    hub = Hub(folder, bot_pace=0.0, rate_limits={}, new_club=True)
    await hub.start()
    times["lag"] = []
    asyncio.get_running_loop().create_task(_lag(times["lag"]))
    pipe.send(
        [hub.register_session(f"SHA256:bench-member-{i:04d}", f"m{i:03d}") for i in range(members)]
        + [hub.register_session("SHA256:bench-watcher", "watcher")]
    )
    loop = asyncio.get_running_loop()
    while await loop.run_in_executor(None, pipe.recv) == "reads":
        pipe.send(times["read"])
    pipe.send({**times, "problems": hub.problems[-5:]})
    await hub.close()


async def _lag(lags: list[float]) -> None:
    """How late the hub's event loop wakes (ms past a 50 ms sleep): the least a request waits
    for its turn."""
    while True:
        started = time.perf_counter()
        await asyncio.sleep(0.05)
        lags.append((time.perf_counter() - started - 0.05) * 1000)


# -- a member played by a bot ------------------------------------------------------------------------
class Member:
    """A scripted session whose seat is played at random, at once; what it lived, with times."""

    def __init__(self, reader, writer, rng: random.Random, pace: float) -> None:
        self.reader, self.writer, self.rng, self.pace = reader, writer, rng, pace
        self.table = ""
        self.over: set[str] = set()
        """The tables it saw end (their late news is passed over)."""
        self.played: tuple[str, int] | None = None
        self.ended_at: float | None = None
        """When its last table ended (None: at a table, or not yet seated)."""
        self.latencies: list[float] = []
        self.pages: asyncio.Queue = asyncio.Queue()
        self.errors: list[str] = []

    @classmethod
    async def connect(cls, socket: str, token: str, name: str, rng, pace: float) -> Member:
        reader, writer = await asyncio.open_unix_connection(socket, limit=1 << 22)
        member = cls(reader, writer, rng, pace)
        member.send({"type": "hello", "token": token})
        welcome = json.loads(await reader.readline())
        if welcome.get("needs_name"):
            member.send({"type": "register", "name": name})
            welcome = json.loads(await reader.readline())
        assert welcome["type"] == "welcome", welcome
        member.send({"type": "lobby"})
        asyncio.get_running_loop().create_task(member._read())
        return member

    def send(self, message: dict) -> None:
        self.writer.write(json.dumps(message).encode() + b"\n")

    async def ask_page(self, tid: int) -> tuple[float, dict]:
        """The tournament's page as this member asks for it, and the round trip in ms."""
        started = time.perf_counter()
        self.send({"type": "tournament", "id": tid})
        shown = await self.pages.get()
        return (time.perf_counter() - started) * 1000, shown

    async def _read(self) -> None:
        while line := await self.reader.readline():
            message = json.loads(line)
            kind = message["type"]
            if kind == "table":
                self._table(message)
            elif kind == "page" and message.get("page") == "tournament":
                await self.pages.put(message)
            elif kind == "error":
                self.errors.append(message["error"])
            elif kind == "notice" and (ready := READY.search(message["text"])):
                self.send({"type": "open", "table": ready[1]})  # as a player does

    def _table(self, message: dict) -> None:
        if message["table"] in self.over:
            return
        if message["table"] != self.table:
            if self.ended_at is not None:
                self.latencies.append(time.perf_counter() - self.ended_at)
            self.table, self.ended_at, self.played = message["table"], None, None
        if message.get("ended"):
            self.over.add(self.table)
            self.ended_at = time.perf_counter()
            self.send({"type": "lobby"})  # back to the lobby: the next pairing takes it
            return
        choices = message["choices"]
        at = (self.table, message["actions"])
        if choices.get("deciding") and choices["actions"] and self.played != at:
            self.played = at
            action = self.rng.choice(choices["actions"])[0]
            play = {"type": "play", "table": self.table, "action": action, "expect": at[1]}
            asyncio.get_running_loop().call_later(self.pace, self.send, play)


# -- a watcher in a process of its own ---------------------------------------------------------------
def watch(folder: str, token: str, pipe) -> None:
    """The child: asks a tournament's page when told (`(tid, count)`), as someone outside the
    busy members would, and reads it as `wish-tui club tournament show ID --json` does; the
    times in ms sent back. None stops it."""
    asyncio.run(_watch(Path(folder), token, pipe))


async def _watch(folder: Path, token: str, pipe) -> None:
    from wish_tui.club.tournament_page import page

    loop = asyncio.get_running_loop()
    reader, writer = await asyncio.open_unix_connection(str(folder / "serve.sock"), limit=1 << 22)
    writer.write(json.dumps({"type": "hello", "token": token}).encode() + b"\n")
    if json.loads(await reader.readline()).get("needs_name"):
        writer.write(json.dumps({"type": "register", "name": "watcher"}).encode() + b"\n")
        await reader.readline()
    while (asked := await loop.run_in_executor(None, pipe.recv)) is not None:
        tid, count = asked
        asks, reads = [], []
        for _ in range(count):
            started = time.perf_counter()
            writer.write(json.dumps({"type": "tournament", "id": tid}).encode() + b"\n")
            while json.loads(await reader.readline()).get("page") != "tournament":
                pass
            asks.append((time.perf_counter() - started) * 1000)
        for _ in range(count):
            started = time.perf_counter()
            with open_club(folder, read_only=True) as club:
                json.dumps(page(club.tournaments, tid))
            reads.append((time.perf_counter() - started) * 1000)
        pipe.send((asks, reads))


class Watcher:
    """A process of its own that asks a tournament's page from outside the members' process."""

    def __init__(self, folder: Path, token: str) -> None:
        context = multiprocessing.get_context("spawn")
        self.pipe, child_end = context.Pipe()
        self.child = context.Process(
            target=watch, args=(str(folder), token, child_end), daemon=True
        )
        self.child.start()

    def ask(self, tid: int, count: int) -> tuple[list[float], list[float]]:
        """`count` round trips to the hub's page, then `count` reads as the keeper's command
        reads (the database opened, the page made and written as JSON); in ms."""
        self.pipe.send((tid, count))
        return self.pipe.recv()

    def close(self) -> None:
        self.pipe.send(None)
        self.child.join(10)
        if self.child.is_alive():
            self.child.kill()


# -- the keeper's commands ------------------------------------------------------------------------
def keeper(folder: Path, *words: str) -> str:
    """Run `wish-tui club tournament …` as the club's keeper; what it printed."""
    done = subprocess.run(
        [sys.executable, "-m", "wish_tui", "club", "tournament", *words],
        env={"WISH_TUI_DATA_DIR": str(folder), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    return done.stdout


def created(folder: Path, *words: str) -> int:
    return json.loads(keeper(folder, "create", *words, "--json"))["tournament"]["id"]


async def entered(
    folder: Path, tokens: list[str], tid: int, seed: int, pace: float
) -> list[Member]:
    """Every member connected, in the lobby, and entered in tournament `tid`."""
    socket = str(folder / "serve.sock")
    members = [
        await Member.connect(socket, token, f"m{i:03d}", random.Random(seed + i), pace)
        for i, token in enumerate(tokens)
    ]
    for member in members:
        member.send({"type": "tournament_join", "id": tid})
    for member in members:
        await member.pages.get()
    return members


class Server:
    """The child process's table server on a new club in a temporary folder."""

    def __init__(self, members: int) -> None:
        self._folder = tempfile.TemporaryDirectory()
        self.folder = Path(self._folder.name)
        context = multiprocessing.get_context("spawn")
        self.pipe, child_end = context.Pipe()
        self.child = context.Process(
            target=serve, args=(str(self.folder), members, child_end), daemon=True
        )
        self.child.start()
        *self.tokens, self.watcher_token = self.pipe.recv()

    def reads(self) -> list[float]:
        """The server's reads of pages so far (ms on its page thread)."""
        self.pipe.send("reads")
        return self.pipe.recv()

    def stop(self) -> dict:
        """Stop the server; its pairing times."""
        self.pipe.send("stop")
        times = self.pipe.recv()
        self.child.join(60)
        return times

    def close(self) -> None:
        if self.child.is_alive():
            self.child.kill()
            self.child.join()
        self._folder.cleanup()


def _median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def counted_once(folder: Path, tid: int) -> str:
    """From the database: each of the tournament's tables finished and counted once."""
    with open_club(folder) as club:
        db = club.db
        tables = db.scalar("SELECT COUNT(*) FROM tournament_tables WHERE tournament_id = ?", (tid,))
        byes = db.scalar(
            "SELECT COUNT(*) FROM tournament_tables WHERE tournament_id = ? AND table_id IS NULL",
            (tid,),
        )
        ended = db.scalar(
            "SELECT COUNT(*) FROM tournament_tables WHERE tournament_id = ? AND ended_at IS NOT "
            "NULL AND table_id IS NOT NULL",
            (tid,),
        )
        seats = sum(
            len(json.loads(row[0]))
            for row in db.rows(
                "SELECT players FROM tournament_tables WHERE tournament_id = ? AND table_id IS "
                "NOT NULL",
                (tid,),
            )
        )

        def per_table(name: str) -> tuple[int, int]:
            rows = db.rows(
                f"SELECT COUNT(x.table_id) FROM tournament_tables t LEFT JOIN {name} x ON "
                "x.table_id = t.table_id WHERE t.tournament_id = ? AND t.table_id IS NOT NULL "
                "GROUP BY t.table_id",
                (tid,),
            )
            return sum(r[0] for r in rows), len(rows)

        games, with_game = per_table("finished_games")
        results, _ = per_table("results")
        ratings, _ = per_table("rating_history")
        shown = json.loads(keeper(folder, "show", str(tid), "--json"))
        in_standings = sum(line["games"] for line in shown["standings"])
        status = shown["tournament"]["status"]
    once = games == with_game == ended and results == ratings == seats == in_standings
    return (
        f"  {status}: {tables - byes} tables (and {byes} byes), {ended} ended; finished games "
        f"{games}, results {results}, rating changes {ratings} for {seats} seats, games in the "
        f"standings {in_standings}: every table counted once: {once}"
    )


async def started(server: Server, pace: float, name: str, system: str, *settings: str):
    """The keeper's new tournament of Wish, every member in it, started; its id and members."""
    folder = server.folder
    tid = created(folder, name, "--game", "wish", "--system", system, *settings)
    members = await entered(folder, server.tokens, tid, 100 if system == "swiss" else 500, pace)
    keeper(folder, "start", str(tid))
    return tid, members


async def standings_queries(server: Server, watcher: Watcher, member: Member, tid: int) -> str:
    """The standings queried now, each way, medians of 10 in ms: a member's round trip (its
    process busy with every member's table), a watcher's from a process of its own, the
    server's read of the page on its thread, the keeper's command (and its reading alone)."""
    read_before = len(server.reads())
    runs = [(await member.ask_page(tid))[0] for _ in range(10)]
    asks, reads = await asyncio.get_running_loop().run_in_executor(None, watcher.ask, tid, 10)
    on_server = server.reads()[read_before:]
    commands = []
    for _ in range(3):
        started = time.perf_counter()
        keeper(server.folder, "show", str(tid), "--json")
        commands.append((time.perf_counter() - started) * 1000)
    return (
        f"standings query: a member {_median(runs):5.1f} ms, a watcher {_median(asks):5.1f} ms, "
        f"the server's read {_median(on_server):4.1f} ms; 'club tournament show --json' "
        f"{_median(commands):4.0f} ms (its read {_median(reads):4.1f} ms)"
    )


def refusals(members: list[Member], times: dict) -> None:
    errors = [e for m in members for e in m.errors]
    print(f"  refusals told to members: {len(errors)} {errors[:3]}; problems {times['problems']}")


async def swiss_at_server(players: int, rounds: int, seats: int, pace: float) -> None:
    server = Server(players)
    try:
        tid, members = await started(
            server, pace, "Bench Swiss", "swiss", "--rounds", str(rounds), "--seats", str(seats)
        )
        print(f"Swiss of {players} members at a real server, {rounds} rounds, tables of {seats}:")
        watcher = Watcher(server.folder, server.watcher_token)
        loop = asyncio.get_running_loop()
        began = time.perf_counter()
        told = 0
        samples: dict[int, tuple[list, list, list]] = {}
        while True:
            await asyncio.sleep(0.5)
            took, shown = await members[0].ask_page(tid)
            playing = [
                r["round"] for r in shown["rounds"] if not all(t["finished"] for t in r["tables"])
            ]
            if playing:  # one query each way, as someone following the round would ask
                asks, reads = await loop.run_in_executor(None, watcher.ask, tid, 1)
                member, watched, read = samples.setdefault(playing[-1], ([], [], []))
                member.append(took)
                watched.extend(asks)
                read.extend(reads)
            finished = [r for r in shown["rounds"] if all(t["finished"] for t in r["tables"])]
            for done in finished[told:]:
                member, watched, read = samples.get(done["round"], ([], [], []))
                print(
                    f"  round {done['round']} played ({time.perf_counter() - began:5.1f} s in); "
                    f"while its tables played, the standings query every 0.5 s (median of "
                    f"{len(member)}): a member {_median(member):5.1f} ms, a watcher "
                    f"{_median(watched):5.1f} ms, 'club tournament show --json' reading "
                    f"{_median(read):5.1f} ms"
                )
                told += 1
            if shown["tournament"]["status"] == "finished":
                break
        print(
            "  after the last round, " + await standings_queries(server, watcher, members[0], tid)
        )
        watcher.close()
        times = server.stop()
        lags = times["lag"]
        print(
            f"  the server's event loop woke late by a median {_median(lags):.1f} ms, 95th "
            f"percentile {_pct(lags, 0.95):.1f} ms (a sleep of 50 ms, {len(lags)} samples)"
        )
        for n, (pair, whole) in enumerate(zip(times["pair"], times["round"], strict=True), 1):
            print(f"  round {n}: pairing {pair:5.1f} ms; the round's tables opened and told "
                  f"{whole:6.1f} ms")  # fmt: skip
        print(counted_once(server.folder, tid))
        refusals(members, times)
    finally:
        server.close()


async def arena_at_server(
    players: int, minutes: int, seats: int, seconds: float, pace: float
) -> None:
    server = Server(players)
    try:
        tid, members = await started(
            server, pace, "Bench Arena", "arena", "--minutes", str(minutes), "--seats", str(seats)
        )
        whole = seconds >= minutes * 60
        print(
            f"Arena of {players} members at a real server, {minutes} minutes, tables of {seats}"
            + ("" if whole else f", the first {seconds:.0f} s measured")
            + ":"
        )
        began = time.perf_counter()
        samples = left_waiting = 0
        longest = 0.0
        while time.perf_counter() - began < min(seconds, minutes * 60):
            await asyncio.sleep(0.1)
            now = time.perf_counter()
            waits = [now - m.ended_at for m in members if m.ended_at is not None]
            samples += 1
            longest = max([longest, *waits])
            left_waiting += sum(w > LONG_WAIT for w in waits) >= seats
        if whole:
            while (await members[0].ask_page(tid))[1]["tournament"]["status"] != "finished":
                await asyncio.sleep(0.5)
        latencies = [x for m in members for x in m.latencies]
        query = [(await members[i].ask_page(tid))[0] for i in range(10)]
        times = server.stop()
        pairings = times["arena"]
        ended = sum(len(m.over) for m in members) // seats
        print(
            f"  pairing latency after a table ends: median {_median(latencies):.2f} s, "
            f"95th percentile {_pct(latencies, 0.95):.2f} s, longest wait {longest:.2f} s "
            f"({ended} tables ended, {len(latencies)} seats paired again after one)"
        )
        print(
            f"  {seats} or more members each waiting over {LONG_WAIT} s at once: {left_waiting} "
            f"of {samples} samples"
        )
        left = times["left"]
        print(
            f"  the server's looks that left {seats} or more free members waiting (who could "
            f"have sat together): {sum(n >= seats for n in left)} of {len(left)} looks with "
            f"someone free (most left at once: {max(left, default=0)})"
        )
        made = [ms for ms, _ in pairings]
        print(
            f"  the server paired {len(pairings)} times, {sum(n for _, n in pairings)} tables: "
            f"median {_median(made):.1f} ms a pairing (tables opened and told), longest "
            f"{max(made, default=float('nan')):.1f} ms; standings query "
            f"{statistics.median(query):.1f} ms (median of 10)"
        )
        if whole:
            print(counted_once(server.folder, tid))
        refusals(members, times)
    finally:
        server.close()
