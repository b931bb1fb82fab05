"""A fault that escapes a session's app in a child of the pool: its traceback goes to the
server's log (the pool's standard error), never to the person's terminal."""

from __future__ import annotations

import os

from wish_tui.server.pool.children import run_child


def _fails() -> int:
    raise RuntimeError("a fault deep in the app")


def _read_all(fd: int) -> str:
    data = b""
    while chunk := os.read(fd, 65536):
        data += chunk
    os.close(fd)
    return data.decode()


def test_a_fault_in_a_forked_app_is_logged_and_not_shown_to_the_person():
    session_in, to_app = os.pipe()
    from_out, session_out = os.pipe()
    from_err, session_err = os.pipe()
    env_read, env_write = os.pipe()
    log_read, log_write = os.pipe()
    ready_read, ready_write = os.pipe()
    os.write(env_write, b"{}")
    os.close(env_write)
    pid = os.fork()
    if pid == 0:
        try:
            os.dup2(log_write, 2)  # the pool's standard error: the server's log
            fds = [session_in, session_out, session_err, env_read]
            run_child(_fails, ["wish-tui"], fds, ready_write)
        finally:
            os._exit(127)
    for fd in (session_in, session_out, session_err, env_read, log_write, ready_write, to_app):
        os.close(fd)
    shown = _read_all(from_out) + _read_all(from_err)
    logged = _read_all(log_read)
    os.close(ready_read)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 1
    assert "Traceback" not in shown and "a fault deep in the app" not in shown
    assert "Traceback" in logged and "RuntimeError: a fault deep in the app" in logged
