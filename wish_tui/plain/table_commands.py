"""The commands of a table in plain text: look, score, choices, why, undo, hint, rules, log,
save, help, quit.

`TableCommands` answers each for the `PlainTable` it serves, found in one explicit table by its
name (`run`); a place adds its own commands to the table's (`extra_commands`: `chat` at a server).
"""

from __future__ import annotations

from datetime import datetime
from functools import partial

from wish_tui.save_paths import load_word
from wish_tui.tables.seat import Choices, Refused

from .glance import GLANCE_COMMANDS, glance
from .matching import match
from .reading_commands import READING_COMMANDS, set_reading
from .topics import example_topic, find_topics, is_general_topic, rules_entries

LOG_KEPT = 400
"""Lines of news kept for `log`."""
COMMANDS = {
    "look": "look [SECTION]: read the table (all of it, or one section)",
    "score": "score: the final scoring as it would stand if the game ended now",
    "choices": "choices: the decision again, each choice with what its card or place does",
    "all": "all: every choice of the decision, one a line, by its number",
    "back": "back: one step up in a long decision's groups",
    **READING_COMMANDS,
    **GLANCE_COMMANDS,
    "why": "why MOVE: why a move is not legal now, in the rules' words",
    "undo": "undo: take back your last decisions, as far as the rules allow",
    "hint": "hint: what the strongest bot would do in your place",
    "rules": "rules [TOPIC]: the rules' topics, or one of them, a card or a place by its name",
    "log": "log [N]: the last N lines of news again (10)",
    "save": "save [NAME]: save the game under a name",
    "help": "help: this list",
    "quit": "quit: leave (the game is kept)",
}
"""Every command of a table and what it does (the order `help` reads them in)."""
ALIASES = {"exit": "quit", "?": "help", "l": "look", "h": "help", "details": "choices"}


class TableCommands:
    """The commands of one `PlainTable`."""

    def __init__(self, sitting) -> None:
        self.sitting = sitting
        self._handlers = {
            "help": self.help,
            "look": self.look,
            "score": self.score,
            "choices": self.choices,
            "all": self.every,
            "back": self.back,
            **{name: partial(set_reading, sitting, name) for name in READING_COMMANDS},
            **{name: partial(glance, sitting, name) for name in GLANCE_COMMANDS},
            "why": self.why,
            "undo": self.undo,
            "hint": self.hint,
            "rules": self.rules,
            "log": self.log,
            "save": self.save,
            "quit": self.quit,
        }

    @property
    def out(self):
        return self.sitting.out

    @property
    def text(self):
        """The game's words for plain text (`Game.text`)."""
        return self.sitting.text

    def run(self, name: str, rest: str) -> None:
        """Answer the command `name` (one of `COMMANDS`) with the rest of its line."""
        self._handlers[name](rest)

    def help(self, rest: str) -> None:
        self.out.say(
            "Type a choice's number, or its move in the rules' notation (the start of each word "
            "is enough when only one choice fits; Tab completes at a terminal). Commands:"
        )
        self.out.say(
            *COMMANDS.values(), *(help_line for help_line, _ in self.sitting.extra.values())
        )
        sections = "; ".join(f"{n}: {self.text.SECTION_HELP[n]}" for n in self.text.SECTIONS)
        self.out.say(f"Sections of look: {sections}.")

    def look(self, rest: str) -> None:
        if self.sitting.curtain_for is not None:
            return
        view = self.sitting.view()
        wanted = rest.lower()
        if not wanted:
            for name in self.text.SECTIONS:
                self.out.say(f"{name.capitalize()}:")
                self.out.say(*self.text.section(view, self.sitting.viewer, name))
            return
        name = self.text.ALIASES.get(wanted, wanted)
        if name not in self.text.SECTIONS:
            starts = [s for s in self.text.SECTIONS if s.startswith(wanted)]
            if len(starts) != 1:
                self.out.say(
                    f"There is no section '{rest[:30]}' here; the sections are "
                    f"{', '.join(self.text.SECTIONS)}."
                )
                return
            name = starts[0]
        self.out.say(*self.text.section(view, self.sitting.viewer, name))

    def score(self, rest: str) -> None:
        view = self.sitting.view()
        if self.sitting.table.is_over and view.get("scores"):
            self.out.say(*self.text.scoring(view, view["scores"], self.sitting.viewer, False))
            self.out.say(*self.sitting.settled(view["scores"]))
            return
        projection = view.get("projection")
        if not projection:
            self.out.say("No scoring can be read at this table.")
            return
        self.out.say(*self.text.scoring(view, projection, self.sitting.viewer, True))

    def choices(self, rest: str) -> None:
        if self.sitting.deciding_here():
            self.sitting.say_decision(detailed=True)
        else:
            self.sitting.status()

    def every(self, rest: str) -> None:
        if self.sitting.deciding_here():
            self.out.say(*self.sitting.steps.every(self.sitting.choices_now().actions))
        else:
            self.sitting.status()

    def back(self, rest: str) -> None:
        if self.sitting.deciding_here():
            self.out.say(*self.sitting.steps.back(self.sitting.choices_now().actions))
        else:
            self.sitting.status()

    def why(self, rest: str) -> None:
        if not rest:
            self.out.say("why needs a move, e.g. 'why " + self._example() + "'.")
            return
        choices = self.sitting.choices_now() if self.sitting.deciding_here() else Choices()
        found = match(rest, choices.actions) if choices.actions else None
        if found is not None and found.choice is not None:
            self.out.say(f"{found.choice.notation} is legal now: {found.choice.label}")
            return
        if (
            self.sitting.viewer is None
            or self.sitting.table.is_over
            or not self.sitting.choices_now().deciding
        ):
            self.sitting.not_yours()
            return
        self.sitting.ask_rules(rest, then_play=False)

    def _example(self) -> str:
        actions = self.sitting.choices_now().actions
        return actions[0].notation if actions else "end"

    def undo(self, rest: str) -> None:
        if self.sitting.viewer is None:
            self.sitting.not_yours()
            return
        choices = self.sitting.choices_now()
        if not choices.can_undo:
            self.out.say(choices.why_no_undo or "There is nothing of yours to undo.")
            return
        self.sitting.awaiting = "undo"
        self.sitting.awaiting_version = self.sitting.version_now()
        self.sitting.seat.undo()

    def hint(self, rest: str) -> None:
        if not self.sitting.deciding_here():
            self.out.say("A hint is given when you are to decide.")
            return
        self.out.say("Thinking of a hint…")
        self.sitting.awaiting = "hint"
        self.sitting.awaiting_version = self.sitting.version_now()
        self.sitting.seat.hint()

    def rules(self, rest: str) -> None:
        entries = rules_entries(self.sitting.spec)
        if not rest:
            general = [title for title, _ in entries if is_general_topic(title)]
            self.out.say(
                f"The rules of {self.sitting.spec.title}: {', '.join(general)}; and every card and place "
                "by its name (e.g. 'rules " + example_topic(entries) + "')."
            )
            return
        found = find_topics(entries, rest)
        if len(found) == 1:
            title, text = found[0]
            self.out.say(f"{title}: {text.splitlines()[0] if text else ''}", *text.splitlines()[1:])
        elif found:
            titles = ", ".join(t for t, _ in found[:12]) + (" …" if len(found) > 12 else "")
            self.out.say(f"'{rest[:30]}' could be: {titles}.")
        else:
            self.out.say(f"The rules have no topic '{rest[:30]}'; 'rules' lists them.")

    def log(self, rest: str) -> None:
        count = int(rest) if rest.isdigit() else 10
        lines = list(self.sitting.news_kept)[-max(1, min(count, LOG_KEPT)) :]
        self.out.say(*(lines or ["Nothing has happened yet."]))

    def save(self, rest: str) -> None:
        names = "-".join(s.name for s in self.sitting.table.seats)
        name = rest or f"{self.sitting.spec.name}-{names}-{datetime.now():%Y%m%d-%H%M%S}"
        try:
            path = self.sitting.table.save(name)
        except Refused as exc:
            self.out.say(str(exc))
            return
        word = load_word(path)
        named = f"'{word}'" if word == path.stem else word
        self.out.say(f"Saved as {named}: 'wish-tui plain load {word}' opens it again.")

    def quit(self, rest: str) -> None:
        words = self.sitting.leave_words()
        if words:
            self.out.say(words)
        self.sitting.leave()
