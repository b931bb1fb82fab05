"""`wish-tui engine`: drive the rules with JSON lines on stdin/stdout (see docs/engine-protocol.md).

One request object per line, one response object per line. Every response has "ok"; a failure is
``{"ok": false, "error": "one clear sentence"}`` and leaves the game as it was. Malformed JSON,
unknown commands and wrong types are answered the same way and never end the process; only
``{"cmd": "quit"}`` or the end of the input does.
"""

from __future__ import annotations

import json
import secrets
from typing import IO

from wish_tui import saves
from wish_tui.wish import rules
from wish_tui.wish.rules import IllegalAction, State

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
            raise RequestError(f"'{request['cmd']}' needs \"{key}\": {what}.")
        return None
    value = request[key]
    ok = _is_int(value) if kind is int else isinstance(value, kind)
    if not ok:
        raise RequestError(f'"{key}" must be {what}.')
    return value


class Session:
    """One engine session: the current game, its record and the states it went through."""

    def __init__(self) -> None:
        self.record: saves.GameRecord | None = None
        self.history: list[State] = []

    @property
    def state(self) -> State:
        if not self.history:
            raise RequestError('There is no game yet: send {"cmd":"new","djinns":[...]} first.')
        return self.history[-1]

    def _position(self) -> dict:
        state = self.state
        return {
            "seat": state.current_player,
            "round": state.round,
            "phase": state.phase,
            "over": state.is_over,
        }

    def handle(self, request) -> dict:
        """Answer one request (already parsed from JSON)."""
        if not isinstance(request, dict):
            raise RequestError('A request must be a JSON object such as {"cmd":"legal"}.')
        cmd = request.get("cmd")
        if not isinstance(cmd, str):
            raise RequestError('A request needs "cmd", the name of a command, e.g. "legal".')
        if cmd not in COMMANDS:
            raise RequestError(f"'{cmd}' is not a command; use one of {', '.join(COMMANDS)}.")
        return getattr(self, f"cmd_{cmd}")(request)

    def cmd_help(self, request: dict) -> dict:
        return {"ok": True, "commands": list(COMMANDS)}

    def cmd_quit(self, request: dict) -> dict:
        return {"ok": True, "bye": True}

    def cmd_new(self, request: dict) -> dict:
        djinns = _field(request, "djinns", list, "a list of 1 to 4 Djinn names")
        if not all(isinstance(d, str) for d in djinns):
            raise RequestError('"djinns" must be a list of Djinn names such as "air".')
        seed = _field(request, "seed", int, "a whole number", required=False)
        if seed is None:
            seed = secrets.randbelow(1 << 31)
        solo = _field(request, "solo", str, 'a solo level: "easy", "medium" or "hard"', False)
        who = _field(request, "who", list, "a list of players, one per Djinn", False)
        if who is None:
            who = ["human"] * len(djinns)
        if len(who) != len(djinns) or not all(w in saves.WHO for w in who):
            raise RequestError(f'"who" must give one of {", ".join(saves.WHO)} per Djinn.')
        seats = [{"djinn": d, "who": w} for d, w in zip(djinns, who, strict=True)]
        try:
            record, state = saves.GameRecord.new(seats, seed, solo)
        except ValueError as exc:
            raise RequestError(str(exc)) from None
        self.record, self.history = record, [state]
        return {"ok": True, "seed": seed, "djinns": djinns, "solo": solo or "", **self._position()}

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
                state.apply(rules.Action("end"), seat=seat)  # raises: names who decides now
            action = rules.parse_action(state, text)
            new_record, new_state = self.record.play(state, action)
        except IllegalAction as exc:
            raise RequestError(str(exc)) from None
        self.record = new_record
        self.history.append(new_state)
        return {"ok": True, "played": str(action), **self._position()}

    def cmd_undo(self, request: dict) -> dict:
        history = self.history
        self.state  # noqa: B018  (refuses when there is no game)
        target = rules.undo_target(history)
        if target is None:
            raise RequestError(rules.why_no_undo(history))
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
            raise RequestError(f"{str(exc).rstrip('.').capitalize()}.") from None
        return {"ok": True, "view": view}

    def cmd_state(self, request: dict) -> dict:
        return {"ok": True, "state": self.state.to_dict()}

    def cmd_score(self, request: dict) -> dict:
        state = self.state
        return {"ok": True, "over": state.is_over, "scores": state.final_scores()}

    def cmd_save(self, request: dict) -> dict:
        path = _field(request, "path", str, "a file path or a save name")
        self.state  # noqa: B018
        try:
            written = saves.save_game(self.record, path)
        except saves.SaveError as exc:
            raise RequestError(str(exc)) from None
        return {"ok": True, "path": str(written)}

    def cmd_load(self, request: dict) -> dict:
        path = _field(request, "path", str, "a file path or a save name")
        try:
            record, history, warning = saves.load_with_history(path)
        except saves.SaveError as exc:
            raise RequestError(str(exc)) from None
        self.record, self.history = record, history
        answer = {"ok": True, "djinns": record.djinns, "actions": len(record.actions)}
        answer.update(self._position())
        if warning:
            answer["warning"] = warning
        return answer


def answer_line(session: Session, line: str) -> dict:
    """Answer one line of input; never raises for anything a client can send."""
    try:
        request = json.loads(line)
    except (json.JSONDecodeError, RecursionError) as exc:
        msg = getattr(exc, "msg", "nested too deeply")
        return {"ok": False, "error": f"That line is not JSON ({msg}); send one object per line."}
    try:
        return session.handle(request)
    except RequestError as exc:
        return {"ok": False, "error": str(exc)}
    except Exception as exc:  # a bug must not end the session: answer and carry on
        return {"ok": False, "error": f"The engine failed on that request ({type(exc).__name__})."}


def serve(infile: IO[str], outfile: IO[str]) -> int:
    """Answer JSON-line requests from `infile` on `outfile` until quit or end of input; return 0."""
    session = Session()
    for line in infile:
        if not line.strip():
            continue
        answer = answer_line(session, line)
        outfile.write(json.dumps(answer, separators=(",", ":"), ensure_ascii=False) + "\n")
        outfile.flush()
        if answer.get("bye"):
            break
    return 0
