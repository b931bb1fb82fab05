"""Reading a file someone names: only regular files, only up to a size, never blocking."""

from __future__ import annotations

import os
import threading

import pytest

from wish_tui import files


def read_in_thread(path, limit=1024):
    """Read in a thread so that a read that blocks fails the test instead of hanging it."""
    result = {}

    def run():
        try:
            result["data"] = files.read_regular(path, limit)
        except files.FileRefused as exc:
            result["refused"] = str(exc)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(10)
    assert not thread.is_alive(), f"reading {path} blocked"
    return result


def test_a_regular_file_is_read(tmp_path):
    path = tmp_path / "save.json"
    path.write_bytes(b"{}")
    assert files.read_regular(path, 10) == b"{}"


def test_a_fifo_is_refused_without_blocking(tmp_path):
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    assert read_in_thread(fifo) == {"refused": "is a pipe, not a regular file"}


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/null"])
def test_devices_are_refused_even_through_a_link(tmp_path, device):
    link = tmp_path / "zero.json"
    link.symlink_to(device)
    assert read_in_thread(device) == {"refused": "is a device, not a regular file"}
    assert read_in_thread(link) == {"refused": "is a device, not a regular file"}


def test_standard_input_is_not_read(tmp_path):
    assert "refused" in read_in_thread("/proc/self/fd/0")


def test_a_folder_is_refused(tmp_path):
    assert read_in_thread(tmp_path) == {"refused": "is a folder, not a file"}


def test_a_file_over_the_limit_is_refused_unread(tmp_path):
    path = tmp_path / "big.json"
    path.write_bytes(b"x" * 2000)
    assert read_in_thread(path, 1000)["refused"].startswith("is too large")


@pytest.mark.parametrize(
    ("name", "clause"),
    [
        ("n" * 300, "has a name too long for this system"),
        ("a\x00b", "has a name no file can have (it holds a NUL character)"),
        ("\ud800.json", "has a name this system cannot encode"),
        ("missing.json", "does not exist"),
    ],
)
def test_bad_names_get_a_clause(tmp_path, name, clause):
    assert read_in_thread(str(tmp_path / name)) == {"refused": clause}
    assert not files.exists(tmp_path / name)
    assert not files.is_regular(tmp_path / name)


def test_a_ready_read_tells_nothing_yet_from_the_end():
    reading, writing = os.pipe()
    os.set_blocking(reading, False)
    try:
        assert files.read_ready(reading, 16) is None
        os.write(writing, b"keys")
        assert files.read_ready(reading, 16) == b"keys"
    finally:
        os.close(writing)
    assert files.read_ready(reading, 16) == b""
    os.close(reading)


def test_a_terminal_whose_other_side_closed_reads_as_its_end():
    import pty

    master, child_side = pty.openpty()
    os.set_blocking(master, False)
    os.close(child_side)
    assert files.read_ready(master, 16) == b""  # Linux says EIO here
    os.close(master)
