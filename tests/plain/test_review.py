"""The plain client's `review`: the expert's review of a finished game held here, read in words
and stored with the game; refused in one sentence before the end or for a seat not in the game."""

from __future__ import annotations

import io

from wish_tui import games, saves
from wish_tui.launch import Launch
from wish_tui.plain import local
from wish_tui.plain.output import Output
from wish_tui.plain.review import PlainReview
from wish_tui.records import GameRecord
from wish_tui.tables.local import LocalTable


def table_of(tmp_path, monkeypatch, finished: bool = True) -> LocalTable:
    """A Wish game of a person (played at random) against easy, to its end or 6 moves in."""
    monkeypatch.setenv("WISH_TUI_DATA_DIR", str(tmp_path))
    spec = games.get("wish")
    seats = [{"djinn": "air", "who": "human"}, {"djinn": "water", "who": "easy"}]
    record, state = GameRecord.new(seats, 5, game="wish", games=games.GAMES)
    bots = [spec.bots.make_bot("random", 1), spec.bots.make_bot("easy", 2)]
    moves = 0
    while not state.is_over and (finished or moves < 6):
        seat = state.current_player
        record, state = record.play(
            state, bots[seat].choose(state.view(seat), state.legal_actions())
        )
        moves += 1
    saves.autosave(record, finished=state.is_over, games=games.GAMES)
    return LocalTable(record, [state], pace=0, games=games.GAMES)


async def test_review_reads_the_costliest_decisions_and_keeps_the_review(tmp_path, monkeypatch):
    table = table_of(tmp_path, monkeypatch)
    stream = io.StringIO()
    review = PlainReview(table, Output(stream, width=200), viewer=0)
    review.run("")
    await review.task
    said = stream.getvalue().splitlines()
    assert said[0].startswith("The expert reviews Air's ")
    summary = next(i for i, line in enumerate(said) if " decisions of Air reviewed: " in line)
    assert said[summary].startswith(tuple(f"{n} of {n} " for n in range(1, 200)))
    told = [line for line in said[summary + 1 :] if line.startswith("Move ")]
    assert 1 <= len(told) <= 3  # the costliest, each a paragraph
    [finished] = saves.list_history(games=games.GAMES)
    assert set(saves.read_record(str(finished.path), games=games.GAMES).reviews) == {"air"}
    # Asked again, the review is read back at once.
    again = io.StringIO()
    PlainReview(table, Output(again, width=200), viewer=0).run("")
    assert again.getvalue().splitlines() == said[summary:]


async def test_review_is_refused_in_one_sentence_before_the_end_or_for_no_seat(
    tmp_path, monkeypatch
):
    stream = io.StringIO()
    PlainReview(table_of(tmp_path, monkeypatch, False), Output(stream, 200), 0).run("")
    assert stream.getvalue() == "A review is of a finished game: play this one to its end first.\n"
    stream = io.StringIO()
    PlainReview(table_of(tmp_path, monkeypatch), Output(stream, 200), 0).run("moon")
    assert stream.getvalue() == "'moon' is not a seat of this game; choose air, water.\n"


async def test_a_script_that_ends_with_review_reads_the_review_before_it_leaves(
    tmp_path, monkeypatch
):
    # 'review' then the end of input, as `... | wish-tui plain load NAME` sends it: the review
    # is an answer the client owes, so the input's end waits for its words.
    table_of(tmp_path, monkeypatch)
    [finished] = saves.list_history(games=games.GAMES)
    stdout = io.StringIO()
    console, out = local.make_console(io.StringIO("review\n"), stdout, terminal=False)
    launch = Launch("load", path=str(finished.path))
    assert await local._run(launch, console, out) == 0
    said = stdout.getvalue().splitlines()
    summary = next(i for i, line in enumerate(said) if " decisions of Air reviewed: " in line)
    assert any(line.startswith("Move ") for line in said[summary:])
    assert said[-2].startswith("End of input: you leave the game (it is over).")
