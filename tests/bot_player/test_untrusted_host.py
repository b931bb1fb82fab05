"""A bot whose server's host key is not yet trusted is told how to trust it: the sentence was
asyncssh's 'Host key is not trusted for host localhost.', with nothing to do about it."""

from __future__ import annotations

import asyncssh
import pytest

from wish_tui.bot_player import transports


async def test_an_untrusted_host_key_names_ssh_once_and_known_hosts(monkeypatch):
    async def untrusted(*args, **kwargs):
        raise asyncssh.HostKeyNotVerifiable("Host key is not trusted for host localhost.")

    monkeypatch.setattr(asyncssh, "connect", untrusted)
    with pytest.raises(transports.TransportError) as refused:
        await transports.play_over_ssh("localhost:2322", None, "", lambda line: None, lambda: True)
    said = str(refused.value)
    assert "ssh -p 2322 localhost" in said and "--known-hosts" in said
