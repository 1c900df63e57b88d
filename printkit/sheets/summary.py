"""What a build printed: sheets and pieces per component and kind, against the data file's counts.

`summarize` reads the sheets a build rendered, so the figures are those of
the PDF itself: for each component, how many pieces were placed, the count the
data file states for it (`components.<name>.count`, when it states one; other
counts follow from the rules, e.g. panels per type), how many sheets carry it
(pages in shop mode) and whether it has a printed back; the same per component
kind; and the mode, paper, language (and whether the data file has its text),
sheets and pages, and the paper use: the share of the front sheets' area that
pieces cover, overall and per sheet. `lines` formats it for
the terminal; the build writes it as JSON beside the PDF.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from printkit.datafile.gamedata import GameData, Rules
from printkit.datafile.layout_values import colour_form
from printkit.datafile.palette import NO_PALETTE
from printkit.output.colour_profile import GAMUT_DELTA_E, Converter
from printkit.pieces.contract import Piece, count_by_component
from printkit.sheets.geometry import Sheet


def summarize(
    data: GameData,
    rules: Rules,
    pieces: Sequence[Piece],
    sheets: Sequence[Sheet],
    mode: str,
    paper: str | None,
    duplex: bool | None = None,
) -> dict[str, Any]:
    """The summary of one build as plain data (see the module docstring)."""
    fronts = [s for s in sheets if s.side == "front"]
    placed: dict[str, int] = {}
    on_sheets: dict[str, int] = {}
    for sheet in fronts:
        here = count_by_component([p.piece for p in sheet.placements])
        for component, n in here.items():
            placed[component] = placed.get(component, 0) + n
            on_sheets[component] = on_sheets.get(component, 0) + 1
    with_back = {p.component for p in pieces if p.draw_back is not None}
    components: dict[str, dict[str, Any]] = {}
    kinds: dict[str, dict[str, int]] = {}
    for component in count_by_component(pieces):
        spec = data.components.get(component, {})
        kind = spec.get("kind", "")
        components[component] = {
            "kind": kind,
            "count": placed.get(component, 0),
            "data_count": spec.get("count"),
            "sheets": on_sheets.get(component, 0),
            "back": component in with_back,
        }
        total = kinds.setdefault(kind, {"count": 0, "sheets": 0})
        total["count"] += placed.get(component, 0)
    for kind, total in kinds.items():
        total["sheets"] = sum(
            any(data.components.get(p.piece.component, {}).get("kind", "") == kind for p in s.placements)
            for s in fronts
        )
    return {
        "game": data.name,
        "title": data.title,
        "variant": rules.label,
        "players": rules.players,
        "mode": mode,
        "paper": paper,
        "lang": data.lang,
        "translated": data.has_text(data.lang),
        "sheets": len(fronts) if mode == "home" else None,
        "paper_use": _share(sum(s.used_mm2() for s in fronts), sum(_area(s) for s in fronts)),
        "sheet_use": [_share(s.used_mm2(), _area(s)) for s in fronts],
        "pages": len(sheets),
        "double_sided": bool(duplex) and any(s.side == "back" for s in sheets),
        "components": components,
        "kinds": kinds,
    }


def colour_keys(data: GameData, pieces: Sequence[Piece] = ()) -> dict[str, list[str]]:
    """Each colour the data file writes, as "#rrggbb" in lower case, with the key paths that write it.

    The game and component tables, the layouts and icons (`layouts.card.ground.fill`), the palette
    (`palette.ember`, and every key naming it), and, for a colour no key writes, the rows' values
    (`cards.csv: row 2, column colour`); a colour written by name counts as the colour it names.
    """
    palette = data.layouts.palette if data.layouts is not None else NO_PALETTE
    found: dict[str, list[str]] = {}
    for rgb, key in palette.names().items():
        found.setdefault(rgb, []).append(key)

    def walk(value: Any, path: str) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                walk(item, f"{path}.{key}" if path else str(key))
        elif isinstance(value, list):
            for i, item in enumerate(value):
                walk(item, f"{path}[{i}]")
        elif isinstance(value, str) and len(value) <= 40:
            try:
                form = colour_form(value, palette)
            except ValueError:
                return
            if form[0] == "rgb" and path not in found.get(form[1], []):
                found.setdefault(form[1], []).append(path)

    walk({"game": dict(data.game), "components": dict(data.components)}, "")
    walk({"layouts": {name: table for name, (table, _) in data.layout_tables.items()}}, "")
    walk({"icons": {name: table for name, (table, _) in data.icon_tables.items()}}, "")
    written = {
        rgb: list(keys) for rgb, keys in found.items()
    }  # a row's colour is named by its row only when no key of the file writes it
    for piece in pieces:
        for fields_key in ("fields", "back_fields"):
            fields = piece.record.get(fields_key)
            if isinstance(fields, dict) and "where" in piece.record:
                for column, value in fields.items():
                    walk(value, f"{piece.record['where']}, column {column}")
    return {rgb: written.get(rgb, keys) for rgb, keys in found.items()}


def colour_summary(
    data: GameData, converter: Converter | None, pdfx: bool, pieces: Sequence[Piece] = ()
) -> dict[str, Any] | None:
    """How the colours were printed: the profile, the output intent, and the colours out of its gamut."""
    if converter is None:
        return None
    keys = colour_keys(data, pieces)
    profile = converter.profile
    return {
        "cmyk": True,
        "profile": profile.description,
        "profile_file": profile.file_name,
        "output_intent": profile.identifier,
        "pdfx": "PDF/X-4" if pdfx else None,
        "colours": len(converter.seen),
        "gamut_delta_e": GAMUT_DELTA_E,
        "out_of_gamut": [
            {"rgb": rgb, "delta_e": round(de, 1), "keys": keys.get(rgb, [])}
            for rgb, de in converter.out_of_gamut()
        ],
    }


def _colour_lines(colour: dict[str, Any]) -> list[str]:
    pdfx = f", {colour['pdfx']}" if colour["pdfx"] else ""
    out = [f"  colour: CMYK through {colour['profile']}; output intent {colour['output_intent']}{pdfx}"]
    far = colour["out_of_gamut"]
    if not far:
        out.append(f"  every colour within the profile's gamut (CIEDE2000 <= {colour['gamut_delta_e']:g})")
    for c in far:
        keys = c["keys"][:3] + ([f"{len(c['keys']) - 3} more"] if len(c["keys"]) > 3 else [])
        where = f" ({', '.join(keys)})" if keys else " (drawn by code, or made by ink on / readable)"
        out.append(f"  out of gamut: {c['rgb']}{where} prints {c['delta_e']:g} CIEDE2000 away")
    return out


def _area(sheet: Sheet) -> float:
    return sheet.size_mm[0] * sheet.size_mm[1]


def _share(part: float, whole: float) -> float:
    return round(part / whole, 3) if whole else 0.0


def mismatches(summary: dict[str, Any]) -> list[str]:
    """Components whose placed count differs from the count the data file states."""
    return [
        name
        for name, c in summary["components"].items()
        if c["data_count"] is not None and c["data_count"] != c["count"]
    ]


def lines(summary: dict[str, Any]) -> list[str]:
    """The summary as the lines the command prints."""
    pages = summary["pages"]
    if summary["mode"] == "home":
        use = f"{100 * summary['paper_use']:.0f}%"
        sheets = f"{summary['sheets']} sheet{'s' if summary['sheets'] != 1 else ''}"
        head = f"{sheets} of {summary['paper']} ({use} covered), {pages} pages, home mode"
        if summary["double_sided"]:
            head += "; print double-sided, flip on the long edge"
        elif pages > summary["sheets"]:
            head += "; single-sided: glue each back page behind its front"
    elif "faces" in summary:
        head = f"{pages} pages, one per distinct face (quantities below), shop mode"
    else:
        head = f"{pages} pages, one per piece face, shop mode"
    unit = "sheets" if summary["mode"] == "home" else "pages"
    width = max([len("component"), *(len(name) for name in summary["components"])]) + 2
    out = [head, f"  {'component':<{width}}{'kind':<11}{'count':>6}{'stated':>8}{unit:>8}  back"]
    for name, c in summary["components"].items():
        stated = "-" if c["data_count"] is None else str(c["data_count"])
        flag = "  <- differs from the data file" if name in mismatches(summary) else ""
        back = "yes" if c["back"] else ""
        row = f"{c['kind']:<11}{c['count']:>6}{stated:>8}{c['sheets']:>8}  {back}{flag}"
        out.append(f"  {name:<{width}}{row}")
    out.append(
        f"  (count: pieces printed; stated: the count the data file gives, - if none; {unit}: "
        f"{unit} the component is printed on; back: printed with a back)"
    )
    kinds = ", ".join(f"{k} {v['count']} on {v['sheets']}" for k, v in summary["kinds"].items())
    out.append(f"  by kind (pieces on {unit}): {kinds}")
    if "faces" in summary:
        out.append("  faces: " + ", ".join(f"{f['face']} x{f['quantity']}" for f in summary["faces"]))
    if summary.get("colour"):
        out.extend(_colour_lines(summary["colour"]))
    return out
