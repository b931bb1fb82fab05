"""`wish-tui serve` under load: many SSH sessions on loopback, some of them two to a table, playing.

Run: python benchmarks/serve.py [--sessions 16] [--playing N] [--actions 12] [--think 2]
                                [--apps-per-process 20 | --fresh] [--churn N] [--profile DIR]
     nice -n 5 python benchmarks/serve.py --sessions 1000 --playing 160   (a club event: 80 tables)
     python benchmarks/serve.py ... --hub-profile FILE   (cProfile of the hub, seating and playing)
     python benchmarks/serve.py ... --loop-parts   (the hub's loop thread's time by callback, playing)
     python benchmarks/serve.py ... --idle 30   (30 s of quiet in the lobby, and after the playing)


     python benchmarks/serve.py ... --gc-times   (the hosts' cyclic collections, by generation)
     python benchmarks/serve.py --playing 8 --streams DIR   (what the players' terminals got)
     python benchmarks/serve.py --nodes 2 --database postgresql://USER@HOST:PORT/DATABASE [...]

Starts the real server in this process (the table server, the session pool and the SSH front
end, each session running its own `wish-tui client` app on its own pseudo-terminal, up to
`--apps-per-process` of them in one process forked from the pool; with --fresh each app starts
as a fresh process instead), connects the sessions
one after another with asyncssh's client, opens a table of Wish for each pair of the first
`--playing` sessions and plays (the others stay in the lobby): the person whose decision it is
thinks, as a person does (`--think`, 2 s on average, from half to one and a half times that, so
the tables do not move in step), then presses a key, and the time until the *other* person's
screen receives its change is measured.

Prints (the parts are in benchmarks/serve_sessions.py, the people; serve_measure.py, what is
read of the processes; serve_nodes.py, node A of a two-node run):
- sessions refused (a connection refused, or no lobby shown within 30 s), and the machine's load
  average at the start and end of the logins, the seating and the playing;
- login to the lobby's first frame, measured from outside: from asyncssh's connect until the
  lobby's text reaches the client (median and 95th percentile; target: median <= 150 ms);
- memory as people pay for it, from /proc/PID/smaps_rollup: the unique set size (USS: the pages
  only that process holds) and the proportional set size (PSS: its share of every page) of the
  apps' processes: what each session after the first adds to them in the lobby (target: USS <=
  10 MB per extra session), per process, in all with the pool and after playing, and what the
  server process itself grew by per session;
- keypress to the change on the other person's screen: median and 95th percentile
  (target: median <= 50 ms, p95 <= 150 ms on a 2-core machine);
- the processor time each game action costs, in the session apps, in the server (this process:
  the hub, its SSH front end, its database thread) and, apart, in the benchmark's SSH clients,
  which run on a thread and event loop of their own (`serve_sessions.People`), and the hub's
  answers to what the benchmark asks of it (whose turn, the seat's view: no real client asks
  them), and the processor time the apps and this process spent while the tables were seated (the lobby's news
  of each);
- bytes sent to each client per game action;
- with `--churn N`, after the playing: N more sessions, one after another, each reaching the
  lobby, opening the new-table form, going back and leaving, as people come and go, and what
  the apps' processes held after them beside before (an app that ends must leave nothing).

With `--nodes 2 --database URL` (an empty PostgreSQL database, or one this benchmark filled
before), the club is in that database and two nodes share it: node B is the table server of this
process with its own SSH front end, node A a `wish-tui serve --database URL` process of its own,
with its own. The sessions alternate between the two front ends, and each table is opened by a
person on node A (so node A runs it) and joined by one on node B. It also prints:
- keypress on node A to the change on node B's screen, and the other way (median and 95th
  percentile; target: median <= 80 ms on loopback);
- the takeover: node A is killed (SIGKILL, its whole process group), and the time until node B
  runs each of its tables (their bots and clocks), for its lease of LEASE_MS (target: <= 10 s).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import pickle
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

import asyncssh

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.hub_profile import HubProfile  # noqa: E402
from benchmarks.loop_parts import LoopParts  # noqa: E402
from benchmarks.serve_gc import GcTimes  # noqa: E402
from benchmarks.serve_idle import Quiet, settles  # noqa: E402
from benchmarks.serve_measure import (  # noqa: E402
    cpu_seconds,
    load_average,
    mb,
    memory_kb,
    memory_line,
    percentile,
    session_pids,
    thread_seconds,
    uss_kb,
)
from benchmarks.serve_nodes import CLIENT, NodeProcess, takeover  # noqa: E402
from benchmarks.serve_sessions import (  # noqa: E402
    LOBBY,
    People,
    Player,
    come_and_go,
    connect,
    leave,
    play_table,
    seat_pair,
)
from benchmarks.spy import Spies, split  # noqa: E402
from wish_tui.club import LEASE_MS  # noqa: E402
from wish_tui.server.hub import Hub  # noqa: E402
from wish_tui.server.pool.link import SessionPool  # noqa: E402
from wish_tui.server.ssh.front import FrontEnd, Limits  # noqa: E402
from wish_tui.session_app import POOLED_CLIENT  # noqa: E402


def progress(line: str) -> None:
    """Say how far the run has got (on standard error: a long run can be followed)."""
    print(
        f"{time.strftime('%H:%M:%S')} {line} (load {load_average()})", file=sys.stderr, flush=True
    )


async def main(
    sessions: int,
    playing: int,
    actions: int,
    fresh: bool,
    nodes: int,
    database: str,
    think: float = 2.0,
    apps_per_process: int = 20,
    churn: int = 0,
    profile: str = "",
    hub_profile: str = "",
    streams: str = "",
    loop_parts: bool = False,
    idle: float = 0.0,
    gc_times: bool = False,
) -> None:
    collections = GcTimes() if gc_times else None
    data = Path(tempfile.mkdtemp())
    os.environ["WISH_TUI_DATA_DIR"] = str(data)
    hub = Hub(data, bot_pace=0.0, rate_limits={}, database=database or None)
    await hub.start()
    node_a = await NodeProcess.start(database, sessions) if nodes == 2 else None
    host_key = asyncssh.generate_private_key("ssh-ed25519")
    # A session waits in the lobby while the tables before its own are seated: at 1,000
    # sessions that is longer than the server's half hour without a key (Limits.idle_timeout).
    limits = Limits(
        max_connections=sessions + 4, max_per_address=sessions + 4, idle_timeout=6 * 3600.0
    )
    pool = None
    if not fresh:
        pool = await SessionPool.begin_app(
            POOLED_CLIENT,
            max_children=sessions + 4,
            max_per_group=sessions + 4,
            apps_per_host=apps_per_process,
            log=print,
        )
        if pool is None or not await pool.ready():
            raise SystemExit("the session pool did not start")
    Player.record = bool(streams)
    front = FrontEnd(hub, host_key, None, data, limits, CLIENT, log=lambda line: None, pool=pool)
    await front.start("127.0.0.1", 0)
    people = People()
    server_before = memory_kb(os.getpid())[0]

    players = []
    refused: list[str] = []
    one_session = 0
    loads = {"logins": [load_average()]}
    for i in range(sessions):
        on_a = node_a is not None and i % 2 == 0  # each pair: the first on node A
        try:
            player = await people.run(connect(node_a.port if on_a else front.port, f"p{i:03d}"))
            player.node = "A" if on_a else "B"
            await people.run(player.see(LOBBY))
        except (OSError, asyncssh.Error, TimeoutError) as exc:
            refused.append(f"p{i:03d}: {exc}")
            continue
        players.append(player)
        if not one_session and not on_a:
            await asyncio.sleep(1.0)
            one_session = uss_kb(session_pids(pool))
    logins = [(p.lobby_at - p.connecting) * 1000 for p in players if p.lobby_at is not None]
    loads["logins"].append(load_average())
    progress(
        f"{len(players)} sessions in the lobby, {len(refused)} refused; login median "
        f"{statistics.median(logins or [0]):.0f} ms, p95 {percentile(logins, 0.95):.0f} ms"
    )
    await asyncio.sleep(2.0)
    on_b = sum(1 for p in players if p.node == "B")
    app_pids = session_pids(pool)
    lobby_memory = memory_line("memory of each process of apps in the lobby", app_pids)
    server_growth = (memory_kb(os.getpid())[0] - server_before) / max(1, sessions)
    pool_memory = memory_kb(pool.pid) if pool is not None else None
    apps_uss = uss_kb(app_pids)
    per_extra = (apps_uss - one_session) / max(1, on_b - 1)
    whole_then = apps_uss + (memory_kb(pool.pid)[0] if pool is not None else 0)
    progress(f"the apps and the pool in all: {mb(whole_then / max(1, on_b))} per session")
    quiet = Quiet(pool, people)
    if idle:
        await quiet.measure("all in the lobby", idle, settles(len(players))[0], len(players))
        progress("quiet in the lobby measured")

    latencies: list[float] = []
    traffic: list[tuple[int, int]] = []
    pairs = [(players[i], players[i + 1]) for i in range(0, min(playing, sessions) - 1, 2)]
    hub_profiler = HubProfile(Path(hub_profile)) if hub_profile else None
    if hub_profiler is not None:
        hub_profiler.start()
    loads["seating"] = [load_average()]
    marks = {"seating": [time.time()]}
    seating_cpu = cpu_seconds(session_pids(pool)), cpu_seconds([os.getpid()])
    seating_started = time.perf_counter()
    tables = []
    for a, b in pairs:
        tables.append(await people.run(seat_pair(hub, a, b, people.ask)))
        if len(tables) % 10 == 0:
            progress(f"{len(tables)} tables seated")
    seating = time.perf_counter() - seating_started
    loads["seating"].append(load_average())
    seating_cpu = (
        cpu_seconds(session_pids(pool)) - seating_cpu[0],
        cpu_seconds([os.getpid()]) - seating_cpu[1],
    )
    loads["playing"] = [load_average()]
    marks["seating"].append(time.time())
    marks["playing"] = [time.time()]
    started = time.perf_counter()
    app_pids = session_pids(pool)
    cpu_before = cpu_seconds(app_pids), cpu_seconds([os.getpid()]), people.cpu_seconds()
    asked_before = people.asked_seconds
    seated = {p for pair in pairs for p in pair}
    chunks_before = {p.name: len(p.chunks) for p in players}
    threads_before = thread_seconds()
    spies = Spies(Path(profile)) if profile else None
    loop_counted = LoopParts() if loop_parts else None
    if loop_counted is not None:
        loop_counted.start()
    if spies is not None:
        spies.start({**{pid: "apps" for pid in app_pids}, os.getpid(): "server"})
    quiet.mark("playing")
    rng = random.Random(1)
    for a, b in pairs:
        for player in (a, b):
            if player.recording is not None:
                player.recording.append((time.perf_counter(), b"", b"playing"))
    await asyncio.gather(
        *(
            people.run(play_table(table, a, b, actions, latencies, traffic, think, rng, people.ask))
            for table, (a, b) in zip(tables, pairs, strict=True)
        )
    )
    elapsed = time.perf_counter() - started
    quiet.mark("after the playing")

    marks["playing"].append(time.time())
    loads["playing"].append(load_average())
    if spies is not None:
        spies.stop()
    if hub_profiler is not None:
        hub_profiler.stop()
    loop_time = loop_counted.stop() if loop_counted is not None else 0.0
    cpu_apps = cpu_seconds(app_pids) - cpu_before[0]
    cpu_people = people.cpu_seconds() - cpu_before[2]
    cpu_asked = people.asked_seconds - asked_before
    cpu_server = cpu_seconds([os.getpid()]) - cpu_before[1] - cpu_people - cpu_asked
    by_thread = thread_seconds()
    by_thread.subtract(threads_before)
    del by_thread["people"]
    by_thread["MainThread"] -= cpu_asked
    after_playing = uss_kb(session_pids(pool))
    chunks = {
        at_table: sum(
            len(p.chunks) - chunks_before[p.name] for p in players if (p in seated) == at_table
        )
        for at_table in (True, False)
    }
    total_actions = sum(t.actions for t in tables)
    played = sum(n for _, n in traffic)
    received = sum(b for b, _ in traffic)
    if streams:
        keep_streams(Path(streams), pairs)
    if idle:
        await quiet.measure(
            f"{len(pairs)} tables seated, after the playing",
            idle,
            settles(len(players))[1],
            len(players),
        )
    churned = await people.run(come_and_go(front.port, churn, pool)) if churn else None
    taken: list[float] = []
    if node_a is not None:
        taken = await takeover(hub, node_a, tables)
    await people.run(leave(players))
    people.close()
    await front.close()
    await hub.close()
    problems = list(hub.problems)
    node_a_logins, node_a_log = node_a.log_lines() if node_a is not None else (0, [])
    if node_a is not None:
        await node_a.close()
    if pool is not None:
        await pool.close()
    shutil.rmtree(data, ignore_errors=True)

    how = (
        "each app a fresh process"
        if fresh
        else f"apps forked from the session pool, up to {apps_per_process} a process"
    )
    where = " on two nodes sharing the club in PostgreSQL" if node_a is not None else ""
    print(
        f"{sessions} sessions{where} ({how}), {len(pairs)} tables playing, {total_actions} "
        f"actions in {elapsed:.0f} s"
    )
    print(
        f"{len(refused)} sessions refused or never shown the lobby"
        + (f" (the first: {refused[0]})" if refused else "")
        + f"; {len(pairs)} tables seated one after another in {seating:.0f} s"
    )
    print(
        f"processor time while seating: {seating_cpu[0]:.0f} s in the apps (at the tables and in "
        f"the lobby), {seating_cpu[1]:.0f} s in this process"
    )
    print(
        "the machine's load average (1 minute) at the start and end of each part: "
        + ", ".join(f"{part} {a} to {b}" for part, (a, b) in loads.items())
    )
    if node_a is not None:
        print("(the memory figures below are node B's sessions only)")
    print(
        f"login to the lobby's first frame: median {statistics.median(logins):.0f} ms, "
        f"p95 {percentile(logins, 0.95):.0f} ms over {len(logins)} sessions "
        "(target: median <= 150 ms)"
    )
    done = [p for p in players if p.lobby_at is not None]
    if done:
        parts = [
            ("keys exchanged and signed in", [p.connected - p.connecting for p in done]),
            ("the terminal opened", [p.opened - p.connected for p in done]),
            ("the app to its lobby", [p.lobby_at - p.opened for p in done]),
        ]
        print(
            "  of which, medians: "
            + ", ".join(f"{what} {statistics.median(t) * 1000:.0f} ms" for what, t in parts)
        )
    print(
        f"USS of the apps per extra session in the lobby: {mb(per_extra)} (the apps' processes "
        f"held {mb(one_session)} with one session, {mb(apps_uss)} with {on_b}; "
        "target: <= 10 MB per extra session)"
    )
    print(lobby_memory)
    if pool_memory is not None:
        print(f"the session pool itself (once): USS {mb(pool_memory[0])}, PSS {mb(pool_memory[1])}")
    whole = apps_uss + (pool_memory[0] if pool_memory else 0)
    print(
        f"the apps{' and the pool' if pool_memory else ''} in all: USS {mb(whole)}, "
        f"{mb(whole / max(1, on_b))} per session"
    )
    print(
        f"after playing, the apps' processes: USS {mb(after_playing)}, "
        f"{mb(after_playing / max(1, on_b))} per session"
    )
    print(
        f"this process (the server, and the benchmark's SSH clients) grew by {mb(server_growth)} "
        "of USS per session"
    )
    if churned is not None:
        before, half, after = churned
        second = churn - churn // 2
        print(
            f"{churn} sessions came and went: the apps' processes held {mb(before)} before them, "
            f"{mb(half)} after the first {churn // 2}, {mb(after)} after all "
            f"({mb((after - half) / second)} per session of the last {second})"
        )
    if latencies and node_a is None:
        times = [ms for _, ms in latencies]
        print(
            f"keypress to the other screen: median {statistics.median(times):.0f} ms, "
            f"p95 {percentile(times, 0.95):.0f} ms over {len(times)} actions "
            "(target: median <= 50 ms, p95 <= 150 ms)"
        )
    for seat, label, target in (
        (0, "node A to node B's", " (target: median <= 80 ms)"),
        (1, "node B to node A's", ""),
    ):
        times = [ms for pressed, ms in latencies if pressed == seat]
        if node_a is not None and times:
            print(
                f"keypress on {label} screen: median {statistics.median(times):.0f} ms, "
                f"p95 {percentile(times, 0.95):.0f} ms over {len(times)} actions{target}"
            )
    if node_a is not None:
        if taken:
            print(
                f"node A killed: node B runs its tables after median {statistics.median(taken):.1f} s, "
                f"max {max(taken):.1f} s ({len(taken)} tables; lease {LEASE_MS / 1000:.0f} s; "
                "target: <= 10 s)"
            )
        else:
            print("node A killed: node B took none of its tables over within 120 s")
    if latencies and total_actions:
        print(
            f"processor time per game action: {cpu_apps / total_actions * 1000:.1f} ms in the "
            f"apps (at the tables and in the lobby), {cpu_server / total_actions * 1000:.1f} ms "
            "in the server (this process but for the benchmark's SSH clients' thread, which took "
            f"{cpu_people / total_actions * 1000:.1f} ms, and the hub's answers to what they asked"
            f" of it, {cpu_asked / total_actions * 1000:.2f} ms) "
            f"({total_actions / elapsed:.1f} actions a second, each after {think:g} s of thought "
            "on average)"
        )
        print(
            "  the server's threads, per action: "
            + ", ".join(
                f"{name} {seconds / total_actions * 1000:.1f} ms"
                for name, seconds in by_thread.most_common()
                if seconds > 0
            )
        )
    if latencies:
        print(
            f"pieces of terminal output received per game action: {chunks[True] / total_actions:.1f} "
            f"by the two at its table, {chunks[False] / total_actions:.1f} by the sessions in the "
            "lobby (each one SSH write of the server's, or more than one read together)"
        )
        print(
            f"bytes sent per game action per client: {received / max(1, played) / 2:.0f} B "
            f"(over {played} actions played by the sessions)"
        )
    print(f"problems the table server noted: {len(problems)}")
    for problem in problems[:3]:
        print("  " + problem.strip().replace("\n", "\n  ")[-1500:])
    if node_a is not None:
        print(
            f"node A's log: {node_a_logins} logins, and {len(node_a_log)} other lines "
            "(but its address)"
        )
        for line in node_a_log[-5:]:
            print("  " + line[:300])
    if profile:
        print(f"where the processor time went while playing (py-spy samples in {profile}):")
        print(split(Path(profile)))
    if hub_profiler is not None:
        print(
            f"this process's processor time while seating and playing (cProfile in {hub_profile}):"
        )
        print(hub_profiler.summary())
    if loop_counted is not None:
        print(loop_counted.summary(total_actions, loop_time))
    if idle:
        print(quiet.summary())

    if collections is not None:
        print(collections.summary("while seating", *marks["seating"]))
        print(collections.summary("while playing", *marks["playing"], total_actions))
        collections.close()


def keep_streams(folder: Path, pairs: list) -> None:
    """Each player's recording in `folder`: one pickle a player, a list of (time, bytes
    received, keys pressed), the keys b"playing" where the playing begins."""
    folder.mkdir(parents=True, exist_ok=True)
    for a, b in pairs:
        for player in (a, b):
            with open(folder / f"{player.name}.pickle", "wb") as out:
                pickle.dump(player.recording, out)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=16, help="sessions connected (16)")
    parser.add_argument(
        "--playing", type=int, help="of them, how many play, two to a table (all of them)"
    )
    parser.add_argument("--actions", type=int, default=12, help="actions played at each table")
    parser.add_argument(
        "--think",
        type=float,
        default=2.0,
        help="a person's thinking time before each action, in seconds on average (2)",
    )
    parser.add_argument(
        "--fresh", action="store_true", help="start each app as a fresh process, not from the pool"
    )
    parser.add_argument(
        "--apps-per-process",
        type=int,
        default=20,
        help="sessions' apps that share one process of the pool (20, as wish-tui serve)",
    )
    parser.add_argument(
        "--churn",
        type=int,
        default=0,
        metavar="N",
        help="then N sessions that come and go, one after another (0)",
    )
    parser.add_argument(
        "--nodes", type=int, choices=(1, 2), default=1, help="table servers sharing the club (1)"
    )
    parser.add_argument(
        "--database", metavar="URL", default="", help="the club's PostgreSQL database (--nodes 2)"
    )
    parser.add_argument(
        "--profile", metavar="DIR", default="", help="py-spy samples of the playing, kept in DIR"
    )
    parser.add_argument(
        "--hub-profile",
        metavar="FILE",
        default="",
        help="cProfile of this process (the hub) while seating and playing, kept in FILE",
    )
    parser.add_argument(
        "--streams",
        metavar="DIR",
        default="",
        help="what each player's terminal received while playing, and the keys, kept in DIR",
    )
    parser.add_argument(
        "--loop-parts",
        action="store_true",
        help="the hub's loop thread's processor time by callback while playing",
    )
    parser.add_argument(
        "--idle",
        type=float,
        default=0.0,
        metavar="SECONDS",
        help="measure SECONDS of quiet with all in the lobby, and again after the playing",
    )
    parser.add_argument(
        "--gc-times",
        action="store_true",
        help="the cyclic collections of the pool's hosts while seating and playing",
    )
    options = parser.parse_args()
    if options.nodes == 2 and not options.database:
        parser.error("--nodes 2 needs --database postgresql://USER@HOST:PORT/DATABASE")
    playing = options.sessions if options.playing is None else options.playing
    asyncio.run(
        main(
            options.sessions,
            playing,
            options.actions,
            options.fresh,
            options.nodes,
            options.database,
            options.think,
            options.apps_per_process,
            options.churn,
            options.profile,
            options.hub_profile,
            options.streams,
            options.loop_parts,
            options.idle,
            options.gc_times,
        )
    )
