"""A game as the registry knows it: its description read from its `data/game.toml` by one
loader, and the adapters its own subclass of `Game` writes (`wish_tui.core.game_spec`)."""

from __future__ import annotations

import pytest

from wish_tui import games
from wish_tui.core.game_spec import Game, Option


class _Plain(Game):
    """A game that writes only the adapters every game must write."""

    def load_parts(self):
        raise AssertionError("not imported here")

    def screens(self):
        raise AssertionError("not imported here")

    def new_state(self, seats, seed: int, solo: str = "", options: dict | None = None):
        return None

    def identity(self, state):
        return [], "", 0, {}

    def summary(self, state):
        return "", ()

    def solo_won(self, scores: dict) -> bool:
        return False


def _package(tmp_path, monkeypatch, name: str, text: str) -> str:
    data = tmp_path / name / "data"
    data.mkdir(parents=True)
    (tmp_path / name / "__init__.py").write_text("")
    (data / "__init__.py").write_text("")
    (data / "game.toml").write_text(text, "utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    return name


def test_a_description_is_read_from_the_games_data_file(tmp_path, monkeypatch) -> None:
    package = _package(
        tmp_path,
        monkeypatch,
        "described_game",
        'name = "made"\ntitle = "Made"\nblurb = "A test."\nseats = ["a", "b"]\n'
        'seat_word = "letter"\nseat_key = "letter"\nsolo_levels = ["one"]\n'
        '[[options]]\nkey = "parts"\ntitle = "Parts"\nflag = "--parts"\nhelp = "which"\n'
        'choices = ["x", "y"]\nin_solo = false\n',
    )
    game = _Plain.described(package)
    assert (game.name, game.package, game.seats, game.solo_levels) == (
        "made",
        package,
        ("a", "b"),
        ("one",),
    )
    assert game.options == (Option("parts", "Parts", "--parts", "which", ("x", "y"), False),)
    assert game.parse_options({"parts": "y,x"}) == {"parts": ("x", "y")}


def test_a_description_naming_a_field_no_game_has_is_refused(tmp_path, monkeypatch) -> None:
    package = _package(
        tmp_path,
        monkeypatch,
        "misdescribed_game",
        'name = "made"\ntitle = "Made"\nblurb = "A test."\nseats = ["a"]\n'
        'seat_word = "letter"\nseat_key = "letter"\ncolour = "red"\n',
    )
    with pytest.raises(TypeError, match="colour"):
        _Plain.described(package)


def test_a_game_keeps_best_solo_scores_only_when_it_says_how() -> None:
    """Wishland keeps the best solo scores of each setup; Wish and Spirits keep none, which the
    base's defaults say (no setup, no score) rather than a missing adapter."""
    scores = {"setup": "solo+entrepreneurs", "seats": [{"total": 41}]}
    view = {"options": {"entrepreneurs": True, "achievement_tiles": False}}
    wishland = games.get("wishland")
    assert wishland.solo_score(scores) == ("solo+entrepreneurs", 41)
    assert wishland.solo_setup(view) == "solo+entrepreneurs"
    for name in ("wish", "spirits"):
        assert games.get(name).solo_score(scores) is None
        assert games.get(name).solo_setup(view) is None


def test_each_game_is_its_own_kind_of_game_with_every_adapter() -> None:
    with pytest.raises(TypeError):
        Game(name="x", title="X", blurb="", package="x", seats=("a",), seat_word="", seat_key="")
    for game in games.GAMES.values():
        assert type(game) is not Game and isinstance(game, Game)
        assert game.package == f"wish_tui.{game.name}"
