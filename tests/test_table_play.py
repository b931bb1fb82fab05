"""An action travels from a seat's choice to the rules as one object, checked once at the rules'
front door: the master reads a notation its choices offered off the position's legal actions,
without the rules reading the text again (DESIGN.md §2b)."""

from __future__ import annotations

import random

import pytest

from wish_tui.games import GAMES
from wish_tui.records import GameRecord
from wish_tui.tables.master import GameTable
from wish_tui.tables.seat import Refused


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_choice_is_played_as_the_action_it_names_without_reading_text(game, monkeypatch):
    spec = GAMES[game]
    seats = list(spec.seats[:2])
    record, state = GameRecord.new(seats, 5, None, game, games=GAMES)
    table = GameTable(record, [state])
    seat = table.deciding
    choice = table.choices(seat).actions[0]

    def no_reading(*args):
        raise AssertionError("the rules read the notation again")

    monkeypatch.setattr(spec.rules, "parse_action", no_reading)
    played = table.play(seat, choice.notation)
    assert played.action in state.legal_actions() and str(played.action) == choice.notation
    assert table.record.actions == [choice.notation]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_text_that_is_not_a_choice_is_read_by_the_rules_and_refused_with_their_sentence(game):
    spec = GAMES[game]
    record, state = GameRecord.new(list(spec.seats[:2]), 5, None, game, games=GAMES)
    table = GameTable(record, [state])
    seat = table.deciding
    with pytest.raises(Refused) as refused:
        table.play(seat, "fly to the moon")
    assert str(refused.value)
    assert table.record.actions == [] and table.state is state


@pytest.mark.parametrize("game", sorted(GAMES))
def test_an_actions_log_lines_are_made_once_for_its_seat_and_once_for_all_others(game, monkeypatch):
    """Every point of view but the acting seat's reads the same lines (the rules' words know
    only whether the reader is the seat that acted): a table of four seats and its spectators
    made them five times an action, each time from the views before and after it."""
    spec = GAMES[game]
    record, state = GameRecord.new(list(spec.seats[:4]), 5, None, game, games=GAMES)
    table = GameTable(record, [state])
    seat = table.deciding
    counts = {pov: table.log_since(pov, 0)[1] for pov in table.povs}
    made = {}
    log_lines = spec.log.log_lines

    def counted(*args):
        lines = log_lines(*args)
        made.setdefault(args[-1], []).append(lines)
        return lines

    monkeypatch.setattr(spec.log, "log_lines", counted)
    table.play(seat, table.choices(seat).actions[0].notation)
    assert sorted(made) == [False, True] and all(len(m) == 1 for m in made.values())
    for pov in table.povs:
        assert table.log_since(pov, counts[pov])[0] == made[pov == seat][0]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_an_action_makes_each_view_it_needs_once(game, monkeypatch):
    """The log's words read the acting seat's views of the positions before and after the
    action (for its own lines and for everyone else's), and its table message the view after:
    each made once, not once for each reader."""
    spec = GAMES[game]
    record, state = GameRecord.new(list(spec.seats[:2]), 5, None, game, games=GAMES)
    table = GameTable(record, [state])
    seat = table.deciding
    notation = table.choices(seat).actions[0].notation
    made = views_made(monkeypatch, state)
    table.play(seat, notation)
    shown = table.view(seat)
    assert len(made) == len(set(made))
    assert shown == {**table.state.view(seat), "projection": shown["projection"]}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_position_shown_is_not_viewed_again_for_the_log_of_the_action_played_from_it(
    game, monkeypatch
):
    """The table message of a position made the deciding seat's view of it; the log's words of
    the action that seat plays next read that view again (the position before the action):
    the one made for the message, not a second."""
    spec = GAMES[game]
    record, state = GameRecord.new(list(spec.seats[:2]), 5, None, game, games=GAMES)
    table = GameTable(record, [state])
    made = views_made(monkeypatch, state)
    for _ in range(6):
        if table.is_over:
            break
        seat = table.deciding
        for shown in range(2):  # both seats' table messages
            table.view(shown)
            table.choices(shown)
        table.play(seat, table.choices(seat).actions[0].notation)
    assert len(made) == len(set(made))


def test_a_wish_seat_to_move_has_its_hand_worked_out_once_for_its_view_and_choices(monkeypatch):
    """Its view holds what each Wish in its hand lacks (`hand_status`); its choices' reasons for
    the Fulfill and Trickery keys read the same, not worked out again."""
    import sys

    from wish_tui.wish.rules import explain

    why_not_now = sys.modules["wish_tui.wish.rules.why_not_now"]
    spec = GAMES["wish"]
    record, state = GameRecord.new(["fire", "water"], 3, None, "wish", games=GAMES)
    table = GameTable(record, [state])
    made = []
    hand_status = explain.hand_status

    def counted(st, seat):
        made.append((id(st), seat))
        return hand_status(st, seat)

    monkeypatch.setattr(explain, "hand_status", counted)
    monkeypatch.setattr(why_not_now, "hand_status", counted)
    closed_hand = 0
    for _ in range(40):
        if table.is_over:
            break
        seat = table.deciding
        table.view(seat)
        closed = table.choices(seat).closed
        closed_hand += "fulfill" in closed or "trickery" in closed
        table.play(seat, table.choices(seat).actions[-1].notation)
    assert closed_hand and len(made) == len(set(made))
    assert spec.name == "wish"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_games_progress_is_its_summarys_at_every_position_and_made_once(game, monkeypatch):
    """The lobby's rounds ask each listed table only how far its game has got, not its scores
    (which they never show): the same words as the summary's, made once a position."""
    spec = GAMES[game]
    record, state = GameRecord.new(list(spec.seats[:2]), 3, None, game, games=GAMES)
    table = GameTable(record, [state])
    first = spec.summary(state)[0]
    rng = random.Random(3)
    while True:
        assert table.progress() == table.progress() == spec.summary(table.state)[0]
        if table.is_over:
            break
        table.play(table.deciding, rng.choice(table.choices(table.deciding).actions).notation)

    def no_scores(self, st):
        raise AssertionError("the scores were made")

    monkeypatch.setattr(type(spec), "summary", no_scores)
    record, state = GameRecord.new(list(spec.seats[:2]), 3, None, game, games=GAMES)
    assert GameTable(record, [state]).progress() == first


def views_made(monkeypatch, state) -> list:
    """A list that gains (the position's id, the viewer) for each seat's view made of a
    position of `state`'s game (its rules' `view`, wrapped for the test)."""
    made: list = []
    views = type(state).PARTS.views
    view = views.view

    def counted(st, viewer):
        made.append((id(st), viewer))
        return view(st, viewer)

    monkeypatch.setattr(views, "view", counted)
    return made
