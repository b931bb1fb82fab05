"""Wish's own widgets and screens: they render a view and post intents; they hold no game state."""
