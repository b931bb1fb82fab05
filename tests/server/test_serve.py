"""`wish-tui serve`: its flags, its keys, one sentence for what stops the start, and a clean stop."""

from __future__ import annotations

import asyncio
import io
import os
import stat
import subprocess
import sys

import asyncssh
import pytest

from tests.server.conftest import HubDouble, new_key, public_line
from wish_tui import cli
from wish_tui.server.serve import ServeError, ServeOptions, serve
from wish_tui.server.ssh.keys import (
    AuthorizedKeys,
    KeyProblem,
    clean_name,
    load_host_key,
    open_person,
)


def start_error(capsys, *args: str) -> str:
    """The one line `wish-tui serve ARGS` prints when it cannot start (exit status 1)."""
    assert cli.main(["serve", "--port", "0", *args]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("wish-tui serve: ") and err.endswith(".\n")
    return err


# The command line


@pytest.mark.parametrize(
    "args, words",
    [
        (["--port", "70000"], "--port must be a whole number from 0 to 65535"),
        (["--port", "two"], "invalid int value: 'two'"),
        (["--max-connections", "0"], "--max-connections must be a whole number from 1"),
        (["--max-per-address", "-1"], "--max-per-address must be"),
        (["--login-timeout", "0"], "--login-timeout must be a whole number from 1 to 600"),
        (["--idle-timeout", "5"], "--idle-timeout must be a whole number from 10"),
        (["--host", ""], "is not an address or a host name"),
        (["--host", "a\nb"], "'a\\\\nb' is not an address"),
        (["--open", "--keys", "k"], "not allowed with argument --open"),
    ],
)
def test_a_bad_value_is_one_sentence_and_exit_2(capsys, data_dir, args, words):
    with pytest.raises(SystemExit) as stopped:
        cli.main(["serve", *args])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err, err


def test_the_command_line_imports_no_asyncssh_until_serve_runs():
    code = "import sys, wish_tui.cli; print('asyncssh' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.stdout.strip() == "False"


# The host key


def test_the_host_key_is_created_private_and_reused(tmp_path):
    key, path = load_host_key(tmp_path)
    assert path == tmp_path / "ssh_host_ed25519_key"
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert key.get_algorithm() == "ssh-ed25519"
    again, _ = load_host_key(tmp_path)
    assert again.get_fingerprint("sha256") == key.get_fingerprint("sha256")
    assert [p.name for p in tmp_path.iterdir()] == ["ssh_host_ed25519_key"]


def test_a_host_key_others_can_read_stops_the_start(capsys, data_dir):
    load_host_key(data_dir)
    os.chmod(data_dir / "ssh_host_ed25519_key", 0o644)
    err = start_error(capsys, "--open")
    assert "may be read or changed by others (mode 0644)" in err and "chmod 600" in err


@pytest.mark.parametrize(
    "content",
    [b"not a key\n", b"", new_key().export_public_key()],
    ids=["not-a-key", "empty", "a-public-key"],  # the same names in every test process
)
def test_a_host_key_that_is_not_a_private_key_stops_the_start(capsys, data_dir, content):
    path = data_dir / "ssh_host_ed25519_key"
    path.write_bytes(content)
    path.chmod(0o600)
    assert "is not an unencrypted private key" in start_error(capsys, "--open")


def test_an_unreadable_host_key_stops_the_start(data_dir):
    (data_dir / "ssh_host_ed25519_key").mkdir()
    with pytest.raises(KeyProblem, match="is a folder, not a file"):
        load_host_key(data_dir)


# The authorized keys


def test_a_missing_keys_file_says_how_to_make_one(capsys, data_dir):
    err = start_error(capsys)
    path = data_dir / "serve-authorized_keys"
    assert f"{path} does not exist" in err
    assert f"cat ~/.ssh/id_ed25519.pub >> {path}" in err and "--open" in err
    other = data_dir / "friends"
    assert f"{other} does not exist" in start_error(capsys, "--keys", str(other))


def test_a_malformed_line_is_skipped_with_a_warning_naming_it(tmp_path):
    good, other = new_key("good@host"), new_key("other")
    path = tmp_path / "keys"
    path.write_text(
        "# friends\n"
        "\n"
        "ssh-ed25519 AAAAnot-base64 broken\n"
        f'from="10.0.0.1" {public_line(other)}\n'
        "\x1b]0;title\x07\n"
        f"{public_line(good)}\n"
    )
    warnings: list[str] = []
    keys = AuthorizedKeys(path, warnings.append)
    keys.load()
    assert len(keys) == 1
    assert [w.split(" is not")[0] for w in warnings] == [f"{path} line {n}" for n in (3, 4, 5)]
    assert all("\x1b" not in w and "\n" not in w for w in warnings)
    person = keys.lookup(good, "whoever")
    assert person is not None and person.name == "good@host"
    assert person.person == good.get_fingerprint("sha256")
    assert keys.lookup(other, "whoever") is None


def test_a_keys_file_removed_while_running_admits_no_one(tmp_path):
    key = new_key("k")
    path = tmp_path / "keys"
    path.write_text(public_line(key) + "\n")
    warnings: list[str] = []
    keys = AuthorizedKeys(path, warnings.append)
    keys.load()
    assert keys.lookup(key, "u") is not None
    path.unlink()
    assert keys.lookup(key, "u") is None
    assert keys.lookup(key, "u") is None
    assert len(warnings) == 1 and "no key is admitted" in warnings[0]


def test_names_are_printable_and_short():
    assert clean_name("  Ada\x1b[31m  Lovelace\u202e and a very long tail") == (
        "Ada[31m Lovelace and a v"
    )
    assert open_person("ada").person == "open:ada"
    assert open_person(" ada  b ").name == "ada b"
    for unusable in ("", "   ", "x" * 25, "a\x1bb", "evil\u202e", None):
        assert open_person(unusable) is None


# Starting and stopping


async def test_serve_prints_the_fingerprint_and_how_to_connect_then_stops_cleanly(tmp_path):
    hubs: list[HubDouble] = []

    def hub_factory(folder):
        hubs.append(HubDouble(folder))
        return hubs[-1]

    out, stop = io.StringIO(), asyncio.Event()
    options = ServeOptions(port=0, is_open=True)
    task = asyncio.create_task(
        serve(options, tmp_path, hub_factory=hub_factory, out=out, stop=stop)
    )
    for _ in range(1500):  # the session pool imports and rehearses the app first
        if "Ctrl-C" in out.getvalue() or task.done():
            break
        await asyncio.sleep(0.02)
    text = out.getvalue()
    key, _ = load_host_key(tmp_path)
    assert key.get_fingerprint("sha256") in text
    port = int(text.split("ssh -p ")[1].split()[0])
    assert f"Players connect with: ssh -p {port} NAME@127.0.0.1\n" in text
    assert hubs[0].started and not hubs[0].closed
    async with asyncssh.connect(
        "127.0.0.1", port, username="zed", known_hosts=None, agent_path=None, config=None
    ) as conn:
        assert conn.get_server_host_key().get_fingerprint("sha256") == (
            key.get_fingerprint("sha256")
        )
    stop.set()
    await asyncio.wait_for(task, 10)
    assert hubs[0].closed


async def test_a_busy_port_is_one_sentence(tmp_path):
    holder = await asyncio.start_server(lambda r, w: None, "127.0.0.1", 0)
    port = holder.sockets[0].getsockname()[1]
    try:
        options = ServeOptions(port=port, is_open=True)
        with pytest.raises(ServeError, match=rf"cannot listen on 127.0.0.1 port {port}: ") as exc:
            await serve(options, tmp_path, hub_factory=HubDouble, stop=asyncio.Event())
        assert "\n" not in str(exc.value)
    finally:
        holder.close()


async def test_a_table_server_that_cannot_start_is_one_sentence(tmp_path):
    def hub_factory(folder):
        hub = HubDouble(folder)
        hub.fault = OSError("the tables folder\nis gone")
        return hub

    options = ServeOptions(port=0, is_open=True)
    with pytest.raises(ServeError) as exc:
        await serve(options, tmp_path, hub_factory=hub_factory, stop=asyncio.Event())
    assert str(exc.value) == "the table server cannot start: 'the tables folder\\x0ais gone'"
