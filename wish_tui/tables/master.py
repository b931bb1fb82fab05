"""The master of one game: its record, its states for undo, its log from every point of view,
and what each seat may see and do.

Every table is one of these, wherever it is held: a game in this process (`LocalTable`, in
`local.py`) and a table of `wish-tui serve` (`server/hub/table.py`) both apply actions through
it, so both behave alike. It is plain logic — no I/O, no threads, no clock: it applies an action
of a seat through the rules' front door (a refusal is one sentence and changes nothing), takes a
seat's own decisions back as far as the rules allow, answers each seat's client with the seat API's
shapes (`wish_tui.tables.seat`: a view, the choices, the log's lines), and thinks for bots and hints
(slow: callers run those off their event loop; a bot that searches thinks in a worker process,
`wish_tui.tables.bot_process`, while the caller's thread waits).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, replace

from wish_tui import records
from wish_tui.core.excerpt import excerpt
from wish_tui.core.expert import EXPERT
from wish_tui.core.state import views_kept, views_shared
from wish_tui.records import GameRecord
from wish_tui.tables import bot_process
from wish_tui.tables.seat import SPECTATOR, Choice, Choices, Hint, Refused

LOG_KEEP = 600
"""Log lines kept for each point of view (a client asks for the lines after a count)."""
HINT_LEVEL = "hard"
"""The bot whose judgement a hint gives in a game between seats."""
SOLO_HINT_LEVEL = EXPERT
"""The bot whose judgement a hint gives in a solo game (against a deck or the forest)."""


@dataclass(frozen=True)
class Played:
    """What one action did: the seat that took it, the action, the states before and after."""

    seat: int
    action: object
    before: object
    after: object


class GameTable:
    """One game held in this process, as the master of its seats' clients.

    Args:
        record: the game's record; `history` are its states so far (the last is the position).
        povs: the points of view whose log is kept (seats, or `SPECTATOR` for what all may
            read); every one by default.
        history_keep: how many states are kept for undo (all by default).
    """

    def __init__(
        self,
        record: GameRecord,
        history: list,
        *,
        povs: Iterable[int] | None = None,
        history_keep: int | None = None,
        bot_members: Iterable[int] = (),
    ) -> None:
        self.record = record
        self.bot_members = frozenset(bot_members)
        """The seats of people that a bot member (a program of the club) holds."""
        self.history = list(history)
        """The states since the game (or the load) began; the last is the position."""
        self.spec = record.spec
        self.rules = self.spec.rules
        self.words = self.spec.choices
        self.history_keep = history_keep
        self.version = 0
        """Grows with every change (an action, an undo): work thought out for an older version
        is stale."""
        self.povs = list(povs) if povs is not None else [*range(self.num_seats), SPECTATOR]
        self.logs: dict[int, deque] = {pov: deque(maxlen=LOG_KEEP) for pov in self.povs}
        self.log_counts: dict[int, int] = dict.fromkeys(self.povs, 0)
        """Per point of view: how many lines were ever written."""
        self._bots: dict[tuple[int, str], object] = {}
        self._last_logged: dict[int, int] = {}
        """Per point of view, how many lines the last write added (an action taken back takes
        them back too)."""
        self._cache_state = None
        self._cache: dict[tuple[str, int | None], object] = {}
        self._written: list[dict[int, int]] = []
        """Per point of view, how many log lines the opening and its first 0, 1, 2, …
        actions wrote when the log was written from the record (`log_counts_at`)."""
        self._write_opening()

    # -- what is on the table ---------------------------------------------------------------------
    @property
    def state(self):
        """The current position (the master's own business: never sent to a client)."""
        return self.history[-1]

    @property
    def num_seats(self) -> int:
        return len(self.record.seats)

    @property
    def actions(self) -> int:
        """How many actions the game has had (a client sends it back with its action)."""
        return len(self.record.actions)

    @property
    def is_over(self) -> bool:
        return self.state.is_over

    @property
    def deciding(self) -> int | None:
        """The seat that must decide now (None once the game is over)."""
        return self.state.current_player

    def seat_name(self, seat: int) -> str:
        return self.record.seat_names[seat]

    def seat_title(self, seat: int) -> str:
        return self.spec.seat_title(self.seat_name(seat))

    def who(self, seat: int) -> str:
        """'human' or the bot level of a seat."""
        return self.record.seats[seat].get("who", "human")

    def _cached(self, key: str, seat: int | None, make):
        """What `make` gives for (key, seat) in the current position, made once per position."""
        if self._cache_state is not self.state:
            self._cache_state, self._cache = self.state, {}
        entry = (key, seat)
        if entry not in self._cache:
            self._cache[entry] = make()
        return self._cache[entry]

    def view(self, seat: int | None) -> dict:
        """What `seat` may see now (`seat_view`); `None` or `SPECTATOR`: what anyone at the
        table may see.

        The same dict is handed to every caller until the position changes: read it, never
        change it.
        """
        key = SPECTATOR if seat is None else seat
        return self._cached("view", key, lambda: self._seat_view(key))

    def _seat_view(self, seat: int) -> dict:
        """`seat_view`, and under ``"repeat"`` [which, of how many] while the decision now is
        one the game asks several times in a row: only the table's states can count it, so a
        client opening the table again mid-run counts as before."""
        view = seat_view(self.rules, self.state, seat, self._rules_view(seat))
        count = self._cached("repeat", None, lambda: self.spec.repeat_count(self.history))
        if count is not None:
            view["repeat"] = list(count)
        return view

    def _rules_view(self, seat: int) -> dict:
        """The rules' own view of `seat` now (`SPECTATOR`: the public one), made once a
        position: the log's words of the action played from it read it again."""
        return self._cached("rules_view", seat, lambda: self._made_view(seat))

    def _made_view(self, seat: int) -> dict:
        """The rules' view of `seat` now, sharing with the other seats' views of the position
        what is the same for all (`views_shared`: every view the master hands out is read only)."""
        state = self.state
        with views_shared(state, self._shared_parts()):
            return state.public_view() if seat == SPECTATOR else state.view(seat)

    def _shared_parts(self) -> dict:
        """What the views of the current position share between seats (`views_shared`)."""
        return self._cached("shared_parts", None, dict)

    def progress(self) -> str:
        """How far the game has got (`GameSpec.progress`: no scores made), made once per
        position (every round of the lobby's news asks it of every table listed)."""
        return self._cached("progress", None, lambda: self.spec.progress(self.state))

    # -- a seat's choices ------------------------------------------------------------------------
    def choices(self, seat: int | None) -> Choices:
        """What `seat` may do now (for a spectator, or a seat not deciding: nothing but undo's
        state)."""
        return self._cached("choices", seat, lambda: self._choices(seat))

    def _choices(self, seat: int | None) -> Choices:
        view = self.view(seat) if seat is not None and seat != SPECTATOR else {}
        legal = self.legal_by_notation() if seat == self.deciding else None
        return seat_choices(self.spec, self.state, seat, view, self.undo_status(seat), legal)

    def why(self, seat: int | None, notation: str) -> str:
        """The rules' sentence on why `seat` may not play `notation` now ('' when it may)."""
        state = self.state
        if state.is_over:
            return "The game is over: no action can be played."
        if seat is None or seat == SPECTATOR:
            return "You hold no seat at this table."
        if state.current_player != seat:
            return f"It is {self.seat_title(state.current_player)}'s decision now, not yours."
        if notation in self.legal_by_notation():
            return ""
        try:
            self.rules.parse_action(state, notation)
        except ValueError as exc:
            return str(exc)
        return ""

    # -- changing it -----------------------------------------------------------------------------
    def legal_by_notation(self) -> dict[str, object]:
        """Each legal action of the current position by its notation, made once per position:
        the choices a client is offered and the actions it plays are read off it."""
        return self._cached("legal", None, lambda: {str(a): a for a in self.state.legal_actions()})

    def _action_of(self, state, action) -> tuple[object, str]:
        """The rules' action and its notation, from either: a notation as the choices give it
        is looked up; any other text (another case, a column left out) the rules read, and
        refuse with their sentence."""
        if not isinstance(action, str):
            return action, str(action)
        found = self.legal_by_notation().get(action)
        if found is None:
            found = self.rules.parse_action(state, action)
            return found, str(found)
        return found, action

    def play(self, seat: int, action) -> Played:
        """Apply an action of `seat` (notation, or an Action of the rules) through the rules'
        front door, which alone checks that it is legal.

        Raises:
            Refused: not that seat's decision, or the rules refuse it (their sentence); nothing
                changed.
        """
        before = self.state
        if before.is_over:
            raise Refused("The game is over: no action can be played.")
        if before.current_player != seat:
            raise Refused(f"It is {self.seat_title(before.current_player)}'s decision now.")
        try:
            action, notation = self._action_of(before, action)
            record, after = self.record.play(before, action, notation)
        except ValueError as exc:
            raise Refused(str(exc) or f"{excerpt(str(action))} is not legal now.") from None
        self.record = record
        self.history.append(after)
        if self.history_keep is not None:
            del self.history[: -self.history_keep]
        self.version += 1
        played = Played(seat, action, before, after)
        shown = self._cache.get(("rules_view", seat)) if self._cache_state is before else None
        kept = views_kept(before, after, known=None if shown is None else {seat: shown})
        with views_shared(after, self._shared_parts()), kept:
            self._log_action(before, action, after, seat)
            self.view(seat)  # the acting seat's next message, from the view its log just read
        return played

    def take_back_last(self) -> None:
        """Forget the last action as if it was never played (it could not be kept: nobody was
        told of it). Its log lines stay unread by anyone and are dropped too."""
        if len(self.history) < 2 or not self.record.actions:
            return
        self.history.pop()
        self.record = self.record.truncated(len(self.record.actions) - 1, self.state)
        self.version += 1
        for pov, count in self._last_logged.items():
            for _ in range(min(count, len(self.logs[pov]))):
                self.logs[pov].pop()
            self.log_counts[pov] -= count
        self._last_logged = {}

    def undo_status(self, seat: int | None) -> tuple[bool, str]:
        """Whether `seat` may take its last decisions back now, and if not, why."""
        state = self.state
        if seat is None or seat == SPECTATOR or state.is_over:
            return False, "Nothing can be undone: the game is over." if state.is_over else (
                "There is nothing of yours to undo."
            )
        # The rules' reasons speak of the seat deciding: another seat is told whose it is.
        if state.current_player not in (seat, None):
            return False, (
                f"Nothing can be undone now: it is {self.seat_title(state.current_player)}'s "
                "decision. Undo takes back your own decisions of a turn while it is still yours."
            )
        history = self.history
        target = self.rules.undo_target(history) if len(history) > 1 else None
        if target is not None and history[target].current_player == seat:
            return True, ""
        reason = self.rules.why_no_undo(history) if len(history) > 1 else ""
        return False, reason or "Nothing can be undone: you have made no decision yet this turn."

    def undo(self, seat: int) -> int:
        """Take back `seat`'s last decisions as far as the rules allow; return how many.

        Raises:
            Refused: the rules allow no undo now (their sentence).
        """
        can, why = self.undo_status(seat)
        if not can:
            raise Refused(why)
        target = self.rules.undo_target(self.history)
        steps = len(self.history) - 1 - target
        self.history = self.history[: target + 1]
        self.record = self.record.truncated(len(self.record.actions) - steps, self.state)
        self.version += 1
        title = self.seat_title(seat)
        plural = "s" if steps > 1 else ""
        self.write_log(lambda pov: [f"({title} took back {steps} action{plural})"])
        return steps

    # -- the log ------------------------------------------------------------------------------
    def write_log(self, lines_for) -> None:
        """Add lines to every point of view kept; `lines_for(pov)` gives that reader's lines."""
        self._last_logged = {}
        for pov in self.povs:
            lines = lines_for(pov)
            self.logs[pov].extend(lines)
            self.log_counts[pov] += len(lines)
            self._last_logged[pov] = len(lines)

    def log_since(self, pov: int, count: int) -> tuple[list[str], int]:
        """The lines of a point of view written after the first `count`, and the new count."""
        total = self.log_counts.get(pov, 0)
        log = self.logs.get(pov, deque())
        missing = max(0, min(total - count, len(log)))
        return (list(log)[len(log) - missing :] if missing else []), total

    def _log_action(self, before, action, after, seat: int) -> None:
        # The words know only whether the reader is the seat that acted: made twice at most,
        # not once for every point of view (each time from the views before and after).
        log, made = self.spec.log, {}

        def lines_for(pov: int) -> list[str]:
            private = pov == seat
            if private not in made:
                made[private] = log.log_lines(self.record, before, action, after, seat, private)
            return made[private]

        self.write_log(lines_for)

    def mark_bot_members(self, seats: Iterable[int]) -> None:
        """Name `seats` bot members in the log's opening (a person's seat that a program of the
        club holds, seated after the table was made): the log is written again if that changed."""
        seats = frozenset(seats)
        if seats == self.bot_members:
            return
        self.bot_members = seats
        for pov in self.povs:
            self.logs[pov].clear()
            self.log_counts[pov] = 0
        self._last_logged.clear()
        self._write_opening()

    def log_counts_at(self, actions: int) -> dict[int, int]:
        """Per point of view, how many log lines had been written once the record's first
        `actions` actions were (as the log was written from the record; the count now when not
        known): where a line said then goes among the log's."""
        if 0 <= actions < len(self._written):
            return dict(self._written[actions])
        return dict(self.log_counts)

    def _write_opening(self) -> None:
        """The log of the game so far: its opening, then every action of the record."""
        record, history = self.record, self.history
        named = record
        if self.bot_members:
            seats = [
                {**seat, "who": "bot member"} if i in self.bot_members else seat
                for i, seat in enumerate(record.seats)
            ]
            named = replace(record, seats=seats)
        log = self.spec.log
        states = history if len(history) == len(record.actions) + 1 else None
        if states is None and record.actions:
            try:
                states = records.replay(record)
            except records.SaveError:
                states = None
        self._written = []
        if states is None:
            if record.actions:
                self.write_log(lambda pov: ["(the game was restored from its saved position)"])
                return
            states = history
        self.write_log(lambda pov: log.opening_lines(named, states[0]))
        self._written.append(dict(self.log_counts))
        parse = self.rules.parse_action
        for before, after, text in zip(states, states[1:], record.actions, strict=False):
            seat = before.current_player
            action = parse(before, text)
            self.write_log(
                lambda pov, b=before, a=after, s=seat, x=action: log.log_lines(
                    record, b, x, a, s, pov == s
                )
            )
            self._written.append(dict(self.log_counts))

    # -- bots and hints (slow: run them off the event loop) ------------------------------------
    def bot(self, seat: int, level: str):
        """The bot of `level` playing `seat` (made once, seeded from the game)."""
        key = (seat, level)
        if key not in self._bots:
            self._bots[key] = self.spec.bots.make_bot(level, seed=self.record.seed * 10 + seat)
        return self._bots[key]

    def keep_bot(self, seat: int, level: str, bot) -> None:
        """Keep `bot` as the bot of `level` playing `seat` (as it came back from choosing in a
        worker process, remembering what it chose)."""
        self._bots[(seat, level)] = bot

    def bot_choice(self, seat: int, level: str, state=None):
        """The action `seat`'s bot takes in `state` (the current one by default); it sees only
        the seat's view. Blocks while the bot thinks (in a worker process for the expert)."""
        state = state or self.state
        bot = self.bot(seat, level)
        action, after = bot_process.choose(bot, state.view(seat), state.legal_actions())
        self.keep_bot(seat, level, after)
        return action

    def hint(self, seat: int, state=None) -> Hint:
        """What the strongest bot would do in `seat`'s place now, and why.

        Raises:
            Refused: it is not that seat's decision.
        """
        state = state or self.state
        actions = self.actions
        if state.is_over or state.current_player != seat:
            raise Refused("A hint is given when you are to decide.")
        level = SOLO_HINT_LEVEL if self.num_seats == 1 else HINT_LEVEL
        bot = self.spec.bots.make_bot(level, seed=self.record.seed)
        action, reason = bot_process.hint(bot, state.view(seat), state.legal_actions())
        words = self.words.words(state, state.view(seat), seat, action)
        return Hint(str(action), words, reason, actions)


def seat_choices(
    spec, state, seat: int | None, view: dict, undo: tuple[bool, str], legal: dict | None = None
) -> Choices:
    """What `seat` may do in `state`, in the seat API's shape, from the game's `choices` module.

    Args:
        spec: the game; `view` is `state.view(seat)`; `undo` is (whether `seat` may undo now,
            and if not why), which only the table's history can tell; `legal` the legal
            actions by notation (`GameTable.legal_by_notation`; made here when not given).
    """
    can_undo, why_no_undo = undo
    if seat is None or seat == SPECTATOR or state.is_over or state.current_player != seat:
        return Choices(seat, False, (), {}, {}, can_undo, why_no_undo)
    words = spec.choices
    if legal is None:
        legal = {str(a): a for a in state.legal_actions()}
    groups = words.KEY_GROUPS
    actions = tuple(
        Choice(
            notation,
            words.words(state, view, seat, action),
            words.detail(state, view, seat, action),
            _groups_of(groups, action),
        )
        for notation, action in legal.items()
    )
    open_groups = {g for c in actions for g in c.groups}
    closed = {g: words.why_closed(state, view, seat, g) for g in groups if g not in open_groups}
    legal_set = set(legal.values())
    refusals = {
        str(probe): words.refusal(state, view, seat, probe)
        for probe in words.probes(state, view, seat)
        if probe not in legal_set
    }
    return Choices(seat, True, actions, closed, refusals, can_undo, why_no_undo)


GROUPS_KEPT = 4096
"""Legal actions whose key groups are kept (`_groups_of`), of every game together."""
_GROUPS: dict[tuple[int, object], tuple[dict, tuple[str, ...]]] = {}
"""Per (the id of a game's key groups, a legal action): those groups (held, so the id stays
theirs) and the action's."""


def _groups_of(groups: dict, action) -> tuple[str, ...]:
    """The key groups of `groups` (a game's `KEY_GROUPS`) that `action` belongs to: each
    group's test reads the action alone, and the same actions come back position after
    position, so they are worked out once and kept (up to GROUPS_KEPT actions)."""
    key = (id(groups), action)
    kept = _GROUPS.get(key)
    if kept is None:
        if len(_GROUPS) >= GROUPS_KEPT:
            _GROUPS.clear()
        kept = _GROUPS[key] = (groups, tuple(g for g, (_, t) in groups.items() if t(action)))
    return kept[1]


def seat_view(rules, state, seat: int, view: dict | None = None) -> dict:
    """What a seat's client is shown: the rules' view of `seat` (`SPECTATOR`: the public view;
    `view`: that view, when made already), and under ``"projection"`` the final scoring as it
    would stand if the game ended now, as that seat may know it (`rules.projected_scores`; once
    the game is over, the final one)."""
    if view is None:
        view = state.public_view() if seat == SPECTATOR else state.view(seat)
    view = dict(view)
    known = None if seat == SPECTATOR else seat
    view["projection"] = rules.projected_scores(state, known)
    return view
