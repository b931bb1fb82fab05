"""The bot's side of the protocol: each event answered with the lines it calls for.

It takes the challenges it is allowed to (`accept`: invitations, seeks, or both, of the games
it plays), plays each turn with its `Chooser`, and says on its log what happened at each table.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable

from .chooser import Chooser

ACCEPT = ("invitations", "seeks", "all", "none")
"""Which challenges a bot takes."""
RETRIES = 3
"""Other choices tried at a turn whose answer the server refused (then the bot waits)."""
TOO_FAST = re.compile(r"^Slow down: .*try again in (\d+(?:\.\d+)?) s\.?$")
"""The server's refusal of a move over its rate limit, with the seconds to wait."""


class BotPlayer:
    """Answers a bot session's events.

    Args:
        chooser: the bot that chooses the actions.
        accept: one of `ACCEPT`.
        log: where one line about each table's start, end, and each error goes.
        games: the games it takes challenges of (every game it knows when empty).
        stop_after: stop once this many games have ended (0: never).
        sleep: waits so many seconds (a move refused as too fast is sent again after the wait).
    """

    def __init__(
        self,
        chooser: Chooser,
        accept: str = "all",
        log: Callable[[str], None] = lambda line: None,
        games: tuple[str, ...] = (),
        stop_after: int = 0,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.chooser, self.accept, self.log = chooser, accept, log
        self.games = games
        self.stop_after = stop_after
        self.sleep = sleep
        self.tables: dict[str, str] = {}
        """Per table: its game."""
        self.pending: dict[str, tuple[dict, int, str]] = {}
        """Per table: the turn last answered, how many of its answers were refused, and the
        action last sent for it."""
        self.ended = 0

    @property
    def done(self) -> bool:
        return bool(self.stop_after) and self.ended >= self.stop_after

    def answer(self, event: dict) -> list[dict]:
        """The lines `event` calls for (often none)."""
        kind = event.get("type")
        if kind == "welcome":
            self.log(f"Signed in as {event.get('name')}.")
            if not self.games:
                self.games = tuple(event.get("games", ()))
        elif kind == "challenge":
            return self._challenge(event)
        elif kind == "started":
            self.tables[event["table"]] = event["game"]
            self.log(
                f"Table {event['table']}: {event['game']}, seat {event['seat']}, with {', '.join(event.get('players', []))}."
            )
        elif kind == "turn":
            table = event["table"]
            game = self.tables.get(table)
            offered = [c["action"] for c in event.get("choices", [])]
            if game is None or not offered:
                return []
            action = self.chooser.choose(game, table, event.get("view") or {}, offered)
            self.pending[table] = (event, 0, action)
            return [{"type": "play", "table": table, "action": action, "expect": event["actions"]}]
        elif kind == "change":
            self.pending.pop(event.get("table", ""), None)
        elif kind == "end":
            table = event.get("table", "")
            self.tables.pop(table, None)
            self.pending.pop(table, None)
            self.chooser.forget(table)
            self.ended += 1
            self.log(f"Table {table} ended{' (closed)' if event.get('closed') else ''}.")
        elif kind == "error":
            where = f"table {event['table']}: " if event.get("table") else ""
            self.log(f"The server says: {where}{event.get('error')}")
            return self._again(event.get("table", ""), str(event.get("error", "")))
        return []

    def _again(self, table: str, said: str) -> list[dict]:
        """Where the answer to a turn was refused: the same move after the wait the server
        names for one too fast, else another of the turn's choices."""
        pending = self.pending.get(table)
        if pending is None:
            return []
        turn, refused, action = pending
        too_fast = TOO_FAST.match(said)
        if too_fast is not None:
            self.sleep(float(too_fast.group(1)))
        elif refused >= RETRIES:
            return []
        else:
            action = self.chooser.rng.choice([c["action"] for c in turn["choices"]])
            self.pending[table] = (turn, refused + 1, action)
        return [{"type": "play", "table": table, "action": action, "expect": turn["actions"]}]

    def _challenge(self, event: dict) -> list[dict]:
        kind = event.get("kind")
        wanted = self.accept == "all" or (self.accept, kind) in (
            ("invitations", "invitation"),
            ("seeks", "seek"),
        )
        game = event.get("game")
        if wanted and (game is None or game in self.games):
            self.log(f"Taking the {kind} {event['id']} from {event.get('from')}.")
            return [{"type": "accept", "challenge": event["id"]}]
        if kind == "invitation":
            return [{"type": "decline", "challenge": event["id"]}]
        return []
