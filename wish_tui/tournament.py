"""`wish-tui tournament`: headless games between bot levels of any game, with figures per level.

Seats are rotated from game to game so that every level plays every seat position and every seat
name (Djinn, element, colour) equally often. Each bot sees only its seat's view; the tournament
alone holds the State.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from dataclasses import dataclass

from wish_tui import games
from wish_tui.core.expert import EXPERT
from wish_tui.core.game_spec import Game

MAX_DECISIONS = 5000
"""A game that needs more decisions than this has stalled."""
MAX_BUDGET = 10_000_000
"""The largest --think (ms) or --iterations a tournament takes."""


class TournamentError(Exception):
    """A bad command-line value; the message is one sentence."""


def play_game(
    levels: list[str],
    seats: list[str],
    seed: int,
    solo: str = "",
    game: str = games.DEFAULT,
    options: dict | None = None,
    think_ms: int | None = None,
    iterations: int | None = None,
) -> dict:
    """Play one headless game; return scores, rounds and each seat's decision times in ms.

    Args:
        levels: the bot level of each seat.
        seats: the seat names (Djinns, elements, colours), in seat order.
        seed: the game's seed (each bot's seed is derived from it).
        think_ms, iterations: the expert's budget per decision (its default when both are None;
            iterations alone replay exactly).

    Raises:
        RuntimeError: a bot chose an illegal action or the game stalled.
    """
    spec = games.get(game)
    state = spec.new_state(seats, seed, solo, spec.parse_options(options))
    make_bot = spec.bots.make_bot
    bots = [
        make_bot(level, seed * 31 + seat, think_ms, iterations)
        if level == EXPERT
        else make_bot(level, seed * 31 + seat)
        for seat, level in enumerate(levels)
    ]
    times: list[list[float]] = [[] for _ in levels]
    decisions = 0
    while not state.is_over:
        if decisions >= MAX_DECISIONS:
            raise RuntimeError(f"seed {seed}: the game stalled after {MAX_DECISIONS} decisions")
        decisions += 1
        seat = state.current_player
        legal = state.legal_actions()
        started = time.perf_counter()
        action = bots[seat].choose(state.view(seat), list(legal))
        times[seat].append((time.perf_counter() - started) * 1000)
        if action not in legal:
            raise RuntimeError(f"seed {seed}: {levels[seat]} chose illegal '{action}'")
        state = state.apply(action, seat)
    return {
        "scores": state.final_scores(),
        "rounds": getattr(state, "round", 0),
        "decisions": decisions,
        "times": times,
    }


def _parse_levels(spec: Game, text: str | None, default: str) -> list[str]:
    known = spec.bots.LEVELS
    levels = [x.strip().lower() for x in (text or default).split(",") if x.strip()]
    for level in levels:
        if level not in known:
            raise TournamentError(
                f"'{level[:20]}' is not a bot level; choose from {', '.join(known)}"
            )
    return levels


def _check(args) -> tuple[Game, list[str], str, dict]:
    try:
        spec = games.get(getattr(args, "game", None))
    except KeyError as exc:
        raise TournamentError(str(exc.args[0]).rstrip(".")) from None
    if args.games is None or args.games < 1:
        raise TournamentError("--games must be at least 1")
    if args.seed is None or not -(1 << 63) <= args.seed < 1 << 64:
        raise TournamentError("--seed must be a whole number of at most 64 bits")
    for flag in ("think", "iterations"):
        value = getattr(args, flag, None)
        if value is not None and not 1 <= value <= MAX_BUDGET:
            raise TournamentError(f"--{flag} must be a whole number from 1 to {MAX_BUDGET}")
    options = _options(spec, args)
    solo = getattr(args, "solo", None) or ""
    seat = solo_seat(args)
    if solo or seat:
        if solo not in spec.solo_levels:
            levels = ", ".join(spec.solo_levels)
            raise TournamentError(f"solo games of {spec.title} need --solo LEVEL, one of {levels}")
        if seat and seat not in spec.seats:
            raise TournamentError(f"--seat must be one of {', '.join(spec.seats)}")
        conflict = spec.solo_conflict(options)
        if conflict:
            raise TournamentError(conflict)
        return spec, _parse_levels(spec, args.seats, ",".join(spec.bots.LEVELS)), solo, options
    if not args.seats:
        raise TournamentError("--seats must list 2 to 4 bot levels, e.g. --seats hard,random")
    levels = _parse_levels(spec, args.seats, "")
    if not spec.min_seats <= len(levels) <= spec.max_seats:
        raise TournamentError("--seats must list 2 to 4 bot levels, e.g. --seats hard,random")
    return spec, levels, "", options


def solo_seat(args) -> str:
    """The seat of the solo games: --seat NAME, or its alias --djinn NAME ('' for none).

    Raises:
        TournamentError: both are given and differ.
    """
    seat = (getattr(args, "seat", None) or "").strip().lower()
    djinn = (getattr(args, "djinn", None) or "").strip().lower()
    if seat and djinn and seat != djinn:
        raise TournamentError("--djinn is another name for --seat; give only one of them")
    return seat or djinn


def _options(spec: Game, args) -> dict:
    given = {}
    for option in spec.options:
        value = getattr(args, option.key, None)
        if value not in (None, False):
            given[option.key] = value
    try:
        return spec.parse_options(given)
    except ValueError as exc:
        raise TournamentError(str(exc).rstrip(".")) from None


@dataclass(frozen=True)
class Match:
    """What every game of one tournament shares: the game, its options, the expert's budget."""

    game: str = games.DEFAULT
    options: dict | None = None
    think_ms: int | None = None
    iterations: int | None = None

    def play(self, levels: list[str], seats: list[str], seed: int, solo: str = "") -> dict:
        """One game of the match (`play_game`)."""
        return play_game(
            levels, seats, seed, solo, self.game, self.options, self.think_ms, self.iterations
        )


def run_seats(levels: list[str], games_count: int, seed: int, match: Match, progress=None) -> dict:
    """Play `games_count` games between the levels, rotating seats; return figures per level."""
    spec = games.get(match.game)
    names = spec.seats
    n = len(levels)
    stats = {level: _blank() for level in dict.fromkeys(levels)}
    for g in range(games_count):
        shift = g % n
        seated = levels[shift:] + levels[:shift]
        seat_names = [names[(k + g // n) % len(names)] for k in range(n)]
        result = match.play(seated, seat_names, seed + g)
        scores = result["scores"]
        winners = scores["winners"]
        for seat, level in enumerate(seated):
            entry = _count(stats[level], result, seat)
            if seat in winners:
                entry["wins"] += 1 / len(winners)
        if progress:
            progress(g + 1, games_count)
    return {
        "game": spec.name,
        "games": games_count,
        "levels": {lv: _summary(e) for lv, e in stats.items()},
    }


def run_solo(
    levels: list[str],
    difficulty: str,
    seat: str,
    games_count: int,
    seed: int,
    match: Match,
    progress=None,
) -> dict:
    """Play solo games at `difficulty` with each level; return win rates (also under the game's
    `solo_won_name`, e.g. Wish's destiny_rate) and scores."""
    spec = games.get(match.game)
    seat = seat or spec.seats[0]
    result = {
        "game": spec.name,
        "games": games_count,
        "solo": difficulty,
        "seat": seat,
        "djinn": seat,
        "levels": {},
    }
    total = games_count * len(levels)
    done = 0
    for level in dict.fromkeys(levels):
        entry = _blank()
        won = 0
        for g in range(games_count):
            played = match.play([level], [seat], seed + g, difficulty)
            _count(entry, played, 0)
            won += spec.solo_won(played["scores"])
            done += 1
            if progress:
                progress(done, total)
        summary = _summary(entry)
        del summary["wins"]
        summary["win_rate"] = round(won / games_count, 3)
        if spec.solo_won_name != "won":
            summary[f"{spec.solo_won_name}_rate"] = summary["win_rate"]
        result["levels"][level] = summary
    return result


def _blank() -> dict:
    return {"seats": 0, "wins": 0.0, "score": 0, "rounds": 0, "times": []}


def _count(entry: dict, played: dict, seat: int) -> dict:
    """Add one seat of one game played (`play_game`'s result) to a level's figures."""
    entry["seats"] += 1
    entry["score"] += played["scores"]["seats"][seat]["total"]
    entry["rounds"] += played["rounds"]
    entry["times"].extend(played["times"][seat])
    return entry


def _summary(e: dict) -> dict:
    seats = max(e["seats"], 1)
    times = e["times"] or [0.0]
    return {
        "games": e["seats"],
        "wins": round(e["wins"], 2),
        "win_rate": round(e["wins"] / seats, 3),
        "avg_score": round(e["score"] / seats, 2),
        "avg_rounds": round(e["rounds"] / seats, 2),
        "decision_ms_median": round(statistics.median(times), 2),
        "decision_ms_max": round(max(times), 2),
    }


def _table(result: dict, solo_word: str) -> str:
    solo = "solo" in result
    head = f"{'level':8} {'games':>6} "
    head += f"{solo_word:>8} " if solo else f"{'wins':>7} {'win%':>6} "
    head += f"{'score':>6} {'rounds':>6} {'med ms':>7} {'max ms':>8}"
    lines = [head]
    for level, s in result["levels"].items():
        row = f"{level:8} {s['games']:>6} "
        if solo:
            row += f"{100 * s['win_rate']:>7.1f}% "
        else:
            row += f"{s['wins']:>7.1f} {100 * s['win_rate']:>5.1f}% "
        row += f"{s['avg_score']:>6.1f} {s['avg_rounds']:>6.1f} "
        row += f"{s['decision_ms_median']:>7.1f} {s['decision_ms_max']:>8.1f}"
        lines.append(row)
    return "\n".join(lines)


def _progress_bar():
    """A rich progress bar on standard error; returns (callback, stop)."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    bar = Progress(
        "games",
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=True,
    )
    task = bar.add_task("games", total=None)
    bar.start()

    def advance(done: int, total: int) -> None:
        bar.update(task, completed=done, total=total)

    return advance, bar.stop


def add_think(parser: argparse.ArgumentParser) -> None:
    """The `--think MS` argument: the expert's time a decision."""
    parser.add_argument(
        "--think",
        type=int,
        metavar="MS",
        help="the expert's time per decision in milliseconds (default 1000)",
    )


def add_parser(commands, names: str) -> argparse.ArgumentParser:
    """The `tournament` command's arguments (the games' option flags are the caller's)."""
    tournament = commands.add_parser("tournament", help="play headless games between bot levels")
    tournament.add_argument(
        "--game", default=None, metavar="GAME", help=f"which game: {names} ({games.DEFAULT})"
    )
    tournament.add_argument("--seats", help="bot levels, comma-separated, e.g. hard,random")
    tournament.add_argument("--games", type=int, default=100, help="how many games")
    tournament.add_argument("--seed", type=int, default=1, help="the first seed")
    tournament.add_argument("--json", action="store_true", help="print one JSON object")
    tournament.add_argument("--solo", metavar="LEVEL", help="solo games at this difficulty")
    tournament.add_argument("--seat", metavar="NAME", help="the seat for solo games")
    tournament.add_argument("--djinn", metavar="NAME", help="the same as --seat NAME")
    add_think(tournament)
    tournament.add_argument(
        "--iterations",
        type=int,
        metavar="N",
        help="the expert's search iterations per decision instead of a time (replays exactly)",
    )
    return tournament


def run_from_args(args) -> int:
    """Run `wish-tui tournament` from parsed arguments; return the exit status."""
    try:
        spec, levels, solo, options = _check(args)
    except TournamentError as exc:
        sys.stderr.write(f"wish-tui tournament: {exc}.\n")
        return 2
    match = Match(
        spec.name, options, getattr(args, "think", None), getattr(args, "iterations", None)
    )
    progress, stop = _progress_bar()
    try:
        if solo:
            result = run_solo(levels, solo, solo_seat(args), args.games, args.seed, match, progress)
        else:
            result = run_seats(levels, args.games, args.seed, match, progress)
    finally:
        stop()
    if args.json:
        print(json.dumps(result))
    else:
        if solo:
            print(
                f"{args.games} solo games of {spec.title} per level, {solo} difficulty, "
                f"{result['seat']} seat"
            )
        else:
            print(
                f"{args.games} games of {spec.title}, seats {','.join(levels)} rotated, "
                f"seeds from {args.seed}"
            )
        print(_table(result, spec.solo_won_name))
    return 0
