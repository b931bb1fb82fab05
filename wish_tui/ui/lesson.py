"""A guided first game: a lesson's steps (`wish_tui.lessons`) on a game's own table screen.

`lesson_screen(spec, table, lesson)` returns the game's screen (`spec.ui.GameScreen`) with
`LessonSteps` mixed in before it: the same screen, keys and words as any game of that game, plus
the lesson panel (`wish_tui.widgets.lesson_panel`) and a guard on the keys. While a step lasts,
only the keys it names, in their order, reach the game (and q, to leave, and ctrl+s, to save);
any other key repeats the step's hint and changes nothing, and an action other than the step's
(a click on another option) is not sent. A step is done when the table tells of its action,
when its last key opens a window, or (a step that looks) when its last key is pressed; after the
last step the game goes on as free play.

It holds no game state: it reads the seat's choices and the table's count of actions, and its
own place in the lesson. The game is a normal game of a `LocalTable`: autosaved after every
action, so `continue` resumes it (as free play).
"""

from __future__ import annotations

from functools import cache

from textual import events

from wish_tui.lessons import Lesson, Step
from wish_tui.ui.screens.table_keys import CHOICE_KEYS
from wish_tui.widgets.choice_panel import ChoicePanel
from wish_tui.widgets.lesson_panel import LessonPanel

FREE_KEYS = frozenset({"q", "ctrl+q", "ctrl+c", "ctrl+s"})
"""Keys that work in every step: leaving and saving are never wrong."""
KEY_NAMES = {
    "right": "→",
    "left": "←",
    "up": "↑",
    "down": "↓",
    "enter": "Enter",
    "escape": "Esc",
    "question_mark": "?",
    "f1": "F1",
    "space": "Space",
}
"""Textual's key names as the lesson texts and the key bar write them."""
OFF_SCRIPT = "The game went another way than this lesson's steps."
"""Said before free play when a step's action is not the person's to take."""


def lesson_screen(spec, table, lesson: Lesson):
    """The game screen of `spec` at `table`, guided by `lesson`."""
    return _screen_class(spec.ui.GameScreen)(table, lesson=lesson)


@cache
def _screen_class(game_screen: type) -> type:
    """The game's screen class with the lesson mixed in (made once per game)."""
    return type(
        f"Lesson{game_screen.__name__}",
        (LessonSteps, game_screen),
        {"__doc__": f"{game_screen.__doc__} Guided by a lesson."},
    )


def key_name(key: str) -> str:
    """A step's key as the screen writes it ('right' is →, 'question_mark' is ?, 'b,enter' is
    b or Enter)."""
    return " or ".join(KEY_NAMES.get(k, k) for k in key.split(","))


def same_notation(a: str, b: str) -> bool:
    """True when two notations write the same action (any case and spacing)."""
    return " ".join(a.split()).lower() == " ".join(b.split()).lower()


class LessonSteps:
    """A lesson's steps over a table screen (mixed in before the game's screen class)."""

    def __init__(self, table, warning: str | None = None, *, lesson: Lesson) -> None:
        self.lesson = lesson
        self.step_index = 0
        """The step shown (len(lesson.steps) once free play has begun)."""
        self._pressed = 0
        """How many of the step's keys have been pressed."""
        self._sent_at: int | None = None
        """The table's count of actions when the step's action was sent (None: not sent)."""
        super().__init__(table, warning)

    # -- where the lesson stands -------------------------------------------------------------
    @property
    def step(self) -> Step | None:
        """The step shown, or None in free play."""
        steps = self.lesson.steps
        return steps[self.step_index] if self.step_index < len(steps) else None

    @property
    def in_free_play(self) -> bool:
        """True once the last step is done (or the lesson no longer fits the game)."""
        return self.step is None

    def _deciding(self) -> bool:
        """True when the person at the keyboard has the decision."""
        table = self.table
        return not table.is_over and table.deciding == self.viewer

    # -- the screen ------------------------------------------------------------------------------
    def compose(self):
        yield from super().compose()
        yield LessonPanel(id="lesson")

    def opened(self) -> None:
        super().opened()
        self._show_step()
        self._check_fits()

    def on_resize(self) -> None:
        self.call_after_refresh(self._place_panel)

    def _open_panel(self, title: str, labels: list[str], cancellable: bool) -> None:
        self._place_panel()  # a lesson panel under the game's map keeps the window below it
        super()._open_panel(title, labels, cancellable)
        self._place_panel()

    def on_choice_panel_chosen(self, event: ChoicePanel.Chosen) -> None:
        # The game screen's own handler (run after this one) closes the panel.
        self.call_after_refresh(self._place_panel)

    def status_placed(self, top: int) -> None:
        super().status_placed(top)
        self._place_panel()

    def _place_panel(self) -> None:
        """Keep the lesson panel just under the rows the game keeps in sight (its map), and an
        open question under it; in a game that keeps none, just above the status line (or the
        detail line), or above an open question."""
        if not self.is_mounted:
            return
        panel = self.query_one(LessonPanel)
        choice = self.query_one(ChoicePanel)
        kept = self.kept_rows() if panel.display else 0
        choice.keep_below(0)
        lowest = min(self.news.overlay_bottom(), self.news.panels_bottom())
        if kept:
            bottom = min(kept + panel.rows, lowest)
            choice.keep_below(bottom)
            panel.place(bottom)
            self.news.keep_in_sight()
            return
        bottom = lowest
        if choice.shown:
            bottom = min(bottom, int(choice.styles.offset.y.value))
        panel.place(bottom)
        self.news.keep_in_sight()

    def rows_over_table(self) -> set[int]:
        return super().rows_over_table() | set(self.query_one(LessonPanel).rows_over_table())

    def _show_step(self, before_free_play: str = "") -> None:
        lesson, step = self.lesson, self.step
        panel = self.query_one(LessonPanel)
        if step is None:
            text = f"{before_free_play} {lesson.free_play}".strip()
            panel.show(f"{lesson.heading} · free play", text)
        else:
            title = f"{lesson.heading} · step {self.step_index + 1} of {len(lesson.steps)}"
            panel.show(title, step.text)
        self._place_panel()

    # -- the keys --------------------------------------------------------------------------------
    def on_key(self, event: events.Key) -> None:
        """Let through the key the step waits for; any other repeats the hint."""
        step = self.step
        if step is None or event.key in FREE_KEYS:
            return
        if step.play and not self._deciding():
            # Another seat decides: a key only hurries its bot, as in any game.
            _hold(event)
            self.table.hurry()
            return
        if self._pressed >= len(step.keys):
            # Every key was pressed and the step is not done yet: this key came in before the
            # game acted on the last one (typed fast), so it belongs to no step and is dropped,
            # as keys typed ahead of a question are. The next key starts the step again.
            self._pressed = 0
            _hold(event)
            return
        if event.key not in step.keys[self._pressed].split(","):
            _hold(event)
            self.say_hint()
            return
        if self._typed_ahead(event):
            return  # the game screen drops it (typed before its question was asked)
        self._pressed += 1
        self.query_one(LessonPanel).unsay()
        if step.look and self._pressed == len(step.keys):
            self.call_after_refresh(self._advance)  # once the key has moved the cursor
        self.call_after_refresh(self._place_panel)

    def _typed_ahead(self, event: events.Key) -> bool:
        panel = self.query_one(ChoicePanel)
        return panel.is_open and event.key in CHOICE_KEYS and event.time < self._asked_at

    def say_hint(self) -> None:
        """Repeat the step's hint (one sentence) as the panel's last line, and the key it waits
        for when some of its keys are pressed already (a highlight may have moved)."""
        step = self.step
        if step is None:
            return
        hint = step.hint
        if 0 < self._pressed < len(step.keys):
            hint += f" · next key: {key_name(step.keys[self._pressed])}"
        self.query_one(LessonPanel).say(hint)
        self._place_panel()  # a hint of two lines takes a row more

    def on_screen_suspend(self) -> None:
        """A window opened over the table: the step is done if its last key opened it."""
        step = self.step
        if step is not None and step.window and self._pressed == len(step.keys):
            self._advance()

    # -- the table ---------------------------------------------------------------------------------
    def play(self, action) -> None:
        """Send the step's action; refuse any other while a step lasts."""
        step = self.step
        if step is None:
            panel = self.query_one(LessonPanel)
            if panel.display:
                panel.display = False  # free play was read: the table is the person's
                self._place_panel()
        elif not step.play or not same_notation(str(action), step.play):
            self._pressed = 0
            self.say_hint()
            self.key_bar.update()
            self.proceed()
            return
        else:
            self._sent_at = self.table.actions
        super().play(action)

    def table_changed(self) -> None:
        super().table_changed()
        if not self.is_mounted:
            return
        if self._sent_at is not None and self.table.actions > self._sent_at:
            self._advance()
        else:
            self._check_fits()
        self._place_panel()

    def table_refused(self, sentence: str) -> None:
        self._sent_at = None
        self._pressed = 0
        super().table_refused(sentence)

    def _advance(self) -> None:
        """The step is done: show the next one, or begin free play."""
        self.step_index += 1
        self._pressed = 0
        self._sent_at = None
        self._show_step()
        self._check_fits()

    def _check_fits(self) -> None:
        """Begin free play when the step's action is not the person's to take at their
        decision (the game went another way than the lesson's script)."""
        step = self.step
        if step is None or not step.play or not self._deciding():
            return
        if self.choices().find(step.play) is None:
            self.step_index = len(self.lesson.steps)
            self._show_step(OFF_SCRIPT)


def _hold(event: events.Key) -> None:
    """Keep a key from the game screen and its bindings."""
    event.prevent_default()
    event.stop()
