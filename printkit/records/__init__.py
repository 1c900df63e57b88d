"""Per-game records read from the data files, shared by the drawing modules and the engines.

What lives here is plain data and geometry (no drawing, no rules of play):
for example Twinkle Twinkle's tile manifest with its exits and rotations
(`twinkle_tiles`), which the printed tiles and the simulated links both read.
"""
