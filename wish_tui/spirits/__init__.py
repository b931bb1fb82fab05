"""Spirits of the Forest (Michael Schacht) with its Wishes and Hexes module: the second game.

The rules live in `wish_tui.spirits.rules`, the printed and designed data in
`wish_tui.spirits.data`. See `docs/rules-decisions.md` ("Spirits of the Forest") for every
reading and designed value.
"""
