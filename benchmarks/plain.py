"""The plain-text client's figures, measured as a person uses it. Run: python benchmarks/plain.py

Every game is `python -m wish_tui plain` in a subprocess, through pipes (NO_COLOR=1, COLUMNS=80,
its own data directory), played to the end by this script, which reads only what the client
prints and answers each decision with a random one of the numbers it offers (seeded: a run is
dealt and played again the same way, bar the timings).

How the output is read:
- A *decision block* is the line asking this keyboard's decision ('Your decision (N choices):
  ...'), its continuation lines (a wrapped sentence goes on in lines indented by two spaces) and
  the numbered choices after it (up to the line of choice N or of a range ending at N, and its
  continuations). The client says nothing more until it has a line: the script answers only when
  it has read the block and the client has then been quiet for `QUIET` seconds.
- The *news* of a decision is what the client prints between the answer to the person's previous
  decision and this decision block. It is cut into sentences (a line not indented, with its
  continuations), and each sentence is
  - the person's own move (it begins with their seat's name, 'Air: ...', 'Red keeps ...'),
  - another seat's move (it begins with another seat's name: one log line for each of that
    seat's decisions),
  - a turn line ('Water (easy bot) decides.': whose decision it is, said when it changes),
  - or a consequence (anything else: '— Round 3: ...', 'Offer: a Frostflake on ...').
  The lines *announcing one change by another seat* are that seat's move, the turn line just
  before it if there is one, and the consequences after it up to the next move of anyone. The
  lines before the first turn line or decision block (the opening: the game, its modules, who
  starts) and from 'The game is over.' on (the final scoring) announce no move and are not counted.

Prints:
- lines announcing a change by another seat or a bot: median and max over whole games against a
  bot (Wish, Spirits of the Forest with Wishes and Hexes, Wishland with the Entrepreneur Cards and
  the Achievement Tiles), for each game: how many changes took 1, 2, 3... lines, their lines by
  kind (the moves' first lines, turn lines, wrapped continuations, consequences) and the longest
  (target: median <= 2);
- a whole solo game's transcript (everything the client prints, from its first line to its
  goodbye after `quit`), in KB of 1000 bytes (target <= 100 KB for each game);
- a command's answer: the time from writing a line to the first byte the client answers with, over
  a whole game of each game against a bot, where each decision is answered by a move and, on a
  third of them, first asked about by `look`, `score` or `why N` (median and 90th percentile,
  target: median <= 50 ms); `hint` thinks, so it is measured apart: its first byte and its
  'Hint:' line.

With --first-turn, only the prompt of the person's first turn in each game against a bot (its
question and its listing, as a screen reader says it), its characters, words and seconds of
espeak-ng at its default rate, at each verbosity (target: heard in about 6 s or less).
"""

from __future__ import annotations

import itertools
import json
import math
import os
import random
import re
import select
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
QUIET = 0.03
"""Seconds without output after a decision block (or a command's answer) before the client is
taken to be waiting for a line."""
TIMEOUT = 60.0
"""Seconds the client may stay silent when an answer is due before the run fails."""
DECISION = re.compile(r"^(?:\w+, )?[Yy]our decision \((\d+) choices?(?:, [^)]*)?\):")
OVER = "score reads the scoring again"
"""The start of the last line said when a game ends."""
THE_END = "The game is over."
TURN = re.compile(r"^(\w+) \([^)]*\) decides\.$")
SEATS = re.compile(r"(\w+) \(([^)]*)\)")

AGAINST_A_BOT = {
    "Wish": ["--game", "wish", "--seat", "air:human", "--seat", "water:easy"],
    "Spirits": [
        "--game",
        "spirits",
        "--seat",
        "air:human",
        "--seat",
        "fire:medium",
        "--modules",
        "wishes,hexes",
    ],
    "Wishland": [
        "--game",
        "wishland",
        "--seat",
        "red:human",
        "--seat",
        "blue:medium",
        "--entrepreneurs",
        "--achievement-tiles",
    ],
}
SOLO = {
    "Wish": ["--game", "wish", "--solo", "easy", "--seat", "air:human"],
    "Spirits": ["--game", "spirits", "--solo", "standard", "--seat", "earth:human"],
    "Wishland": ["--game", "wishland", "--solo"],
}
SEEDS = (1, 2, 3)
"""The deals (and the script's choices) of the games counted for lines and transcripts."""
TIMED_SEED = 7
"""The deal of the game each game's commands are timed in."""
KINDS = ("moves", "turn lines", "wrapped", "consequences")
"""The kinds of line an announcement is made of, in the order printed."""
WORDS_A_SECOND = 175 / 60
"""espeak-ng's default rate, 175 words a minute."""
VERBOSITIES = ("normal", "short")
"""The person's verbosity settings measured (`verbosity`)."""
CHARS_A_WORD = 6
"""Characters a word takes in the games' sentences, with its space and punctuation."""
HINT_EVERY = 8
"""Ask `hint` before every this many-th decision of a timed game."""
TURN_PROMPT = {"Wish": "markers left", "Spirits": "a row end", "Wishland": "Your turn."}
"""Words of the prompt that begins the person's turn, by game (after the setup's decisions)."""
FIRST_TURN_SEED = 1
"""The deal of the games whose first turn's prompt is heard."""


@dataclass
class Decision:
    """A decision block read: how many choices, and the news printed before it."""

    choices: int
    news: list[str]
    heard: list[str]
    """Everything said from the answer to the previous decision through this one's listing."""


class PlainClient:
    """`wish-tui plain` with these arguments in a subprocess, its output read as it arrives."""

    def __init__(self, args: list[str], data_dir: str) -> None:
        env = {
            **os.environ,
            "WISH_TUI_DATA_DIR": data_dir,
            "NO_COLOR": "1",
            "COLUMNS": "80",
            "PYTHONPATH": str(ROOT),
        }
        self.process = subprocess.Popen(
            [sys.executable, "-m", "wish_tui", "plain", *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            bufsize=0,
            env=env,
        )
        self.out = self.process.stdout.fileno()
        self.pending = b""
        self.lines: list[str] = []
        """Every complete line read so far."""
        self.bytes = 0
        """Bytes read so far."""
        self.last_read = 0.0
        """When the last bytes were read (perf_counter)."""
        self.closed = False

    def _read(self, wait: float) -> bool:
        """Read what comes within `wait` seconds; return whether anything came."""
        if self.closed:
            return False
        ready, _, _ = select.select([self.out], [], [], wait)
        if not ready:
            return False
        chunk = os.read(self.out, 65536)
        self.last_read = time.perf_counter()
        if not chunk:
            self.closed = True
            return False
        self.bytes += len(chunk)
        *complete, self.pending = (self.pending + chunk).split(b"\n")
        self.lines += [line.decode("utf-8") for line in complete]
        return True

    def quiet(self) -> None:
        """Read until nothing has come for QUIET seconds."""
        while self._read(QUIET):
            pass

    def _line(self, index: int) -> str:
        """Line `index`, waiting for it."""
        while len(self.lines) <= index:
            if self.closed:
                raise EOFError("the client ended:\n" + self._tail())
            if not self._read(TIMEOUT) and not self.closed:
                raise TimeoutError("the client went silent:\n" + self._tail())
        return self.lines[index]

    def _tail(self) -> str:
        return "\n".join(self.lines[-15:])

    def next_decision(self, start: int) -> Decision | None:
        """Read from line `start` through the next decision block and the quiet after it; None
        when the game ended instead (its last line read)."""
        index = start
        while not (asked := DECISION.match(self._line(index))):
            if self.lines[index].startswith(OVER):
                self.quiet()
                return None
            index += 1
        news = self.lines[start:index]
        count = int(asked.group(1))
        self.quiet()  # the listing of the decision's first step comes at once after its line
        return Decision(count, news, self.lines[start:])

    def say(self, text: str) -> tuple[float, float, int]:
        """Write one line (the client being quiet); return when it was written, the seconds to
        the first byte of its answer, and the index of the answer's first line."""
        index, before = len(self.lines), self.bytes
        written = time.perf_counter()
        self.process.stdin.write(text.encode() + b"\n")
        while self.bytes == before:
            if self.closed or not self._read(TIMEOUT):
                raise TimeoutError(f"no answer to {text!r}:\n" + self._tail())
        return written, self.last_read - written, index

    def until(self, index: int, start: str) -> int:
        """Read from line `index` to a line beginning with `start`; return its index."""
        while not self._line(index).startswith(start):
            index += 1
        return index

    def finish(self) -> str:
        """Leave (the game is over or not), wait for the end; return its standard error."""
        self.process.stdin.write(b"quit\n")
        self.process.stdin.close()
        while not self.closed:
            if not self._read(TIMEOUT) and not self.closed:
                raise TimeoutError("the client did not end:\n" + self._tail())
        self.process.wait(timeout=TIMEOUT)
        return self.process.stderr.read().decode()


@dataclass
class Game:
    """A whole game played through the pipe."""

    lines: list[str]
    """Every line the client printed."""
    news: list[list[str]]
    """The news before each decision block, and after the last one to the end."""
    bytes: int
    """The transcript's size: every byte the client printed."""
    timings: dict[str, list[float]]
    """Seconds from writing a line to the first byte of its answer, by command."""
    heard: list[str]
    """Per decision: what was said between the person's previous answer and this prompt's end."""
    prompts: list[str]
    """Per decision: its question and its listing."""


def play(args: list[str], seed: int, commands: bool = False, verbosity: str = "") -> Game:
    """Play a whole game of `plain` with these arguments, dealt by `seed`: each decision gets a
    random offered number; with `commands`, some get `look`, `score`, `why N` or `hint` first;
    `verbosity` is kept as the person's setting before the client starts (as `verbosity short`
    would keep it)."""
    rng = random.Random(seed)
    timings: dict[str, list[float]] = {}
    news, heard, prompts = [], [], []
    with tempfile.TemporaryDirectory() as data:
        if verbosity:
            kept = {"plain_reading": {"verbosity": verbosity}}
            (Path(data) / "preferences.json").write_text(json.dumps(kept))
        client = PlainClient([*args, "--seed", str(seed)], data)
        start, decisions = 0, 0
        while (decision := client.next_decision(start)) is not None:
            news.append(decision.news)
            heard.append(" ".join(" ".join(decision.heard).split()))
            prompts.append(" ".join(" ".join(decision.heard[len(decision.news) :]).split()))
            decisions += 1
            if commands:
                ask_about(client, decision, decisions, rng, timings)
            _, took, start = client.say(str(rng.randint(1, decision.choices)))
            timings.setdefault("move", []).append(took)
        news.append(client.lines[start:])
        errors = client.finish()
    if errors or decisions < 5 or THE_END not in client.lines:
        raise RuntimeError(f"{args} {seed}: {errors or client.lines[-10:]}")
    return Game(client.lines, news, client.bytes, timings, heard, prompts)


def ask_about(
    client: PlainClient, decision: Decision, number: int, rng: random.Random, timings: dict
) -> None:
    """Before the `number`-th decision: `hint` every HINT_EVERY-th, and on a third of them one of
    `look`, `score`, `why N` (timed to their first byte; the hint also to its 'Hint:' line)."""
    if number % HINT_EVERY == 0:
        written, took, index = client.say("hint")
        client.until(index, "Hint:")
        timings.setdefault("hint, first byte", []).append(took)
        timings.setdefault("hint, its 'Hint:' line", []).append(client.last_read - written)
        client.quiet()
    if rng.random() < 1 / 3:
        command = rng.choice(["look", "score", "why"])
        line = f"why {rng.randint(1, decision.choices)}" if command == "why" else command
        _, took, _ = client.say(line)
        timings.setdefault(command, []).append(took)
        client.quiet()


def sentences(lines: list[str]) -> list[list[str]]:
    """Lines cut into sentences: a line not indented and the continuation lines after it."""
    found: list[list[str]] = []
    for line in lines:
        if line.startswith("  ") and found:
            found[-1].append(line)
        else:
            found.append([line])
    return found


def announcements(game: Game) -> list[list[str]]:
    """The lines announcing each change by another seat (see the module's docstring)."""
    seats = SEATS.findall(game.lines[0].split(": ", 1)[1])
    person = next(name for name, who in seats if who == "human")
    others = {name for name, who in seats if who != "human"}
    found: list[list[str]] = []
    opening = True
    for news in game.news:
        turn_line: list[str] = []
        current: list[str] | None = None
        for sentence in sentences(news):
            first = sentence[0]
            if first == THE_END:
                break
            if TURN.match(first):
                opening, current, turn_line = False, None, sentence
                continue
            if opening:
                continue
            name = re.match(r"\w*", first).group()
            if name in others:
                current = turn_line + sentence
                found.append(current)
                turn_line = []
            elif name == person:
                current, turn_line = None, []
            elif current is not None:
                current.extend(sentence)
        if turn_line:
            found.append(turn_line)
        opening = False
    return found


def percentile(values: list[float], share: float) -> float:
    """The value `share` (0..1) of the way up the sorted values (nearest rank)."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def line_kinds(found: list[list[str]]) -> Counter:
    """The lines of these announcements by kind: turn lines, the moves' first lines, wrapped
    continuations, consequences."""
    kinds: Counter = Counter()
    for lines in found:
        for number, sentence in enumerate(sentences(lines)):
            if TURN.match(sentence[0]):
                kinds["turn lines"] += 1
            elif number == 0 or (number == 1 and TURN.match(lines[0])):
                kinds["moves"] += 1
            else:
                kinds["consequences"] += 1
            kinds["wrapped"] += len(sentence) - 1
    return kinds


def main() -> None:
    seeds = ", ".join(map(str, SEEDS))
    print("python -m wish_tui plain through pipes (NO_COLOR=1, COLUMNS=80), random choices")
    print_speech()
    print(
        f"lines announcing one change by another seat, whole games against a bot (seeds {seeds}):"
    )
    for title, args in AGAINST_A_BOT.items():
        counted = [announcements(play(args, seed)) for seed in SEEDS]
        sizes = [len(lines) for found in counted for lines in found]
        spread = Counter(sizes)
        shares = ", ".join(f"{n}: {spread[n]}" for n in sorted(spread))
        bot = next(arg for arg in args if ":" in arg and "human" not in arg)
        print(
            f"  {title:<9} vs {bot:<12} median {statistics.median(sizes):4.1f}, max {max(sizes):2d}"
            f"  (target median <= 2)"
        )
        print(f"    changes by their lines, of {len(sizes)}: {shares}")
        kinds = line_kinds([lines for found in counted for lines in found])
        print("    its lines: " + ", ".join(f"{kind} {kinds[kind]}" for kind in KINDS))
        longest = max((lines for found in counted for lines in found), key=len)
        print(f"    the longest: {' / '.join(line.strip() for line in longest)}")
    print(f"a whole solo game's transcript, KB of 1000 B (seeds {seeds}):")
    for title, args in SOLO.items():
        sizes = [play(args, seed).bytes / 1000 for seed in SEEDS]
        each = ", ".join(f"{size:.1f}" for size in sizes)
        print(f"  {title:<9} largest {max(sizes):6.1f} KB  (target <= 100)  each: {each}")
    print(
        f"a line written to the first byte of its answer, a whole game against a bot (seed {TIMED_SEED}):"
    )
    everything: dict[str, list[float]] = {}
    for title, args in AGAINST_A_BOT.items():
        timings = play(args, TIMED_SEED, commands=True).timings
        for command, times in timings.items():
            everything.setdefault(command, []).extend(times)
        print_times(f"{title}: moves, look, score, why", answers(timings))
    print_times("all three, moves, look, score, why", answers(everything), target=True)
    for command, times in sorted(everything.items()):
        print_times(f"  {command}", times)


def espeak_seconds(text: str) -> float | None:
    """How long espeak-ng at its default rate (175 words a minute) takes to say `text`, from the
    length of the sound it makes; None without espeak-ng."""
    try:
        sound = subprocess.run(
            ["espeak-ng", "--stdout", text], capture_output=True, check=True, timeout=120
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    rate = int.from_bytes(sound[24:28], "little") or 22050
    return max(0, len(sound) - 44) / (2 * rate)


def _said_figures(label: str, texts: list[str]) -> None:
    sizes = sorted(len(text) for text in texts)
    middle = sorted(texts, key=len)[len(texts) // 2]
    said = {
        name: espeak_seconds(text)
        for name, text in (("max", texts and max(texts, key=len)), ("median", middle))
    }
    spoken = ", ".join(f"{name} {s:.1f} s" for name, s in said.items() if s is not None)
    print(
        f"    {label:<16} median {statistics.median(sizes):5.0f} chars, max {sizes[-1]:5d}, "
        f"over 600: {sum(n > 600 for n in sizes)} of {len(sizes)}; espeak-ng: {spoken or '-'}"
    )


def print_speech() -> None:
    """What is said between two prompts and the prompts alone, whole games against a bot:
    characters, and seconds of espeak-ng at its default rate (175 words a minute)."""
    print(
        "what is said between two prompts (from an answer to the end of the next prompt's "
        "listing) and the prompt alone (its question and its listing), whole games against a "
        f"bot (seeds {', '.join(map(str, SEEDS))}; targets: a prompt's median < 200 chars, none "
        "over 600):"
    )
    for (title, args), verbosity in itertools.product(AGAINST_A_BOT.items(), VERBOSITIES):
        games = [play(args, seed, verbosity=verbosity) for seed in SEEDS]
        heard = [text for game in games for text in game.heard]
        prompts = [text for game in games for text in game.prompts]
        print(f"  {title} at verbosity {verbosity}:")
        _said_figures("between prompts", heard)
        _said_figures("the prompt", prompts)
        longest = max(prompts, key=len)
        print(f"    the longest prompt: {longest[:240]}{' …' if len(longest) > 240 else ''}")


def first_turn_prompt(args: list[str], words: str, seed: int, verbosity: str) -> tuple[str, str]:
    """The question alone and the whole prompt (question and listing) of the person's first
    decision whose question has `words`, the decisions before it answered at random (seeded)."""
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as data:
        kept = {"plain_reading": {"verbosity": verbosity}}
        (Path(data) / "preferences.json").write_text(json.dumps(kept))
        client = PlainClient([*args, "--seed", str(seed)], data)
        start, question, prompt = 0, "", ""
        while (decision := client.next_decision(start)) is not None:
            lines = decision.heard[len(decision.news) :]
            said = " ".join(" ".join(lines).split())
            if words in said:
                asked = sentences(lines)[0]  # the question's line and its continuations
                question, prompt = " ".join(" ".join(asked).split()), said
                break
            _, _, start = client.say(str(rng.randint(1, decision.choices)))
        client.finish()
    return question, prompt


def print_first_turns() -> None:
    """The prompt of the person's first turn in each game, heard through espeak-ng."""
    print(
        "the prompt of the person's first turn against a bot (seed "
        f"{FIRST_TURN_SEED}), heard through espeak-ng at its default rate (target: about 6 s):"
    )
    for (title, args), verbosity in itertools.product(AGAINST_A_BOT.items(), VERBOSITIES):
        question, prompt = first_turn_prompt(args, TURN_PROMPT[title], FIRST_TURN_SEED, verbosity)
        print(f"  {title} at verbosity {verbosity}:")
        for part, text in (("the question", question), ("with its listing", prompt)):
            seconds = espeak_seconds(text)
            heard = "-" if seconds is None else f"{seconds:4.1f} s"
            words = len(text.split())
            print(f"    {part:<16} {len(text):4d} chars {words:3d} words  {heard}  {text}")


def answers(timings: dict[str, list[float]]) -> list[float]:
    """The times of every command but `hint` (which thinks)."""
    return [t for command, times in timings.items() if "hint" not in command for t in times]


def print_times(label: str, times: list[float], target: bool = False) -> None:
    aim = "  (target median <= 50)" if target else ""
    print(
        f"  {label:<36} median {statistics.median(times) * 1000:6.1f} ms, "
        f"p90 {percentile(times, 0.9) * 1000:6.1f} ms  of {len(times)}{aim}"
    )


if __name__ == "__main__":
    if "--first-turn" in sys.argv[1:]:
        print_first_turns()
    else:
        main()
