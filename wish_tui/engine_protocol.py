"""`wish-tui engine`: drive the rules with JSON lines on stdin/stdout (see docs/engine-protocol.md).

One request object per line, one response object per line. Every response has "ok"; a failure is
``{"ok": false, "error": "one clear sentence"}`` and leaves the game as it was. Malformed JSON,
bytes that are not UTF-8, lines too long, unknown commands and wrong types are answered the same
way and never end the process; only ``{"cmd": "quit"}`` or the end of the input does. Every answer
is one line of UTF-8 JSON of at most MAX_ANSWER bytes; what a request sent is quoted back only as
a short excerpt.
"""

from __future__ import annotations

import json
from typing import IO

from wish_tui import games, saves, seeds
from wish_tui.core.excerpt import excerpt
from wish_tui.games import GAMES

MAX_LINE = 64 * 1024
"""The longest request line read, in bytes; a longer line is refused whole."""
MAX_ANSWER = 1024 * 1024
"""The longest answer written, in bytes (a whole four-seat state is about 15 KB)."""

COMMANDS = (
    "new",
    "legal",
    "play",
    "undo",
    "view",
    "state",
    "score",
    "save",
    "load",
    "quit",
    "help",
)


class RequestError(Exception):
    """A request the engine refuses; the message is one sentence for the client."""


def _is_int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _field(request: dict, key: str, kind, what: str, required: bool = True):
    if key not in request:
        if required:
            raise RequestError(f'{excerpt(request["cmd"])} needs "{key}": {what}.')
        return None
    value = request[key]
    ok = _is_int(value) if kind is int else isinstance(value, kind)
    if not ok:
        raise RequestError(f'"{key}" must be {what}.')
    return value


def _seat_names(request: dict, word: str):
    """The new game's seat names: "seats", or "djinns", the name the protocol first gave them."""
    what = f"a list of 1 to 4 {word} names"
    seats = _field(request, "seats", list, what, False)
    djinns = _field(request, "djinns", list, what, False)
    if seats is None and djinns is None:
        raise RequestError(f'"new" needs "seats": {what}.')
    if seats is not None and djinns is not None and djinns != seats:
        raise RequestError('"djinns" is the old name of "seats": give only "seats".')
    return djinns if seats is None else seats


class Session:
    """One engine session: the current game, its record and the states it went through."""

    def __init__(self) -> None:
        self.record: saves.GameRecord | None = None
        self.history: list = []
        """The states of the game so far (the last is the position), for undo."""

    @property
    def state(self):
        if not self.history:
            raise RequestError('There is no game yet: send {"cmd":"new","seats":[...]} first.')
        return self.history[-1]

    @property
    def rules(self):
        """The rules package of the game being played."""
        return self.record.spec.rules

    def _position(self) -> dict:
        state = self.state
        position = {"seat": state.current_player}
        if hasattr(state, "round"):
            position["round"] = state.round
        position.update(phase=state.phase, over=state.is_over)
        return position

    def handle(self, request) -> dict:
        """Answer one request (already parsed from JSON)."""
        if not isinstance(request, dict):
            raise RequestError('A request must be a JSON object such as {"cmd":"legal"}.')
        cmd = request.get("cmd")
        if not isinstance(cmd, str):
            raise RequestError('A request needs "cmd", the name of a command, e.g. "legal".')
        if cmd not in COMMANDS:
            raise RequestError(
                f"{excerpt(cmd)} is not a command; use one of {', '.join(COMMANDS)}."
            )
        return getattr(self, f"cmd_{cmd}")(request)

    def cmd_help(self, request: dict) -> dict:
        return {"ok": True, "commands": list(COMMANDS)}

    def cmd_quit(self, request: dict) -> dict:
        return {"ok": True, "bye": True}

    def cmd_new(self, request: dict) -> dict:
        name = _field(request, "game", str, f"a game: {', '.join(games.names())}", False)
        try:
            spec = games.get(name)
        except KeyError as exc:
            raise RequestError(str(exc.args[0])) from None
        word = spec.seat_word
        seat_names = _seat_names(request, word)
        if not all(isinstance(d, str) for d in seat_names):
            raise RequestError(
                f'The seats must be a list of {word} names such as "{spec.seats[0]}".'
            )
        seed = _field(request, "seed", int, "a whole number of at most 64 bits", required=False)
        if seed is None:
            seed = seeds.fresh_seed()
        elif not saves.records.SEED_RANGE[0] <= seed < saves.records.SEED_RANGE[1]:
            raise RequestError('"seed" must be a whole number of at most 64 bits.')
        levels = ", ".join(f'"{level}"' for level in spec.solo_levels)
        solo = _field(request, "solo", str, f"a solo level: {levels}", False)
        who = _field(request, "who", list, f"a list of players, one per {word}", False)
        if who is None:
            who = ["human"] * len(seat_names)
        if len(who) != len(seat_names) or not all(w in saves.WHO for w in who):
            raise RequestError(f'"who" must give one of {", ".join(saves.WHO)} per {word}.')
        options = {o.key: request[o.key] for o in spec.options if o.key in request}
        seats = [{spec.seat_key: d, "who": w} for d, w in zip(seat_names, who, strict=True)]
        try:
            record, state = saves.GameRecord.new(seats, seed, solo, spec.name, options, games=GAMES)
        except ValueError as exc:
            raise RequestError(str(exc)) from None
        self.record, self.history = record, [state]
        # The seed deals every hidden card, so it is never sent while the game runs (`score`
        # gives it once the game is over).
        answer = {"ok": True, "seats": seat_names, "djinns": seat_names, "solo": solo or ""}
        if name is not None:
            answer["game"] = spec.name
        answer.update(spec.options_to_json(record.options))
        return {**answer, **self._position()}

    def cmd_legal(self, request: dict) -> dict:
        state = self.state
        return {
            "ok": True,
            "seat": state.current_player,
            "actions": [str(a) for a in state.legal_actions()],
        }

    def cmd_play(self, request: dict) -> dict:
        text = _field(request, "action", str, 'an action in notation, e.g. "travel Dock"')
        seat = _field(request, "seat", int, "a seat number", required=False)
        state = self.state
        if state.is_over:
            raise RequestError("The game is over: no action can be played.")
        try:
            if seat is not None and seat != state.current_player:
                state.apply(state.legal_actions()[0], seat=seat)  # raises: names who decides now
            action = self.rules.parse_action(state, text)
            new_record, new_state = self.record.play(state, action)
        except ValueError as exc:
            raise RequestError(str(exc)) from None
        self.record = new_record
        self.history.append(new_state)
        return {"ok": True, "played": str(action), **self._position()}

    def cmd_undo(self, request: dict) -> dict:
        history = self.history
        self.state  # noqa: B018  (refuses when there is no game)
        target = self.rules.undo_target(history)
        if target is None:
            raise RequestError(self.rules.why_no_undo(history))
        undone = len(history) - 1 - target
        kept = len(self.record.actions) - undone
        taken_back = self.record.actions[kept:]
        self.history = history[: target + 1]
        self.record = self.record.truncated(kept, self.history[-1])
        return {"ok": True, "undone": taken_back, **self._position()}

    def cmd_view(self, request: dict) -> dict:
        seat = _field(request, "seat", int, "a seat number")
        try:
            view = self.state.view(seat)
        except ValueError as exc:
            text = str(exc).rstrip(".")
            raise RequestError(f"{text[:1].upper()}{text[1:]}.") from None
        return {"ok": True, "view": view}

    def cmd_state(self, request: dict) -> dict:
        return {"ok": True, "state": self.state.to_dict()}

    def cmd_score(self, request: dict) -> dict:
        state = self.state
        answer = {"ok": True, "over": state.is_over, "scores": state.final_scores()}
        if state.is_over:
            answer["seed"] = self.record.seed
        return answer

    def cmd_save(self, request: dict) -> dict:
        path = _field(request, "path", str, "a file path or a save name")
        self.state  # noqa: B018
        try:
            written = saves.save_game(self.record, path)
        except saves.SaveError as exc:
            raise RequestError(str(exc)) from None
        return {"ok": True, "path": saves.shown(written.absolute())}

    def cmd_load(self, request: dict) -> dict:
        path = _field(request, "path", str, "a file path or a save name")
        try:
            record, history, warning = saves.load_with_history(path, games=GAMES)
        except saves.SaveError as exc:
            raise RequestError(str(exc)) from None
        self.record, self.history = record, history
        answer = {
            "ok": True,
            "game": record.game,
            "seats": record.seat_names,
            "djinns": record.seat_names,
            "actions": len(record.actions),
        }
        answer.update(self._position())
        if warning:
            answer["warning"] = warning
        return answer


def answer_line(session: Session, line: str | bytes) -> dict:
    """Answer one line of input; never raises for anything a client can send."""
    if isinstance(line, bytes):
        if len(line) > MAX_LINE:
            return _refusal(f"That line is longer than {MAX_LINE} bytes; send shorter requests.")
        try:
            line = line.decode("utf-8")
        except UnicodeDecodeError:
            return _refusal("That line is not UTF-8 text; send JSON encoded in UTF-8.")
    try:
        request = json.loads(line)
    except json.JSONDecodeError as exc:
        return _refusal(f"That line is not JSON ({exc.msg}); send one object per line.")
    except RecursionError:
        return _refusal("That line is not JSON (nested too deeply); send one object per line.")
    except ValueError:
        return _refusal("That line holds a number too long to read; send shorter numbers.")
    try:
        return session.handle(request)
    except RequestError as exc:
        return _refusal(str(exc))
    except Exception as exc:  # noqa: BLE001  (a bug must not end the session: answer and carry on)
        return _refusal(f"The engine failed on that request ({type(exc).__name__}).")


def _refusal(message: str) -> dict:
    return {"ok": False, "error": message}


def _compact(value) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def encode_answer(answer: dict) -> bytes:
    """One answer as one line of UTF-8 JSON, bounded in size; never raises."""
    try:
        data = _compact(answer).encode("utf-8")
    except (TypeError, ValueError):
        data = _compact(_refusal("The engine could not write its answer.")).encode()
    if len(data) > MAX_ANSWER:
        data = _compact(_refusal("The answer would be too long to send.")).encode()
    return data + b"\n"


def read_lines(infile: IO[bytes]):
    """Yield each input line as bytes; a line longer than MAX_LINE is yielded cut to MAX_LINE + 1
    bytes (so that it is refused) and the rest of it is skipped."""
    while True:
        line = infile.readline(MAX_LINE + 1)
        if not line:
            return
        if len(line) > MAX_LINE and not line.endswith(b"\n"):
            while True:
                rest = infile.readline(MAX_LINE)
                if not rest or rest.endswith(b"\n"):
                    break
        yield line


def serve(infile: IO, outfile: IO) -> int:
    """Answer JSON-line requests from `infile` on `outfile` until quit or end of input; return 0.

    Text streams with a binary buffer (such as sys.stdin) are read and written through it, so
    bytes that are not UTF-8 reach the engine and get an answer instead of ending it.
    """
    reader = getattr(infile, "buffer", None)
    if reader is not None:
        lines = read_lines(reader)
    else:
        lines = (x if isinstance(x, bytes) else x.encode("utf-8", "surrogatepass") for x in infile)
    writer = getattr(outfile, "buffer", None)
    session = Session()
    for line in lines:
        if not line.strip():
            continue
        answer = answer_line(session, line)
        data = encode_answer(answer)
        if writer is not None:
            writer.write(data)
            writer.flush()
        else:
            outfile.write(data.decode("utf-8"))
            outfile.flush()
        if answer.get("bye"):
            break
    return 0
