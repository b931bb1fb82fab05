"""A tap (a mouse click) on a card, a tile or a place of the board, as Board Game Arena takes it.

Written once for every game. A game's board widgets only say which place a click landed on (each
drawn segment carries its place, `wish_tui.widgets.board_place`), and the game's `BoardTaps`
says which places each of its actions is about, what a place is in words, and how its own
highlight moves onto a place (the same as its arrow keys). Then, at any table screen:

- A tap on the place of one of the current choices highlights it: the open window's option, or
  in one's turn the game's highlight (the detail line says what it is).
- A second tap on the same highlighted place takes it, the same as Enter: the option, or the one
  action that place is about. Where a place is about several actions (a tile taken from either
  end, an Area one may travel to in two columns), the tap narrows the window to those actions,
  in steps as the game's keys ask them (`TableScreen.option_steps`).
- A tap on anything else says what it is in words and changes nothing of the game. A window a
  key of one's turn opened goes first, unanswered, when the tap is about none of its options
  (as another game key takes its place).
- The detail line begins with what a tap again takes (`prompt`).

Everything goes through the path of the keys: the window's own pick, `TableKeys`' confirmation
and `TableScreen.play` by notation; no other way reaches the rules.
"""

from __future__ import annotations

from wish_tui.widgets.choice_panel import ChoicePanel
from wish_tui.widgets.detail_line import DetailLine

from .table_keys import MANY_OPTIONS


class BoardTaps:
    """What a game's board places are to its choices; a board whose places take no taps."""

    def __init__(self, screen) -> None:
        self.screen = screen

    def places(self, view: dict, action) -> tuple:
        """The board places a legal action is about (those a tap on which offers it)."""
        return ()

    def point(self, place, actions: list) -> bool:
        """Move the game's highlight onto `place`, as its arrow keys would (`actions`: the
        legal actions about it); True when the highlight is on it now."""
        return False

    def pointed(self):
        """The place the game's highlight is on now (None: none)."""
        return None

    def name(self, view: dict, place) -> str:
        """A place in a few words, for the title of a window narrowed to its actions."""
        return ""

    def words(self, view: dict, place) -> str:
        """What a place is, in words (a tap on it says this)."""
        return ""


class TableTaps:
    """The taps on a `TableScreen`'s board (`screen.taps`), with its game's `BoardTaps`."""

    def __init__(self, screen) -> None:
        self.screen = screen
        self.board = screen.BOARD.TAPS(screen)
        """The game's part: what its places are (`BoardTaps`)."""
        self.armed: tuple | None = None
        """The place tapped last and the table's version then: a tap on it again takes it."""
        self.offer: tuple | None = None
        """What a tap again on the armed place takes: (place, in the window, hits: the options'
        indices there, else the legal actions)."""

    def tapped(self, place) -> None:
        """A tap on a place of the board."""
        screen = self.screen
        if screen.table.is_over:
            return
        view = screen.view()
        panel = screen.composed(ChoicePanel)
        armed, self.armed = self.armed, (place, screen.table.version)
        again, self.offer = armed == self.armed, None
        options = screen._options if panel.is_open and screen._on_choice is None else []
        if panel.is_open and screen._switchable and not self._about(view, place, options):
            # A window a key of one's turn opened goes, unanswered, when the tap is about none
            # of its options: the tap is then taken as in the turn (another key does the same).
            screen._drop_question()
        if panel.is_open:
            self._in_window(view, place, panel, options, again)
        elif screen.router.live():
            legal = screen.legal()
            self._in_turn(view, place, [legal[i] for i in self._about(view, place, legal)], again)
        elif not self.board.point(place, []):
            self._say(view, place)

    def _in_window(self, view: dict, place, panel: ChoicePanel, options: list, again) -> None:
        """A tap while a window asks: it highlights the option the place is about, or takes
        it (narrows the window to those options, when several)."""
        hits = self._about(view, place, options)
        if not hits:
            self.armed = None
            self._say(view, place)
            return
        if not (again and panel.highlighted in hits):
            self.offer = (place, True, hits)
            if panel.highlighted not in hits:
                panel.move(hits[0] - panel.highlighted)
            self.screen.detail.show()
            return
        self.armed = None
        if len(hits) in (1, len(options)):
            panel.confirm()
        else:
            self._narrow(view, place, [options[i] for i in hits])

    def _about(self, view: dict, place, actions: list) -> list[int]:
        """The indices of the `actions` that `place` is about."""
        return [i for i, action in enumerate(actions) if place in self.board.places(view, action)]

    def _in_turn(self, view: dict, place, hits: list, again: bool) -> None:
        """A tap in one's turn: it moves the game's highlight there, or takes what it
        highlights (narrows to a window of those actions, when several)."""
        if not hits:
            self.armed = None
            if not self.board.point(place, []):
                self._say(view, place)
            return
        if not (again and self.board.pointed() == place):
            self.offer = (place, False, hits)
            self.board.point(place, hits)
            return
        self.armed = None
        if len(hits) == 1:
            self.screen.router.confirm_then_play(hits[0])
        else:
            self._narrow(view, place, hits)

    def prompt(self) -> str:
        """What a tap again on the place just tapped takes, to begin the detail line with
        ('' when it takes nothing now: the highlight moved, the table changed)."""
        screen = self.screen
        if self.offer is None or self.armed != (self.offer[0], screen.table.version):
            return ""
        place, in_window, hits = self.offer
        panel = screen.composed(ChoicePanel)
        if in_window != panel.is_open:
            return ""
        if in_window:
            return "Tap it again to choose it. " if panel.highlighted in hits else ""
        if self.board.pointed() != place:
            return ""
        if len(hits) == 1:
            return f"Tap again: {screen.label(hits[0])}. "
        return f"Tap again to choose among its {len(hits)} actions. "

    def _narrow(self, view: dict, place, actions: list) -> None:
        """Ask which of the `actions` a place is about, as the game's keys would."""
        screen = self.screen
        name = self.board.name(view, place) or "This"
        groups = screen.choice_of(actions[0]).groups
        steps = screen.option_steps(groups[0]) if groups else ()
        if len(actions) > MANY_OPTIONS and steps:
            screen.router.choose_in_steps(name, actions, steps)
        else:
            screen._choose(f"{name}: choose", actions)

    def _say(self, view: dict, place) -> None:
        """Say what a place is: on the detail line, or on the status line of a game with none."""
        words = self.board.words(view, place)
        if not words:
            return
        if self.screen.DETAIL_ROWS:
            self.screen.query_one(DetailLine).say(words)
        else:
            self.screen.refuse(words)
