"""`wish-tui review NAME`: the coach over a seat of a saved game, stored with it and read back."""

from __future__ import annotations

import json

import pytest

from wish_tui import cli, games, saves
from wish_tui.records import GameRecord
from wish_tui.tables import bot_process


@pytest.fixture
def data(tmp_path, monkeypatch):
    monkeypatch.setenv("WISH_TUI_DATA_DIR", str(tmp_path))
    return tmp_path


def saved_game(game: str, moves: int) -> str:
    """A game of a person (seat 0) against a bot, `moves` actions in, saved as 'evening'."""
    spec = games.get(game)
    seats = [{spec.seat_key: spec.seats[0], "who": "human"}]
    seats.append({spec.seat_key: spec.seats[1], "who": "easy"})
    record, state = GameRecord.new(seats, 11, game=game, games=games.GAMES)
    bot = spec.bots.make_bot("easy", 3)
    for _ in range(moves):
        seat = state.current_player
        record, state = record.play(state, bot.choose(state.view(seat), state.legal_actions()))
    saves.save_game(record, "evening")
    return spec.seats[0]


def stored(data) -> dict:
    return json.loads((data / "saves" / "evening.json").read_text())["reviews"]


@pytest.mark.parametrize("game", ["wish", "spirits", "wishland"])
def test_a_review_is_told_in_words_and_stored_with_the_game(data, game, capsys):
    seat = saved_game(game, 14)
    assert cli.main(["review", "evening"]) == 0
    out, err = capsys.readouterr()
    review = stored(data)[seat]
    assert review["total"] >= 1 and len(review["judged"]) == review["total"]
    assert out.splitlines()[0].startswith(
        f"{review['total']} of {review['total']} decisions of {games.get(game).seat_title(seat)} reviewed: "
    )
    assert f"{review['total']}/{review['total']}" in err  # the progress line


def test_a_stored_review_is_read_back_not_made_again(data, capsys, monkeypatch):
    saved_game("wish", 10)
    assert cli.main(["review", "evening"]) == 0
    first = capsys.readouterr().out

    def refuse(*args):
        raise AssertionError("judged again")

    monkeypatch.setattr(bot_process, "judge", refuse)
    assert cli.main(["review", "evening"]) == 0
    assert capsys.readouterr().out == first


def test_another_seat_is_reviewed_by_name_and_kept_beside_the_first(data, capsys):
    saved_game("wish", 10)
    assert cli.main(["review", "evening"]) == 0
    assert cli.main(["review", "evening", "--seat", "Water"]) == 0
    assert set(stored(data)) == {"air", "water"}


def test_a_damaged_stored_review_is_made_again_and_said_so(data, capsys):
    seat = saved_game("wish", 10)
    path = data / "saves" / "evening.json"
    content = json.loads(path.read_text())
    content["reviews"] = {seat: {"seat": 0, "total": "many", "judged": []}}
    path.write_text(json.dumps(content))
    assert cli.main(["review", "evening"]) == 0
    err = capsys.readouterr().err
    assert "A stored review does not say how many decisions it has. It is made again." in err
    assert isinstance(stored(data)[seat]["total"], int)


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["review", "evening", "--seat", "Moon"], "'Moon' is not a seat of this game; choose"),
        (["review", "nowhere"], "nowhere"),
        (["review", "evening", "--think", "5"], "--think must be 50 to 60000 milliseconds."),
    ],
)
def test_a_bad_request_is_one_sentence_and_changes_nothing(data, capsys, argv, says):
    saved_game("wish", 4)
    before = (data / "saves" / "evening.json").read_text()
    assert cli.main(argv) == 1
    err = capsys.readouterr().err
    assert says in err and err.count("\n") == 1 and "Traceback" not in err
    assert (data / "saves" / "evening.json").read_text() == before


def test_a_save_without_a_review_has_no_reviews_key_and_foreign_entries_are_left_out(data):
    seat = saved_game("wish", 4)
    path = data / "saves" / "evening.json"
    content = json.loads(path.read_text())
    assert "reviews" not in content
    content["reviews"] = {"moon": {"seat": 0}, seat: "text", "water": {"seat": 1}}
    path.write_text(json.dumps(content))
    record = saves.read_record("evening", games=games.GAMES)
    assert record.reviews == {"water": {"seat": 1}}


def test_review_without_a_name_reviews_the_newest_finished_game_as_replay_opens_it(data, capsys):
    spec = games.get("spirits")
    seats = [{spec.seat_key: "air", "who": "human"}, {spec.seat_key: "water", "who": "easy"}]
    record, state = GameRecord.new(seats, 4, game="spirits", games=games.GAMES)
    bot = spec.bots.make_bot("easy", 3)
    while not state.is_over:
        seat = state.current_player
        record, state = record.play(state, bot.choose(state.view(seat), state.legal_actions()))
    saves.autosave(record, finished=True, games=games.GAMES)
    assert cli.main(["review"]) == 0
    assert " decisions of Air reviewed: " in capsys.readouterr().out.splitlines()[0]
    [finished] = saves.list_history(games=games.GAMES)
    assert set(saves.read_record(str(finished.path), games=games.GAMES).reviews) == {"air"}


def test_review_without_a_name_and_no_finished_game_says_so_in_one_sentence(data, capsys):
    assert cli.main(["review"]) == 1
    err = capsys.readouterr().err
    assert "no finished game to review yet" in err and err.count("\n") == 1


def test_review_of_a_name_that_names_no_save_says_so_as_replay_does(data, capsys):
    """It said 'There is no save file /…/saves/evenin.json.'; now, as `wish-tui replay`, the
    closest names and where to see them all."""
    saved_game("wish", 4)
    assert cli.main(["review", "evenin"]) == 1
    err = capsys.readouterr().err
    assert err == (
        "wish-tui review: there is no save named 'evenin'; the closest: evening "
        "(or see them all with 'wish-tui').\n"
    )


def test_at_a_terminal_the_review_is_wrapped_between_words(data, capsys, monkeypatch):
    """A terminal wrapped the review's long lines where its width fell ('Cha' / 'nce of
    winning'); at a terminal each is wrapped between words, its continuations indented (a
    pipe still gets each sentence on one line)."""
    import io
    import os
    import sys

    saved_game("wish", 10)
    assert cli.main(["review", "evening"]) == 0
    whole = capsys.readouterr().out.splitlines()

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    shown = Terminal()
    monkeypatch.setattr(sys, "stdout", shown)
    monkeypatch.setattr("shutil.get_terminal_size", lambda *a: os.terminal_size((60, 24)))
    assert cli.main(["review", "evening"]) == 0
    lines = shown.getvalue().splitlines()
    assert all(len(line) <= 60 for line in lines), lines
    assert " ".join(" ".join(lines).split()) == " ".join(" ".join(whole).split())
    assert any(len(line) > 60 for line in whole) and lines[1].startswith("  ")
