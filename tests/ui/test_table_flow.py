"""Pilot tests of what the table screen does for every game: windows of many options, the keys
of a finished game, the hot-seat curtain's save and quit."""

from __future__ import annotations

import pytest

from wish_tui.games import GAMES
from wish_tui.tables.seat import SeatInfo
from wish_tui.ui.screens.help_screens import RulesScreen
from wish_tui.ui.screens.table_screen import TableScreen
from wish_tui.widgets.choice_panel import ChoicePanel

from .helpers import app_of, lift_curtain, open_load, record_of, screen_of, settle


def _person_seat(title: str, person: str) -> SeatInfo:
    """A seat of a person (`person` empty: the seat is open) named `title`."""
    return SeatInfo(name=title.lower(), title=title, label=title, who="human", person=person)


def _wish_game():
    return record_of("wish", ["air", "water"], ["human", "easy"], 4, {}, ["setup"])


async def _at_air_s_turn(app, pilot) -> TableScreen:
    """The table screen of `_wish_game`'s app, once Air (the person) is to decide."""
    await lift_curtain(app, pilot)
    game = screen_of(app, TableScreen)
    while game.table.deciding != 0 or game.busy:
        await pilot.pause(0.05)
    return game


async def test_every_option_of_a_long_window_has_a_key():
    record, history = _wish_game()
    app = app_of(record, history)
    async with app.run_test(size=(100, 30)) as pilot:
        await lift_curtain(app, pilot)
        game = screen_of(app, TableScreen)
        targets = game.info_targets(game.view())
        assert len(targets) > 11
        await pilot.press("i")
        await settle(pilot)
        panel = app.screen.query_one(ChoicePanel)
        assert panel.is_open and "12. " in "\n".join(text for _, text in panel._rows)
        await pilot.press("1")  # 1, 10, 11 or 12: the number goes on
        await settle(pilot)
        assert panel.is_open and panel.highlighted == 0
        await pilot.press("2")
        await settle(pilot)
        assert isinstance(app.screen, RulesScreen)
        assert app.screen.search == targets[11][1]


def _finished_spirits_game():
    """A two-seat game of Spirits of the Forest played to its end, and its states."""
    import random

    record, history = record_of("spirits", ["air", "water"], ["human", "human"], 3, {})
    state, rng = history[-1], random.Random(1)
    while not state.is_over:
        record, state = record.play(state, rng.choice(state.legal_actions()))
        history.append(state)
    return record, history


async def test_a_finished_game_offers_only_the_keys_that_work_there():
    from wish_tui.ui.screens.choice_screen import ChoiceScreen
    from wish_tui.ui.screens.final_scoring import FinalScoringScreen
    from wish_tui.widgets.key_bar import KeyBar

    record, history = _finished_spirits_game()
    app = app_of(record, history)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, 5)
        assert isinstance(app.screen, FinalScoringScreen)
        await pilot.press("escape")
        await settle(pilot)
        game = screen_of(app, TableScreen)
        bar = game.query_one(KeyBar)
        shown = [desc for (_, desc), state in zip(bar._keys, bar.states, strict=True) if state]
        assert shown == ["Final scoring", "Leave"]
        await pilot.press("q")
        await settle(pilot)
        assert isinstance(app.screen, ChoiceScreen)
        labels = [label for label, _ in game.leave_options()]
        assert not any("Save" in label or "autosave" in label for label in labels)


async def test_leaving_from_the_final_scoring_says_where_the_game_is_kept():
    """Issue: q in the final scoring window left the app without a word."""
    from wish_tui.ui.screens.final_scoring import FinalScoringScreen

    record, history = _finished_spirits_game()
    app = app_of(record, history)
    said = []
    app.exit = lambda *args, message=None, **kwargs: said.append(message)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, 5)
        assert isinstance(app.screen, FinalScoringScreen)
        await pilot.press("q")
        await settle(pilot)
    assert said == ["The game is over; 'wish-tui' then Load lists it to replay."]


async def test_the_curtain_saves_and_quits_without_being_lifted(data_dir):
    from wish_tui.ui.screens.choice_screen import ChoiceScreen
    from wish_tui.ui.screens.curtain import CurtainScreen

    record, history = record_of("wish", ["air", "water"], ["human", "human"], 4, {})
    while history[-1].current_player != 1:  # the keyboard passes from Air to Water
        state = history[-1]
        record, state = record.play(state, state.legal_actions()[0])
        history.append(state)
    app = app_of(record, history)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, 5)
        assert isinstance(app.screen, CurtainScreen)
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, CurtainScreen)
        assert list((data_dir / "saves").glob("wish-air-water-*.json"))
        await pilot.press("q")
        await settle(pilot)
        assert isinstance(app.screen, ChoiceScreen)
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, CurtainScreen)


async def test_the_load_screen_says_who_won_a_finished_game_and_q_goes_back(data_dir):
    from textual.widgets import DataTable

    from wish_tui import saves
    from wish_tui.cli import Launch
    from wish_tui.ui.app import WishApp
    from wish_tui.ui.load import LoadScreen
    from wish_tui.ui.title import TitleScreen

    record, history = _finished_spirits_game()
    saves.autosave(record, finished=True)
    scores = history[-1].final_scores()
    winners = scores["ranking"][0]
    total = next(e["total"] for e in scores["seats"] if e["seat"] == winners[0])
    app = WishApp(Launch())
    async with app.run_test(size=(80, 24)) as pilot:
        await open_load(pilot, app)
        assert isinstance(app.screen, LoadScreen)
        grid = app.screen.query_one(DataTable)
        first = [str(cell) for cell in grid.get_row_at(0)]
        assert first[0].startswith("finished: ") and f"with {total}" in first[0]
        assert first[3] == "/".join(str(e["total"]) for e in scores["seats"])
        await pilot.press("q")
        await settle(pilot)
        assert isinstance(app.screen, TitleScreen)


async def test_the_new_game_form_starts_from_the_last_game_and_solo_shows_one_seat(data_dir):
    from textual.widgets import Select

    from wish_tui.cli import Launch
    from wish_tui.ui.app import WishApp
    from wish_tui.ui.new_game import NewGameScreen

    app = WishApp(Launch("new-game", game="wishland"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        form = app.screen
        assert isinstance(form, NewGameScreen)
        form.query_one("#who1", Select).value = "hard"
        await settle(pilot)
        await pilot.press("ctrl+n")
        await settle(pilot, 5)
        assert screen_of(app, TableScreen).spec.name == "wishland"
    app = WishApp(Launch("new-game"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        form = app.screen
        assert form.game.name == "wishland"
        assert form.query_one("#who1", Select).value == "hard"
        assert form.query_one("#row1").display
        form.query_one("#solo", Select).value = "standard"
        await settle(pilot)
        assert not any(form.query_one(f"#row{i}").display for i in (1, 2, 3))
        assert not form.query_one("#who0").display


async def test_a_game_started_from_the_command_line_is_where_the_form_starts_next(data_dir):
    """A newcomer ran 'wish-tui new --game spirits --modules wishes,hexes', pressed n after the
    final scoring and found the form back at no modules and an easy bot."""
    from textual.widgets import Checkbox, Select

    from wish_tui.cli import Launch, build_parser, launch_for_new
    from wish_tui.ui.app import WishApp
    from wish_tui.ui.new_game import NewGameScreen

    args = build_parser().parse_args(
        [
            "new",
            "--game",
            "spirits",
            "--modules",
            "wishes,hexes",
            "--seat",
            "earth:human",
            "--seat",
            "water:medium",
        ]
    )
    app = WishApp(launch_for_new(args))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert screen_of(app, TableScreen).spec.name == "spirits"
    app = WishApp(Launch("new-game"))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        form = app.screen
        assert isinstance(form, NewGameScreen) and form.game.name == "spirits"
        assert form.query_one("#djinn1", Select).value == "water"
        assert form.query_one("#who1", Select).value == "medium"
        assert form.query_one("#who2", Select).value == "none"
        assert form.query_one("#opt-modules-wishes", Checkbox).value
        assert form.query_one("#opt-modules-hexes", Checkbox).value


def test_the_chat_key_is_bound_by_no_game():
    from wish_tui import games

    chat = next(b for b in TableScreen.BINDINGS if b.action == "chat")
    for spec in games.GAMES.values():
        screen = spec.ui.GameScreen
        own = [b for b in screen.BINDINGS if b.action != "chat" and b.action in screen.KEY_GROUPS]
        used = {key for b in own for key in b.key.split(",")}
        assert chat.key not in used, spec.name


async def test_the_bell_rings_once_when_a_decision_comes_back_after_a_wait(monkeypatch):
    from wish_tui.ui.screens import table_turns

    monkeypatch.setattr(table_turns, "BELL_AFTER", 0.0)
    record, history = _wish_game()
    app = app_of(record, history)
    rings = []
    app.bell = lambda: rings.append(1)
    async with app.run_test(size=(100, 30)) as pilot:
        await lift_curtain(app, pilot)
        game = screen_of(app, TableScreen)
        while game.table.deciding != 0 or game.busy:
            await pilot.pause(0.05)
        before = len(rings)
        await pilot.press("n")  # end the turn: the bot plays, then it is Air's turn again
        await settle(pilot)
        if game.query_one(ChoicePanel).is_open:
            await pilot.press("1")
        for _ in range(200):
            await pilot.pause(0.05)
            if game.table.deciding == 0 and not game.busy:
                break
        assert len(rings) == before + 1
        game.action_bell()
        assert not app.bell_on


async def test_the_window_of_a_hinted_move_opens_on_it():
    from wish_tui.tables.seat import Hint

    record, history = _wish_game()
    app = app_of(record, history)
    async with app.run_test(size=(100, 30)) as pilot:
        game = await _at_air_s_turn(app, pilot)
        travels = game.router.group("travel")
        assert len(travels) >= 2
        wanted = travels[-1]
        game.table_hint(Hint(str(wanted), "", "it reaches the Dock", game.table.actions))
        await pilot.press("t")
        await settle(pilot)
        panel = game.query_one(ChoicePanel)
        assert panel.is_open and panel.highlighted == len(travels) - 1


async def test_a_solo_game_shows_the_best_score_of_its_setup(data_dir):
    from wish_tui import best_scores
    from wish_tui.widgets.view_text import ViewText

    best_scores.record_score("wishland", "solo", 41, "an-earlier-game", 3)
    from wish_tui import saves

    record, state = saves.GameRecord.new(["green"], 26, "standard", "wishland", {}, games=GAMES)
    app = app_of(record, [state])
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, 5)
        game = screen_of(app, TableScreen)
        await pilot.press("1")  # the Turn Order space; then the turn itself
        await settle(pilot, 5)
        assert not game.busy
        assert "best 41 VP" in game.query_one("#status", ViewText).text.plain


@pytest.mark.parametrize("game", ["wish", "spirits", "wishland"])
async def test_w_shows_the_final_scoring_as_it_would_stand_now(game):
    from textual.widgets import Label

    from wish_tui import games
    from wish_tui.ui.screens.final_scoring import FinalScoringScreen

    spec = games.get(game)
    record, history = record_of(game, spec.seats[:2], ["human", "easy"], 6, {}, ["setup"])
    app = app_of(record, history)
    async with app.run_test(size=(100, 30)) as pilot:
        await lift_curtain(app, pilot)
        game_screen = screen_of(app, TableScreen)
        projection = game_screen.view()["projection"]
        assert [e["seat"] for e in projection["seats"]] == [0, 1]
        await pilot.press("w")
        await settle(pilot)
        window = app.screen
        assert isinstance(window, FinalScoringScreen) and window.projected
        verdict = str(window.query_one("#verdict", Label).render())
        assert verdict.startswith("If the game ended now: ")
        said = verdict.removeprefix("If the game ended now: ")
        assert said[:1].isupper() or said.startswith("the forest"), verdict  # 'Air wins'
        await pilot.press("n")  # no new game from here
        await settle(pilot)
        assert app.screen is window
        await pilot.press("w")
        await settle(pilot)
        assert app.screen is game_screen


async def test_wishlands_status_says_when_the_turn_waits_for_e():
    """A turn waits for e only while something free is left, and the line says so first."""
    import random

    from wish_tui.widgets.view_text import ViewText

    record, history = record_of("wishland", ["red", "blue"], ["human", "human"], 11, {})
    state, rng = history[-1], random.Random(2)
    while not (
        state.view(state.current_player)["stage"] == "after"
        and all(a.kind in ("claim", "end", "collect") for a in state.legal_actions())
    ):
        record, state = record.play(state, rng.choice(state.legal_actions()))
        history.append(state)
    app = app_of(record, history)
    async with app.run_test(size=(100, 30)) as pilot:
        await lift_curtain(app, pilot)
        game = screen_of(app, TableScreen)
        line = game.query_one("#status", ViewText).text.plain
        assert "Action done" in line and line.endswith("e ends your turn")


def test_the_clock_line_says_it_waits_while_a_seat_is_open():
    from types import SimpleNamespace

    from wish_tui.ui.screens.table_people import TablePeople

    clock = {"setting": {"type": "live"}, "running": None, "left": [300.0, 300.0]}
    table = SimpleNamespace(
        clock=clock,
        seats=[_person_seat("Earth", "ann"), _person_seat("Water", "")],
        clock_left=lambda s: 300.0,
    )
    line = TablePeople.clock_line(SimpleNamespace(table=table))
    assert line == "◷ Earth 5:00 Water 5:00 (waits for every seat)"
    table.seats[1] = _person_seat("Water", "bob")
    assert "waits" not in TablePeople.clock_line(SimpleNamespace(table=table))


async def test_an_answered_window_stays_until_the_table_says_what_came_of_it():
    """The choice panel is not closed as its answer is sent, only once the table has changed (or
    refused it): a next decision of the same keyboard is then asked in the same panel, with no
    layout of the screen to close it and another to open it again."""
    record, history = _wish_game()
    app = app_of(record, history)
    async with app.run_test(size=(100, 30)) as pilot:
        game = await _at_air_s_turn(app, pilot)
        panel = game.query_one(ChoicePanel)
        await pilot.press("t")
        await settle(pilot)
        assert panel.is_open
        sent = []
        seat = game.seat
        play = seat.play
        seat.play = sent.append  # the table has not answered yet
        await pilot.press("1")
        await settle(pilot)
        assert sent and panel.shown and not panel.is_open
        await pilot.press("1")  # an answered panel takes no other answer
        await settle(pilot)
        assert len(sent) == 1
        seat.play = play
        before = game.table.actions
        play(sent[0])
        await settle(pilot)
        assert game.table.actions == before + 1
        assert not panel.shown and not panel.is_open


def test_a_clock_too_long_for_the_status_line_keeps_the_running_seats_and_the_words_whole():
    import time
    from types import SimpleNamespace

    from rich.text import Text

    from wish_tui.ui.screens.table_people import TablePeople
    from wish_tui.ui.screens.table_status import TableStatus

    clock = {"setting": {"type": "turn"}, "running": 0, "left": [1209600.0] * 3, "move_left": 9.1e4}
    table = SimpleNamespace(
        clock=clock,
        seats=[_person_seat("Red", "ann"), _person_seat("Green", "bob"), _person_seat("Blue", "")],
        clock_left=lambda s: 1209600.0,
        clock_at=time.monotonic(),
    )
    people = SimpleNamespace(table=table)
    people.clock_line = lambda **options: TablePeople.clock_line(people, **options)
    for width, narrow in ((80, False), (140, False)):
        screen = SimpleNamespace(
            people=people, size=SimpleNamespace(width=width), parts=SimpleNamespace(narrow=narrow)
        )
        words = "Red: a decision is waiting — choose in the window."
        line = TableStatus(screen)._with_clock(words)
        assert line.endswith(words) and Text(line).cell_len <= width, line
        if width == 80:
            assert "▶Red 1 d 1 h" in line  # the move's time, shorter than the game's
    assert "Green 14 d 0 h" in line  # all of it where it fits
    screen.size.width = 60  # the running clock stays in sight, the words cut after it
    assert TableStatus(screen)._with_clock(words) == f"◷ ▶Red 1 d 1 h │ {words}"


def test_a_stopped_clock_too_long_for_the_status_line_leaves_the_words_alone():
    # At a finished live table the clock runs for no one: where every seat's time does not fit
    # beside the words, the line was ' │ The game is over: …', a bar after an empty clock.
    from types import SimpleNamespace

    from wish_tui.ui.screens.table_people import TablePeople
    from wish_tui.ui.screens.table_status import TableStatus

    clock = {"setting": {"type": "live"}, "running": None, "left": [300.0, 207.0]}
    table = SimpleNamespace(
        clock=clock,
        seats=[_person_seat("Air", "ann"), _person_seat("Earth", "bob")],
        clock_left=lambda s: 300.0,
    )
    people = SimpleNamespace(table=table)
    people.clock_line = lambda **options: TablePeople.clock_line(people, **options)
    screen = SimpleNamespace(
        people=people, size=SimpleNamespace(width=80), parts=SimpleNamespace(narrow=False)
    )
    words = "The game is over: its final scoring is shown; Esc there shows the table."
    assert TableStatus(screen)._with_clock(words) == words


def test_the_waiting_lines_keys_drop_from_the_last_where_the_line_has_no_room():
    # 'Waiting for Fire (Ann). z lets a bot play for them · / chats · q back to the ta…'
    from types import SimpleNamespace

    from wish_tui.ui.screens.table_people import TablePeople

    away = SimpleNamespace(by_bot=False)
    table = SimpleNamespace(
        can_hand_to_bot=True, deciding=0, away_long={0}, seats=[away], can_chat=True
    )
    people = SimpleNamespace(table=table)
    whole = " z lets a bot play for them · / chats · q back to the tables"
    assert TablePeople.waiting_keys(people) == whole
    assert TablePeople.waiting_keys(people, room=len(whole)) == whole
    assert TablePeople.waiting_keys(people, room=56) == " z lets a bot play for them · / chats"
    assert TablePeople.waiting_keys(people, room=30) == " z lets a bot play for them"
