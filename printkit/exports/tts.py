"""Tabletop Simulator: a saved object that TTS loads from its Saved Objects folder as it is.

The file is a TTS save state (the JSON of the TTS Knowledge Base's "Save File
Format" page: `SaveName`, `ObjectStates`, ...), with the outer fields empty as
in the saved objects TTS writes itself, and one object per component laid out
in a row on the table. Which object a component becomes follows its `kind`:

- cards, references, dominoes and the rest: a `Deck` (one `Card` when the game
  has one): each sheet of at most 10 x 7 faces is a `CustomDeck` entry
  (`FaceURL`, `BackURL`, `NumWidth`, `NumHeight`, `BackIsHidden`,
  `UniqueBack`), and the deck holds a `Card` per printed piece (a face printed
  five times is five cards), its `CardID` the sheet's id times 100 plus its
  place on the sheet, listed again in `DeckIDs`. A component whose faces share
  one back points `BackURL` at that back; one whose faces each have their own
  back gets a sheet of backs laid out like the faces (`UniqueBack`);
- tiles: a `Custom_Tile` per piece (`ImageURL` front, `ImageSecondaryURL`
  back), in a `Bag` when there are several (tiles drawn from a bag are drawn
  from it in TTS too), shaped as its cut outline says (`tile_type`: box,
  hexagon or circle);
- tokens: a `Custom_Token` per piece (a `Custom_Tile` when it has a back,
  which a token cannot show), in a `Bag` when there are several; TTS cuts a
  token's shape from its image's transparency, so a token with a cut outline
  gets an image transparent outside it;
- boards and charts: a `Custom_Board` each (a `Custom_Tile` with a back).

Sizes on the table follow the printed sizes: a card's scale is its width
over a poker card's 63.5 mm (TTS's card at scale 1), a tile's, token's or
board's its height over `TTS_IMAGE_UNIT_MM` (about 1.3 inch at scale 1,
measured by the tts-tools project against printed boards), so the pieces keep
their proportions; TTS draws each from its image's aspect.

Image sheets stay within `TTS_MAX_PIXELS` a side (the KB's advice for custom
decks): a sheet's resolution is the export's `--dpi` or less (`sheet_dpi`).
Images are named by URL: by default `file:///` URLs of the files where they
were written (TTS's local files: they show on the machine that has them);
`url_base` puts another prefix in front of the file names, e.g. the address
where the images are uploaded, so the other players see them too.

Sources: Berserk-Games/Tabletop-Simulator-Knowledge-Base
(docs/custom-content/save-file-format.md, custom-deck.md, custom-tile.md,
asset-creation.md, asset-importing.md) and Benjamin-Dobell/tts-types
(tts/ObjectState.def.lua: the fields of each object kind).
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from printkit.pieces.faces import Face
from printkit.pieces.outlines import RECT, Shape

TTS_COLUMNS, TTS_ROWS = 10, 7  # the largest deck sheet TTS cuts
TTS_MAX_PIXELS = 4096
TTS_CARD_WIDTH_MM = 63.5
TTS_IMAGE_UNIT_MM = 33.0
KIND_OBJECT = {"tile": "tile", "token": "token", "board": "board", "chart": "board"}
TILE_THICKNESS = 0.1  # TTS units, about an inch each
TOKEN_THICKNESS = 0.1


def face_pixels(size_mm: tuple[float, float], dpi: int) -> tuple[int, int]:
    """The pixel size of a face of `size_mm` at `dpi`."""
    return (round(size_mm[0] / 25.4 * dpi), round(size_mm[1] / 25.4 * dpi))


def sheet_dpi(size_mm: tuple[float, float], cols: int, rows: int, dpi: int) -> int:
    """`dpi`, or less so that a sheet of `cols` x `rows` faces stays within `TTS_MAX_PIXELS` a side."""
    longest_in = max(cols * size_mm[0], rows * size_mm[1]) / 25.4
    return max(1, min(dpi, math.floor(TTS_MAX_PIXELS / longest_in)))


def grid_of(n: int) -> tuple[int, int]:
    """Columns and rows of a sheet of `n` faces (at most 10 x 7)."""
    cols = min(TTS_COLUMNS, n)
    return cols, -(-n // cols)


@dataclass(frozen=True)
class Sheet:
    """A deck sheet: its faces in order (row by row), its grid and image names."""

    component: str
    number: int
    faces: list[Face]
    cols: int
    rows: int
    image: str
    back_image: str | None  # a sheet of backs laid out like the faces (unique backs)


@dataclass(frozen=True)
class Plan:
    """What the export draws for TTS: per component its object kind, deck sheets and image names."""

    kind: dict[str, str]  # component -> "deck", "tile", "token" or "board"
    sheets: dict[str, list[Sheet]]  # deck components only
    common_back: dict[str, str]  # deck component -> its one back image
    dpi: dict[str, int]  # component -> resolution of its images


def tile_type(outline: Sequence[tuple[float, float]] | None, shape: Shape = RECT) -> int:
    """TTS's tile shape for a piece's cut outline: 0 box (no outline), 1 hexagon, 2 circle (a polygon of
    16 corners or more), else 0; a piece's `shape` says it outright (a rounded rectangle is a box)."""
    if shape.kind != "rect":
        return {"hex": 1, "circle": 2}.get(shape.kind, 0)
    if outline is None:
        return 0
    return 1 if len(outline) == 6 else 2 if len(outline) >= 16 else 0


def object_kind(kind: str, face: Face) -> str:
    chosen = KIND_OBJECT.get(kind, "deck")
    if chosen in ("token", "board") and face.piece.draw_back is not None:
        return "tile"  # only a tile shows a different picture on its other side
    return chosen


def plan(faces: Sequence[Face], kinds: dict[str, str], dpi: int, backs: dict[str, int]) -> Plan:
    """The objects and images for `faces` (`kinds`: component -> data file kind; `backs`: distinct backs)."""
    kind: dict[str, str] = {}
    sheets: dict[str, list[Sheet]] = {}
    common: dict[str, str] = {}
    dpis: dict[str, int] = {}
    for component in dict.fromkeys(f.piece.component for f in faces):
        members = [f for f in faces if f.piece.component == component]
        kind[component] = object_kind(kinds.get(component, ""), members[0])
        size = members[0].piece.size_mm
        if kind[component] != "deck":
            dpis[component] = sheet_dpi(size, 1, 1, dpi)
            continue
        per_sheet = TTS_COLUMNS * TTS_ROWS
        chunks = [members[k : k + per_sheet] for k in range(0, len(members), per_sheet)]
        cols, rows = grid_of(len(chunks[0]))
        dpis[component] = sheet_dpi(size, cols, rows, dpi)
        unique = backs.get(component, 0) > 1
        sheets[component] = [
            Sheet(
                component,
                n,
                chunk,
                *grid_of(len(chunk)),
                f"{component}-{n:02d}.png",
                f"{component}-{n:02d}-back.png" if unique else None,
            )
            for n, chunk in enumerate(chunks, 1)
        ]
        if backs.get(component) == 1:
            common[component] = f"{component}-back.png"
    return Plan(kind, sheets, common, dpis)


def _guid(*parts: Any) -> str:
    """A six-hex-digit object id (as TTS writes them), the same for the same object each time."""
    return hashlib.sha256(repr(parts).encode()).hexdigest()[:6]


def _transform(x: float, z: float, scale: float) -> dict[str, float]:
    return {
        "posX": round(x, 3),
        "posY": 1.0,
        "posZ": round(z, 3),
        "rotX": 0.0,
        "rotY": 180.0,
        "rotZ": 0.0,
        "scaleX": round(scale, 4),
        "scaleY": 1.0,
        "scaleZ": round(scale, 4),
    }


def _base(name: str, nickname: str, transform: dict[str, float], guid: str) -> dict[str, Any]:
    return {
        "GUID": guid,
        "Name": name,
        "Transform": transform,
        "Nickname": nickname,
        "Description": "",
        "ColorDiffuse": {"r": 1.0, "g": 1.0, "b": 1.0},
        "Locked": False,
        "Grid": True,
        "Snap": True,
        "Autoraise": True,
        "Sticky": True,
        "Tooltip": True,
    }


class Builder:
    """Turns a `Plan` into the saved object's `ObjectStates`; `url` maps an image file name to its URL."""

    def __init__(
        self,
        game: str,
        faces: Sequence[Face],
        the_plan: Plan,
        url: Callable[[str], str],
        titles: dict[str, str],
    ) -> None:
        self.game, self.faces, self.plan, self.url, self.titles = game, faces, the_plan, url, titles

    def objects(self, names: Callable[[Face], str], back_name: Callable[[Face], str | None]) -> list[dict]:
        """One object per component (a deck, a card, a bag of tiles or tokens), boards one each, in a row."""
        out: list[dict] = []
        x = 0.0
        deck_id = 0
        for component, kind in self.plan.kind.items():
            members = [f for f in self.faces if f.piece.component == component]
            w_mm, h_mm = members[0].piece.size_mm
            if kind == "deck":
                ids = range(deck_id + 1, deck_id + 1 + len(self.plan.sheets[component]))
                deck_id += len(ids)
                out.append(self._deck(component, list(ids), w_mm / TTS_CARD_WIDTH_MM, x))
            else:
                pieces = self._pieces(component, kind, members, h_mm / TTS_IMAGE_UNIT_MM, x, names, back_name)
                out.extend(pieces)
            x += max(w_mm, h_mm) / TTS_IMAGE_UNIT_MM * 1.3 + 1.0
        return out

    def _custom_deck(self, sheet: Sheet) -> dict[str, Any]:
        back = sheet.back_image or self.plan.common_back.get(sheet.component)
        return {
            "FaceURL": self.url(sheet.image),
            "BackURL": self.url(back) if back else self.url(sheet.image),
            "NumWidth": sheet.cols,
            "NumHeight": sheet.rows,
            "BackIsHidden": True,
            "UniqueBack": sheet.back_image is not None,
            "Type": 0,
        }

    def _deck(self, component: str, ids: list[int], scale: float, x: float) -> dict[str, Any]:
        cards = []
        custom: dict[str, Any] = {}
        for deck_id, sheet in zip(ids, self.plan.sheets[component], strict=True):
            entry = self._custom_deck(sheet)
            custom[str(deck_id)] = entry
            for place, face in enumerate(sheet.faces):
                for copy in range(face.quantity):
                    card_id = deck_id * 100 + place
                    card = _base(
                        "Card",
                        face.piece.label,
                        _transform(x, 0.0, scale),
                        _guid(self.game, component, card_id, copy),
                    )
                    card.update(
                        {"CardID": card_id, "CustomDeck": {str(deck_id): entry}, "SidewaysCard": False}
                    )
                    cards.append(card)
        if len(cards) == 1:
            return cards[0]
        title = self.titles.get(component, component)
        deck = _base("Deck", title, _transform(x, 0.0, scale), _guid(self.game, component, "deck"))
        deck.update(
            {
                "SidewaysCard": False,
                "DeckIDs": [c["CardID"] for c in cards],
                "CustomDeck": custom,
                "ContainedObjects": cards,
            }
        )
        return deck

    def _pieces(
        self,
        component: str,
        kind: str,
        members: list[Face],
        scale: float,
        x: float,
        names: Callable[[Face], str],
        back_name: Callable[[Face], str | None],
    ) -> list[dict[str, Any]]:
        """The component's pieces: boards each on the table, tiles and tokens in a bag when several."""
        objects = []
        for k, face in enumerate(members):
            front, back = names(face), back_name(face)
            for copy in range(face.quantity):
                guid = _guid(self.game, component, face.number, copy)
                z = 0.0 if kind != "board" else -(k + copy) * scale * 1.2
                shape = tile_type(face.piece.outline, face.piece.shape)
                objects.append(
                    self._image_object(kind, face.piece.label, front, back, scale, (x, z), shape, guid)
                )
        if len(objects) == 1 or kind == "board":
            return objects
        title = self.titles.get(component, component)
        bag = _base("Bag", title, _transform(x, 0.0, 1.0), _guid(self.game, component, "bag"))
        bag["ContainedObjects"] = objects
        return [bag]

    def _image_object(
        self,
        kind: str,
        label: str,
        front: str,
        back: str | None,
        scale: float,
        at: tuple[float, float],
        shape: int,
        guid: str,
    ) -> dict[str, Any]:
        image: dict[str, Any] = {
            "ImageURL": self.url(front),
            "ImageSecondaryURL": self.url(back) if back else "",
            "ImageScalar": 1.0,
            "WidthScale": 0.0,
        }
        name = {"tile": "Custom_Tile", "token": "Custom_Token", "board": "Custom_Board"}[kind]
        if kind == "tile":
            image["CustomTile"] = {
                "Type": shape,
                "Thickness": TILE_THICKNESS,
                "Stackable": True,
                "Stretch": False,
            }
        elif kind == "token":
            image["CustomToken"] = {
                "Thickness": TOKEN_THICKNESS,
                "MergeDistancePixels": 15.0,
                "StandUp": False,
                "Stackable": True,
            }
        obj = _base(name, label, _transform(*at, scale), guid)
        obj["CustomImage"] = image
        return obj


def save_state(objects: list[dict]) -> dict[str, Any]:
    """The saved object: a save state with the outer fields empty, as TTS writes saved objects."""
    return {
        "SaveName": "",
        "Date": "",
        "VersionNumber": "",
        "GameMode": "",
        "GameType": "",
        "GameComplexity": "",
        "Tags": [],
        "Gravity": 0.5,
        "PlayArea": 0.5,
        "Table": "",
        "Sky": "",
        "Note": "",
        "TabStates": {},
        "LuaScript": "",
        "LuaScriptState": "",
        "XmlUI": "",
        "ObjectStates": objects,
    }
