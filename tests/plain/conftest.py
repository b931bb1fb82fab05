"""What the plain client's tests at a club share: the table server they meet at."""

from __future__ import annotations

import pytest

from tests.plain.club_helpers import start_hub


@pytest.fixture
async def hub(tmp_path, monkeypatch):
    """A real table server in the test's own data directory (`start_hub`), closed after it."""
    hub = await start_hub(tmp_path, monkeypatch)
    yield hub
    await hub.close()
