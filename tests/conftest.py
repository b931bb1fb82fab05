"""Fixtures shared by every test package: a data directory of the test's own, a PostgreSQL server,
started once per session when a test asks for it (tests/postgres_server.py), and an expert bot that
searches a few iterations."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

from tests.postgres_server import Server, find_binaries, missing
from wish_tui import saves

# A property's examples are judged by what they find, not by how fast a loaded machine draws
# them: a busy core (two test workers a core, other work beside) made input generation "slow"
# and failed tests whose every example passed.
settings.register_profile("wish_tui", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("wish_tui")


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    """A fresh, empty data directory (tmp_path/data) where the app keeps its files."""
    folder = tmp_path / "data"
    folder.mkdir()
    monkeypatch.setenv(saves.DATA_DIR_ENV, str(folder))
    return folder


@pytest.fixture(scope="session")
def postgres_server():
    """The session's PostgreSQL server. Without one installed the test is skipped, saying what
    to install; in CI (CI set) it fails instead, since there the server must be there."""
    why = missing()
    if why is not None:
        if os.environ.get("CI"):
            pytest.fail(f"The PostgreSQL tests cannot run: {why}.")
        pytest.skip(f"PostgreSQL tests skipped: {why}.")
    server = Server(find_binaries())
    try:
        server.start()
    except BaseException:
        server.stop()
        raise
    yield server
    server.stop()


@pytest.fixture
def postgres_url(postgres_server):
    """The URL of an empty database of the session's server, dropped after the test."""
    name = postgres_server.new_database()
    yield postgres_server.url(name)
    postgres_server.drop_database(name)


QUICK_EXPERT = 12
"""Search iterations of an expert made without a budget, in tests (its default is a second)."""


@pytest.fixture(autouse=True)
def quick_expert(monkeypatch):
    """An expert made without a budget searches QUICK_EXPERT iterations: quick, and the same
    choices every run."""
    monkeypatch.setattr("wish_tui.core.expert.DEFAULT_ITERATIONS", QUICK_EXPERT)


def pytest_xdist_auto_num_workers(config):
    """`-n auto`: two workers a core. Much of the suite waits (servers, browsers, pseudo-terminals,
    a bot's pace) rather than computes: on the project's 2-core machine the whole suite took 296 s
    at four workers against 387 s at two. PYTEST_XDIST_AUTO_NUM_WORKERS still decides when set."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None
    return 2 * (os.cpu_count() or 1)
