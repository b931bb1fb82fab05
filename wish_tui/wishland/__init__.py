"""Wishland: a theme-park worker-placement game for 1-4 seats (rules in `wishland.rules`)."""
