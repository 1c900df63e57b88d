"""Distinct faces: proofs, shop --unique and their quantities against the pieces of the game."""

from __future__ import annotations

import json

from pypdf import PdfReader

from printkit.build import build
from printkit.datafile.gamedata import load_game
from printkit.draw import pieces_for
from printkit.pieces.faces import distinct_faces


def _pieces(game: str, spec: str = "default"):
    data = load_game(game)
    return pieces_for(data, data.resolve(spec))


def test_equal_pieces_are_one_face_with_their_quantity():
    tiddly = {f.piece.component: [] for f in distinct_faces(_pieces("tiddly_wink"))}
    for face in distinct_faces(_pieces("tiddly_wink")):
        tiddly[face.piece.component].append(face.quantity)
    assert tiddly["domino"] == [1] * 28  # every domino differs
    assert tiddly["counter"] == [150]  # 30 counters for each of 5 seats, all alike
    square = distinct_faces(_pieces("united_square"))
    panels = [f.quantity for f in square if f.piece.component == "panel"]
    assert panels == [4] * 6  # 6 types, 4 of each
    twinkle = distinct_faces(_pieces("twinkle_twinkle"))
    assert [f.quantity for f in twinkle if f.piece.component == "reference"] == [5] * 5
    assert sum(f.quantity for f in twinkle) == len(_pieces("twinkle_twinkle"))


def test_shop_unique_writes_each_face_once_with_its_quantity(tmp_path):
    result = build("tiddly_wink", tmp_path, mode="shop", unique=True)
    pages = len(PdfReader(result.path).pages)
    summary = json.loads(result.files[-1].read_text(encoding="utf-8"))
    assert len(summary["faces"]) == 28 + 1 + 1
    assert pages == 2 * 28 + 1 + 1  # each domino with its back
    assert sum(f["quantity"] for f in summary["faces"]) == 28 + 150 + 2
    assert summary["components"]["counter"]["count"] == 150
    assert {"face": "counter", "label": "counter #1", "quantity": 150} in summary["faces"]
    assert result.path.name == "tiddly_wink-shop-unique.pdf"
