"""The apps of one process parse each CSS source once per set of variables (issue 23: a
session's app, forked from the pool, parsed again what the pool had parsed)."""

from __future__ import annotations

from textual.css.stylesheet import Stylesheet

from wish_tui.ui import parsed_css
from wish_tui.ui.app import WishApp
from wish_tui.ui.terminal.textual_adapter import stylesheet_variables


def test_textual_still_keeps_parsed_rules_where_they_are_shared():
    assert hasattr(Stylesheet(), "_parse_cache")  # a Textual without it would parse each time


def test_a_second_stylesheet_with_the_same_variables_parses_nothing_again(monkeypatch):
    monkeypatch.setattr(parsed_css, "_PARSED", {})
    css = "Label { color: $accent; }"
    first = Stylesheet(variables={"accent": "red"})
    parsed_css.share_parsed_css(first)
    first.add_source(css, read_from=("test", "Label"))
    first.parse()
    calls = []
    monkeypatch.setattr("textual.css.stylesheet.parse", lambda *a, **k: calls.append(a) or iter(()))
    second = Stylesheet(variables={"accent": "red"})
    parsed_css.share_parsed_css(second)
    second.add_source(css, read_from=("test", "Label"))
    second.parse()
    assert calls == [] and [r.css for r in second.rules] == [r.css for r in first.rules]
    other = Stylesheet(variables={"accent": "blue"})  # other variables: parsed for them
    parsed_css.share_parsed_css(other)
    other.add_source(css, read_from=("test", "Label"))
    other.parse()
    assert len(calls) == 1


def test_the_app_shares_its_parsed_css():
    assert isinstance(WishApp().stylesheet._parse_cache, parsed_css.SharedParseCache)


def test_apps_of_one_theme_hold_one_copy_of_its_css_variables():
    """Each app made its theme's variables (a few hundred names and colours) and their key."""
    first, second = WishApp(), WishApp()
    assert first.get_css_variables() is second.get_css_variables()
    assert stylesheet_variables(first.stylesheet) is stylesheet_variables(second.stylesheet)
    first_key = first.stylesheet._parse_cache._key(("source",))[1]
    assert first_key is second.stylesheet._parse_cache._key(("source",))[1]
