"""Layouts: components drawn from data, so that a game with no drawing module of its own still prints.

A layout (`[layouts.NAME]` in a data file or a file beside it) is a list of
elements placed in millimetres: shapes, text with fields, bold and italic
runs and inline icons, icons, images, pips and tables. A component that names
a layout is drawn by it, one piece per copy of each row of a CSV file or a
workbook sheet. The modules, by part:

- `spec`: reading and checking layouts and icons, `extends`;
- `values`: what each key may hold, and reading it for a row;
- `richtext`, `text`: markup, line breaking, columns, tables, shrink-to-fit;
- `icons`, `images`: named icons; PNG and SVG pictures;
- `elements`: drawing each element of a layout for one row;
- `rows`: reading CSV, XLSX and ODS rows;
- `components`: a component's size, shape, rows, fronts and backs as pieces.

The guide for designers is `docs/guides/layouts.md`.
"""
