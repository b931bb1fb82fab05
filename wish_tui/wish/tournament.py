"""`wish-tui tournament`: headless games between bot levels, with figures per level.

Seats are rotated from game to game so that every level plays every seat and Djinn equally often.
Each bot sees only its seat's view; the tournament alone holds the State.
"""

from __future__ import annotations

import json
import statistics
import sys
import time

from wish_tui.wish import rules
from wish_tui.wish.bots import LEVELS, make_bot

DJINNS = ("air", "water", "fire", "earth")
MAX_DECISIONS = 5000
"""A game that needs more decisions than this has stalled."""


class TournamentError(Exception):
    """A bad command-line value; the message is one sentence."""


def _progress(done: int, total: int, out) -> None:
    width = 30
    filled = width * done // total
    out.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games")
    if done == total:
        out.write("\n")
    out.flush()


def play_game(levels: list[str], djinns: list[str], seed: int, solo: str = "") -> dict:
    """Play one headless game; return scores, rounds and each seat's decision times in ms.

    Raises:
        RuntimeError: a bot chose an illegal action or the game stalled.
    """
    state = rules.new_game(djinns, seed, solo=solo or None)
    bots = [make_bot(level, seed * 31 + seat) for seat, level in enumerate(levels)]
    times: list[list[float]] = [[] for _ in levels]
    for _ in range(MAX_DECISIONS):
        if state.is_over:
            break
        seat = state.current_player
        legal = state.legal_actions()
        started = time.perf_counter()
        action = bots[seat].choose(state.view(seat), list(legal))
        times[seat].append((time.perf_counter() - started) * 1000)
        if action not in legal:
            raise RuntimeError(f"seed {seed}: {levels[seat]} chose illegal '{action}'")
        state = state.apply(action, seat)
    else:
        raise RuntimeError(f"seed {seed}: the game stalled after {MAX_DECISIONS} decisions")
    return {"scores": state.final_scores(), "rounds": state.round, "times": times}


def _parse_levels(text: str | None, default: str) -> list[str]:
    levels = [x.strip().lower() for x in (text or default).split(",") if x.strip()]
    for level in levels:
        if level not in LEVELS:
            raise TournamentError(f"'{level}' is not a bot level; choose from {', '.join(LEVELS)}")
    return levels


def _check(args) -> tuple[list[str], str]:
    if args.games is None or args.games < 1:
        raise TournamentError("--games must be at least 1")
    if args.seed is None:
        raise TournamentError("--seed must be a whole number")
    solo = getattr(args, "solo", None) or ""
    djinn = getattr(args, "djinn", None) or ""
    if solo or djinn:
        if not (solo and djinn):
            raise TournamentError("solo games need both --solo LEVEL and --djinn DJINN")
        return _parse_levels(args.seats, ",".join(LEVELS)), solo
    if not args.seats:
        raise TournamentError("--seats must list 2 to 4 bot levels, e.g. --seats hard,random")
    levels = _parse_levels(args.seats, "")
    if not 2 <= len(levels) <= 4:
        raise TournamentError("--seats must list 2 to 4 bot levels, e.g. --seats hard,random")
    return levels, ""


def run_seats(levels: list[str], games: int, seed: int, progress=None) -> dict:
    """Play `games` games between the levels, rotating seats; return the figures per level."""
    n = len(levels)
    stats = {level: _blank() for level in dict.fromkeys(levels)}
    for g in range(games):
        shift = g % n
        seated = levels[shift:] + levels[:shift]
        djinns = [DJINNS[(k + g // n) % 4] for k in range(n)]
        result = play_game(seated, djinns, seed + g)
        scores = result["scores"]
        winners = scores["winners"]
        for seat, level in enumerate(seated):
            entry = stats[level]
            entry["seats"] += 1
            entry["score"] += scores["seats"][seat]["total"]
            entry["rounds"] += result["rounds"]
            if seat in winners:
                entry["wins"] += 1 / len(winners)
            entry["times"].extend(result["times"][seat])
        if progress:
            progress(g + 1, games)
    return {"games": games, "levels": {lv: _summary(e) for lv, e in stats.items()}}


def run_solo(levels: list[str], difficulty: str, djinn: str, games: int, seed: int, progress=None):
    """Play solo games at `difficulty` with each level; return Destiny rates and scores."""
    result = {"games": games, "solo": difficulty, "djinn": djinn, "levels": {}}
    total = games * len(levels)
    done = 0
    for level in dict.fromkeys(levels):
        entry = _blank()
        destinies = 0
        for g in range(games):
            played = play_game([level], [djinn], seed + g, solo=difficulty)
            seat = played["scores"]["seats"][0]
            entry["seats"] += 1
            entry["score"] += seat["total"]
            entry["rounds"] += played["rounds"]
            entry["times"].extend(played["times"][0])
            destinies += seat["destiny_fulfilled"]
            done += 1
            if progress:
                progress(done, total)
        summary = _summary(entry)
        del summary["wins"], summary["win_rate"]
        summary["destiny_rate"] = round(destinies / games, 3)
        result["levels"][level] = summary
    return result


def _blank() -> dict:
    return {"seats": 0, "wins": 0.0, "score": 0, "rounds": 0, "times": []}


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


def _table(result: dict) -> str:
    solo = "solo" in result
    head = f"{'level':8} {'games':>6} "
    head += f"{'destiny':>8} " if solo else f"{'wins':>7} {'win%':>6} "
    head += f"{'score':>6} {'rounds':>6} {'med ms':>7} {'max ms':>8}"
    lines = [head]
    for level, s in result["levels"].items():
        row = f"{level:8} {s['games']:>6} "
        if solo:
            row += f"{100 * s['destiny_rate']:>7.1f}% "
        else:
            row += f"{s['wins']:>7.1f} {100 * s['win_rate']:>5.1f}% "
        row += f"{s['avg_score']:>6.1f} {s['avg_rounds']:>6.1f} "
        row += f"{s['decision_ms_median']:>7.1f} {s['decision_ms_max']:>8.1f}"
        lines.append(row)
    return "\n".join(lines)


def run_from_args(args) -> int:
    """Run `wish-tui tournament` from parsed arguments; return the exit status."""
    try:
        levels, solo = _check(args)
    except TournamentError as exc:
        sys.stderr.write(f"wish-tui tournament: {exc}.\n")
        return 2

    def progress(done, total):
        _progress(done, total, sys.stderr)

    if solo:
        result = run_solo(levels, solo, args.djinn, args.games, args.seed, progress)
    else:
        result = run_seats(levels, args.games, args.seed, progress)
    if args.json:
        print(json.dumps(result))
    else:
        if solo:
            print(f"{args.games} solo games per level, {solo} difficulty, {args.djinn} Djinn")
        else:
            print(f"{args.games} games, seats {','.join(levels)} rotated, seeds from {args.seed}")
        print(_table(result))
    return 0
