"""Sheets and imposition: paper and placements, packing (a honeycomb for hexes), home and shop pages,
backs for duplex, margins, cut lines and cut files, calibration, the designer's sheet and a
build's summary."""
