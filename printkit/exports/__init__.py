"""Exports for screens and online playtests: proofs, one image per distinct face, and Tabletop
Simulator objects."""
