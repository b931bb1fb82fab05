"""Shared fixtures for the terminal app's tests: a private data directory for every test."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    """Point saves at a fresh folder."""
    folder = tmp_path / "data"
    monkeypatch.setenv("WISH_TUI_DATA_DIR", str(folder))
    return folder
