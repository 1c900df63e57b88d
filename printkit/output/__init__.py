"""Colour and PDF output: the canvas every PDF is drawn on, embedded fonts, contrast and the ink saver,
CMYK through an ICC profile, and PDF/X."""
