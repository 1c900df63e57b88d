"""Per-game records read from the data files, shared by the drawing modules and the engines.

What lives here is plain data and geometry, and the scoring tables a printed
reference shows, never drawing or turn play: Twinkle Twinkle's tile manifest
with its exits and rotations (`twinkle_tiles`), which the printed tiles and the
simulated links both read, and This Town's tiles with their fences, brands and
bars, and the points of a completed town (`this_town_tiles`).
"""
