"""Distinct faces: pieces that print the same are one face with a quantity.

Two pieces are the same face when they are of the same component and size,
drawn by the same functions from equal records (the record is the plain data a
piece is drawn from, so equal records give equal pictures). Proofs, shop
`--unique` files and exports show each distinct face once, with how many of
the game's pieces it stands for.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

from printkit.pieces.contract import Piece


@dataclass(frozen=True)
class Face:
    """One distinct piece face (with its back, if any) and how many pieces print it."""

    piece: Piece
    quantity: int
    number: int  # 1, 2, ... among the distinct faces of its component


def _key(piece: Piece) -> tuple:
    record = json.dumps(piece.record, sort_keys=True, default=repr)
    return (piece.component, piece.size_mm, piece.draw_front, piece.draw_back, record)


def distinct_faces(pieces: Sequence[Piece]) -> list[Face]:
    """Each distinct face once, in the order of first appearance, with its quantity."""
    first: dict[tuple, Piece] = {}
    counts: dict[tuple, int] = {}
    for piece in pieces:
        key = _key(piece)
        first.setdefault(key, piece)
        counts[key] = counts.get(key, 0) + 1
    numbers: dict[str, int] = {}
    faces = []
    for key, piece in first.items():
        numbers[piece.component] = numbers.get(piece.component, 0) + 1
        faces.append(Face(piece, counts[key], numbers[piece.component]))
    return faces


def face_name(face: Face, faces: Sequence[Face]) -> str:
    """`component`, or `component-NN` when the component has more than one distinct face."""
    many = sum(f.piece.component == face.piece.component for f in faces) > 1
    return f"{face.piece.component}-{face.number:02d}" if many else face.piece.component
