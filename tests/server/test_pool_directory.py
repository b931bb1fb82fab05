"""The apps of a server's sessions run the code the server runs, whatever directory the server
was started in: a `wish_tui` folder there (another checkout of the project, of another
version) is not what a session's app imports. `python -m` puts the working directory first on
the import path; the pool's program and a fresh session's app are started without it."""

from __future__ import annotations

import subprocess

from wish_tui.server.ssh.front import CLIENT_COMMAND


def decoy_in(folder) -> None:
    """A `wish_tui` package in `folder` that says so, and stops, when imported."""
    package = folder / "wish_tui"
    package.mkdir()
    (package / "__init__.py").write_text("raise SystemExit('the decoy wish_tui was imported')\n")


async def test_the_pool_runs_the_servers_code_not_the_working_directorys(
    tmp_path, monkeypatch, start_pool
):
    decoy_in(tmp_path)
    monkeypatch.chdir(tmp_path)
    pool = await start_pool()
    assert await pool.ready(), pool.logs


def test_a_fresh_sessions_app_runs_the_servers_code_not_the_working_directorys(tmp_path):
    decoy_in(tmp_path)
    ran = subprocess.run(
        [*CLIENT_COMMAND, "--help"], cwd=tmp_path, capture_output=True, text=True, timeout=60
    )
    assert ran.returncode == 0 and "decoy" not in ran.stderr, ran.stderr
