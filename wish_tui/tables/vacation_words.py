"""A member's vacation in words, said alike by the server's notice, both clients' profile pages
and the keeper's command (`state`: `club.vacation.VacationState.to_json()`)."""

from __future__ import annotations

from datetime import UTC, datetime


def vacation_sentence(state: dict, who: str = "") -> str:
    """'You are on vacation until …' (or 'Ann is …' when `who` names someone else)."""
    subject, verb, their = (who, "is", "their") if who else ("You", "are", "your")
    left = f"{state['days_left']} of {state['days_a_year']} days left in {state['year']}"
    if state.get("until"):
        day = datetime.fromtimestamp(state["until"] / 1000, UTC).strftime("%Y-%m-%d %H:%M UTC")
        return (
            f"{subject} {verb} on vacation until {day}: the clocks of {their} turn-based tables "
            f"wait ({left})."
        )
    return f"{subject} {verb} not on vacation ({left})."


ASK = "Days of vacation (your turn-based clocks wait; 0 ends the one under way):"
HOW = "Say 'vacation DAYS' (your turn-based clocks wait that many days) or 'vacation off'."


def vacation_request(text: str) -> dict | None:
    """The `vacation` request a line asks for ('3', 'off'), or None when it is neither."""
    said = text.strip().lower().removesuffix(" days").removesuffix(" day")
    if said in ("off", "end", "0"):
        return {"type": "vacation", "days": 0}
    if said.isdigit() and len(said) <= 3:
        return {"type": "vacation", "days": int(said)}
    return None
