"""Turn alerts in words, said alike by the server's notice, the terminal app's profile page and
the plain client's: what a member's settings mean, the note of an endpoint turned off, and the
request a line of theirs asks for ('https://…', 'ann@example.org', 'digest', 'each', 'off')."""

from __future__ import annotations

ASK = (
    "Turn alerts: a webhook (https://…), an email address, 'digest' (one a day), 'each' (one "
    "a move) or 'off':"
)
HOW = (
    "Say 'alerts URL' (a webhook: http:// or https://), 'alerts ADDRESS' (an email address), "
    "'alerts digest' or 'alerts each' (one message a day, or one a move), or 'alerts off'."
)


def alerts_sentence(settings: dict) -> str:
    """What a member's alert settings (as the profile page's 'alerts' says them) mean."""
    target = settings.get("target") or settings.get("webhook") or settings.get("email") or ""
    channel = settings.get("channel") or ("webhook" if settings.get("webhook") else "email")
    if not target:
        return "No alert is sent to you when a move waits for you."
    way = f"posted to {target}" if channel == "webhook" else f"emailed to {target}"
    if settings.get("digest"):
        return f"Once a day, the tables waiting for your move are {way} in one digest."
    return f"A move waiting for you while you are away is {way}, once a move."


def profile_alert_lines(alerts: dict | None) -> list[str]:
    """The profile page's lines on turn alerts: the settings, and the note when one was turned
    off."""
    if not alerts:
        return []
    lines = [alerts_sentence(alerts)]
    if alerts.get("note"):
        lines.append(f"Note: {alerts['note']}")
    return lines


def alerts_request(text: str) -> dict | None:
    """The `alerts` request a line asks for, or None when it says none of them."""
    said = text.strip()
    word = said.lower()
    if word in ("off", "none", ""):
        return {"type": "alerts", "webhook": None}
    if word in ("digest", "daily"):
        return {"type": "alerts", "digest": True}
    if word in ("each", "every move", "digest off"):
        return {"type": "alerts", "digest": False}
    if word.startswith(("http://", "https://")):
        return {"type": "alerts", "webhook": said}
    if "@" in said:
        return {"type": "alerts", "email": said}
    return None
