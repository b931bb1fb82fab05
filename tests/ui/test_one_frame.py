"""A change of the table is drawn in one frame: the log's new line, the board, the status line
and the key bar together (at a server of hundreds of sessions each frame renders and diffs the
screen: two frames a change cost twice that)."""

from __future__ import annotations

import contextlib

from rich.text import Text
from textual.app import App, ComposeResult
from textual.screen import Screen

from wish_tui.ui.screens import table_key_bar
from wish_tui.widgets.key_bar import KeyBar
from wish_tui.widgets.view_text import ViewText

from .helpers import settle
from .test_action_keys import app_for, turn_position
from .test_game_flow import game_of


def frames_counted(monkeypatch) -> list[set[str]]:
    """The widgets each frame drawn from now on repainted (one set a frame)."""
    frames: list[set[str]] = []
    refresh = Screen._compositor_refresh

    def counted(screen) -> None:
        frames.append({type(widget).__name__ for widget in screen._dirty_widgets})
        refresh(screen)

    monkeypatch.setattr(Screen, "_compositor_refresh", counted)
    return frames


async def test_an_action_is_drawn_in_one_frame(monkeypatch):
    state, seat = turn_position()
    app = app_for(state)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, 5)
        game = game_of(app)
        frames = frames_counted(monkeypatch)
        lines = len(game.query_one("GameLog").lines)
        game.play(game.router.group("travel")[0])  # the table tells the screen at once
        await settle(pilot, 5)
        assert len(game.query_one("GameLog").lines) > lines  # the log has its new line
        assert len(frames) == 1, frames


async def test_the_key_bar_asked_several_times_while_held_is_worked_out_once(monkeypatch):
    state, seat = turn_position()
    app = app_for(state)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        game = game_of(app)
        states: list[list] = []
        show_states = KeyBar.show_states
        monkeypatch.setattr(
            KeyBar, "show_states", lambda bar, *a: (states.append(a[0]), show_states(bar, *a))
        )
        with game.key_bar.held():
            game.key_bar.update()
            game.busy = True  # as a question asked while the change is shown
            game.key_bar.update()
            assert states == []
        assert len(states) == 1


async def turn_with_detail(app, pilot):
    """The game screen at the person's turn, its detail line, and what that says."""
    await settle(pilot, 5)
    game = game_of(app)
    detail = game.query_one("DetailLine")
    return game, detail, detail.words


@contextlib.asynccontextmanager
async def at_the_turn():
    """At the person's turn: the pilot, the game screen, its detail line and what that says."""
    state, _seat = turn_position()
    app = app_for(state)
    async with app.run_test(size=(100, 30)) as pilot:
        yield (pilot, *await turn_with_detail(app, pilot))


async def answered_held(monkeypatch, pilot, game):
    """`n` then `1` (Yes) at the person's turn, the table's answer held back: the actions the
    table was asked to play, and the seat's way of playing them."""
    played: list[str] = []
    play = game.seat.play
    monkeypatch.setattr(game.seat, "play", played.append)
    await pilot.press("n")  # End turn: 'End the turn with 3 action markers unused?'
    await settle(pilot, 5)
    await pilot.press("1")  # Yes
    await settle(pilot, 5)
    return played, play


async def test_a_window_opens_with_its_detail_line_in_one_frame(monkeypatch):
    async with at_the_turn() as (pilot, game, detail, before):
        frames = frames_counted(monkeypatch)
        await pilot.press("t")  # Travel: a window of the Areas to go to
        await settle(pilot, 5)
        assert game.query_one("ChoicePanel").is_open
        assert detail.words != before  # it says what the highlighted Area is
        assert len(frames) == 1, frames


class GrowingText(App):
    def compose(self) -> ComposeResult:
        yield ViewText(id="text")


async def test_a_text_of_one_line_more_is_drawn_in_one_frame(monkeypatch):
    app = GrowingText()
    async with app.run_test(size=(40, 10)) as pilot:
        text = app.query_one(ViewText)
        text.show(Text("one\ntwo"))
        await settle(pilot, 5)
        frames = frames_counted(monkeypatch)
        text.show(Text("one\ntwo\nthree"))
        await settle(pilot, 5)
        assert [strip.text.rstrip() for strip in (text.render_line(y) for y in range(3))] == [
            "one",
            "two",
            "three",
        ]
        assert len(frames) == 1, frames


async def test_a_window_answered_closes_with_its_detail_line_in_one_frame(monkeypatch):
    async with at_the_turn() as (pilot, game, detail, before):
        await pilot.press("t")  # Travel: the detail line says what the highlighted Area is
        await settle(pilot, 5)
        assert game.query_one("ChoicePanel").is_open
        assert detail.words != before
        frames = frames_counted(monkeypatch)
        await pilot.press("escape")  # back
        await settle(pilot, 5)
        assert not game.query_one("ChoicePanel").shown
        assert detail.words == before
        assert len(frames) == 1, frames


async def test_a_window_confirming_an_action_stays_until_the_table_says_what_came_of_it(
    monkeypatch,
):
    # At a server the table answers a few milliseconds later: the window closing on its own
    # would be a frame of its own, the log's rows under it sent again, then moved by the change.
    async with at_the_turn() as (pilot, game, detail, before):
        played, play = await answered_held(monkeypatch, pilot, game)
        panel = game.query_one("ChoicePanel")
        assert played and panel.shown and not panel.is_open  # answered, shown until told
        lines = len(game.query_one("GameLog").lines)
        frames = frames_counted(monkeypatch)
        play(played[0])  # the table says
        await settle(pilot, 5)
        assert not panel.shown
        assert len(game.query_one("GameLog").lines) > lines
        assert len(frames) == 1, frames


async def confirmed_unanswered(monkeypatch, app, pilot, awaited: float):
    """`n` then `1` (Yes) at the person's turn, the table's answer held back and the keys kept
    `awaited` seconds for it: the screen, the frames drawn since `1` and the action the table
    was asked to play."""
    monkeypatch.setattr(table_key_bar, "ANSWER_AWAITED", awaited)
    game, _, _ = await turn_with_detail(app, pilot)
    played: list[str] = []
    monkeypatch.setattr(game.seat, "play", played.append)
    await pilot.press("n")  # End turn: 'End the turn with 3 action markers unused?'
    await settle(pilot, 5)
    frames = frames_counted(monkeypatch)
    await pilot.press("1")  # Yes
    await settle(pilot, 5)
    assert played
    return game, frames, played[0]


async def test_an_action_sent_and_its_answer_are_drawn_in_one_frame(monkeypatch):
    # At a server the table answers a few milliseconds after the key: the key bar greyed
    # while it is awaited would be a frame of its own, just before the answer's.
    state, seat = turn_position()
    app = app_for(state)
    async with app.run_test(size=(100, 30)) as pilot:
        play = game_of(app).seat.play
        game, frames, action = await confirmed_unanswered(monkeypatch, app, pilot, 30.0)
        assert frames == []  # nothing drawn while the answer is awaited
        play(action)  # the table says
        await settle(pilot, 5)
        assert not game.query_one("ChoicePanel").shown
        assert len(frames) == 1, frames
        assert "KeyBar" in frames[0]


async def test_an_answer_slow_under_load_is_still_drawn_with_the_keys_in_one_frame(monkeypatch):
    # Seen: at a server under load the answer came after the 80 ms the keys were kept for it:
    # the key bar was drawn in a frame of its own ('answer awaited'), then again with the
    # answer. An answer a fifth of a second late is only slow.
    import asyncio

    state, seat = turn_position()
    app = app_for(state)
    async with app.run_test(size=(100, 30)) as pilot:
        play = game_of(app).seat.play
        awaited = table_key_bar.ANSWER_AWAITED
        game, frames, action = await confirmed_unanswered(monkeypatch, app, pilot, awaited)
        await asyncio.sleep(0.2)
        await settle(pilot, 2)
        assert frames == []  # nothing drawn yet: the answer is only slow
        play(action)
        await settle(pilot, 5)
        assert len(frames) == 1, frames
        assert "KeyBar" in frames[0]


async def test_an_answer_awaited_takes_no_task_of_its_own(monkeypatch):
    # The wait is the loop's timer, cancelled by the answer: no Textual timer (a task made
    # and stepped) in the acting app each action.
    from textual.message_pump import MessagePump

    state, seat = turn_position()
    app = app_for(state)
    async with app.run_test(size=(100, 30)) as pilot:
        set_timer = MessagePump.set_timer
        timers: list = []
        monkeypatch.setattr(
            MessagePump, "set_timer", lambda *a, **k: timers.append(a) or set_timer(*a, **k)
        )
        play = game_of(app).seat.play
        game, frames, action = await confirmed_unanswered(monkeypatch, app, pilot, 30.0)
        awaited = game.key_bar._awaited
        assert timers == [] and awaited is not None
        play(action)
        await settle(pilot, 5)
        assert awaited.cancelled() and game.key_bar._awaited is None
        assert len(frames) == 1, frames


async def test_an_answer_that_does_not_come_greys_the_keys_soon(monkeypatch):
    state, seat = turn_position()
    app = app_for(state)
    async with app.run_test(size=(100, 30)) as pilot:
        game, frames, _ = await confirmed_unanswered(monkeypatch, app, pilot, 0.01)
        bar = game.query_one(KeyBar)
        await pilot.pause(0.1)
        await settle(pilot, 5)
        assert any(frame == {"KeyBar"} for frame in frames), frames
        assert not any(
            state and label == "n" for state, label in zip(bar._states, bar._labels, strict=True)
        )


async def test_a_window_opening_or_closing_says_its_detail_once(monkeypatch):
    # The screen says the detail line's words in the window's own frame; the panel's message
    # of its opening (or closing), a turn later, would only work them out again.
    async with at_the_turn() as (pilot, game, detail, before):
        shown: list[object] = []
        show = game.detail.show
        monkeypatch.setattr(game.detail, "show", lambda *a: (shown.append(a), show(*a)))
        await pilot.press("t")  # Travel: a window of the Areas to go to
        await settle(pilot, 5)
        assert game.query_one("ChoicePanel").is_open and detail.words != before
        assert len(shown) == 1, shown
        await pilot.press("down")  # the highlight moves: the detail follows it
        await settle(pilot, 5)
        assert len(shown) == 2, shown
        await pilot.press("escape")  # back
        await settle(pilot, 5)
        assert detail.words == before
        assert len(shown) == 3, shown


def test_textuals_way_of_a_callback_after_the_refresh_is_as_it_was_read():
    """`after_the_frame` hands a callback to the screen as Textual's `InvokeLater` does: fails
    on a Textual that changes that way (read `one_frame.py` against it again)."""
    import hashlib
    import inspect

    from textual.message_pump import MessagePump

    read = (MessagePump.call_after_refresh, MessagePump._on_invoke_later, Screen._invoke_later)
    digests = [hashlib.sha256(inspect.getsource(f).encode()).hexdigest()[:16] for f in read]
    assert digests == ["f64d61b66efbc730", "0ee077aaffdaa63a", "d59e2de31d1c3717"]


async def test_a_callback_after_the_frame_posts_no_message_and_keeps_its_order():
    """Asked with nothing waiting, the callback is among the screen's callbacks at once and
    no `InvokeLater` is posted; asked after a `call_after_refresh` the screen has not read yet,
    it goes after it, as Textual's way would; either way it is called after the next frame."""
    from textual.messages import InvokeLater
    from textual.widgets import Static

    from wish_tui.ui.terminal.textual_pump import after_the_frame

    class Host(App):
        def compose(self) -> ComposeResult:
            yield Static("x")

    app = Host()
    async with app.run_test(size=(20, 4)) as pilot:
        await pilot.pause()
        screen = app.screen
        posted: list = []
        post = screen.post_message
        screen.post_message = lambda m: (posted.append(type(m)), post(m))[1]
        called: list[str] = []
        after_the_frame(screen, lambda: called.append("now"))
        assert InvokeLater not in posted and len(screen._callbacks) == 1
        await pilot.pause()
        assert called == ["now"]
        screen.call_after_refresh(lambda: called.append("first"))
        after_the_frame(screen, lambda: called.append("second"))
        assert posted.count(InvokeLater) == 2
        screen.query_one(Static).update("y")
        await pilot.pause()
        assert called == ["now", "first", "second"]


async def test_a_window_answered_closes_with_the_change_its_detail_line_said_once(monkeypatch):
    # The change shows the detail line for the new position; the window closing after it (the
    # table has said what came of its answer) need not work the same words out again.
    from wish_tui.ui.screens.table_detail import TableDetail

    async with at_the_turn() as (pilot, game, detail, before):
        played, play = await answered_held(monkeypatch, pilot, game)
        shown: list = []
        show = TableDetail.show
        monkeypatch.setattr(TableDetail, "show", lambda d, *a: (shown.append(a), show(d, *a)))
        play(played[0])  # the table says
        await settle(pilot, 5)
        assert not game.query_one("ChoicePanel").shown
        assert len(shown) == 1, shown
        assert detail.words == game.detail_words(game.view())


async def test_a_change_drawn_without_a_layout_places_nothing_again_after_its_frame(monkeypatch):
    # The status line placed what lies over the table as the change was shown; a frame that
    # laid nothing out moved nothing since.
    from wish_tui.ui.screens.table_news import TableNews
    from wish_tui.ui.screens.table_status import TableStatus

    from .helpers import layouts_counted

    state, seat = turn_position()
    app = app_for(state)
    async with app.run_test(size=(100, 30)) as pilot:
        game = game_of(app)
        await settle(pilot, 5)
        placed: list = []
        place_panels = TableNews.place_panels
        monkeypatch.setattr(
            TableNews, "place_panels", lambda n: (placed.append(1), place_panels(n))
        )
        after: list[int] = []
        place_when_drawn = TableStatus.place_when_drawn

        def counted(status) -> None:
            before = len(placed)
            place_when_drawn(status)
            after.append(len(placed) - before)

        monkeypatch.setattr(TableStatus, "place_when_drawn", counted)
        layouts = layouts_counted(game)
        game.play(game.router.group("travel")[0])  # the table tells the screen at once
        await settle(pilot, 5)
        assert not layouts
        assert after == [0], after
        assert placed  # the status line placed them as the change was shown


async def test_a_window_asking_nothing_of_the_game_opens_without_working_out_the_detail_again(
    monkeypatch,
):
    # 'End the turn?' says nothing of its answers: the detail line says what it said (the
    # view's words); what lies over the table is kept in sight once, as the status line places.
    from wish_tui.ui.screens.table_news import TableNews

    async with at_the_turn() as (pilot, game, detail, before):
        worked: list = []
        detail_words = type(game).detail_words
        monkeypatch.setattr(
            type(game), "detail_words", lambda g, v: (worked.append(1), detail_words(g, v))[1]
        )
        kept: list = []
        keep_in_sight = TableNews.keep_in_sight
        monkeypatch.setattr(
            TableNews, "keep_in_sight", lambda n: (kept.append(1), keep_in_sight(n))
        )
        await pilot.press("n")  # End turn: 'End the turn with 3 action markers unused?'
        await settle(pilot, 5)
        assert game.query_one("ChoicePanel").is_open
        assert detail.words == before
        assert worked == []
        assert len(kept) == 1, kept
        await pilot.press("escape")
        await settle(pilot, 5)
        assert detail.words == before
