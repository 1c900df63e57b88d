"""The data-file reference page, written from `printkit.datafile.schema` and the rule sets, so it cannot
drift.

The docs site builds this page at build time (`tools/mkdocs_hooks.py`), and
`python -m printkit.datafile.reference` prints it. Every key the loader accepts is
listed from the tables the loader itself checks against: the schema's field
tables for `[game]`, `[components.*]`, `[options.*]` and `[variants.*]`, each
registered game's own component fields and the rules its code reads
(`FIELDS`, `RULES` of `printkit/datafile/<engine>.py`), and each shipped data
file's rules, options and variants as loaded. `limits_row` writes a game's row
of the rules table in the data-file limits guide from the same `RULES`; a test
holds the guide to it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from printkit.datafile import schema
from printkit.datafile.gamedata import available_games, load_game
from printkit.datafile.rulesets import counts_text, ruleset
from printkit.datafile.shapes import Between, OneOf, PerPlayers

INTRO = """\
# Data file reference

*Generated from `printkit/datafile/schema.py` and `printkit/datafile/` when the site is built
(`python -m printkit.datafile.reference` prints it), so it lists exactly what the loader accepts.*

A game is one TOML file (`data/<game>/<game>.toml`, or any path given as GAME). It has six
kinds of tables; a key outside them is refused in one line that names the nearest
known key. Limits on sizes are in [Data file limits](../guides/data-file-limits.md).
"""


def cell(text: Any) -> str:
    """A value made safe for one Markdown table cell."""
    return str(text).replace("|", "\\|").replace("\n", " ")


def table(header: Iterable[str], rows: Iterable[Iterable[Any]]) -> list[str]:
    header = list(header)
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(cell(c) for c in row) + " |" for row in rows]
    return lines + [""]


def field_rows(fields: Mapping[str, schema.Field]) -> list[tuple[str, str, str]]:
    return [(f"`{name}`", "yes" if f.required else "", f.expected) for name, f in fields.items()]


def fields_section(title: str, text: str, fields: Mapping[str, schema.Field]) -> list[str]:
    lines = [f"## {title}", "", text, "", *table(("key", "required", "value"), field_rows(fields))]
    return lines + record_tables(fields)


def record_tables(fields: Mapping[str, schema.Field]) -> list[str]:
    """For each field whose value is a list of records (`sources`, `colours`), the keys of a record."""
    lines = []
    for name, field in fields.items():
        if field.records is not None:
            lines += [f"Each record of `{name}` holds:", ""]
            lines += table(("key", "required", "value"), field_rows(field.records))
    return lines


def shape_text(shape: Any) -> str:
    """What a rule-set shape admits, in words."""
    if isinstance(shape, (OneOf, Between)):
        return shape.expected()
    if isinstance(shape, PerPlayers):
        return f"per player count: {shape_text(shape.shape)}"
    if isinstance(shape, dict):
        return "a table of " + ", ".join(f"{k}: {shape_text(v)}" for k, v in shape.items())
    if isinstance(shape, list):
        if len(shape) == 1:
            return f"a list, each {shape_text(shape[0])}"
        return "[" + ", ".join(shape_text(s) for s in shape) + "]"
    return schema.type_name(shape)


def limits_row(engine: str, label: str) -> str:
    """A game's row of the limits table in `docs/guides/data-file-limits.md`: its player counts, then every
    rule of its `RULES` with the values its code implements (a test holds the guide to it)."""
    module = ruleset(engine)
    return f"| {label} | {counts_text(module.PLAYERS)} | {rules_text(module.RULES)} |"


def rules_text(shapes: Mapping[str, Any]) -> str:
    """Every rule of a `RULES` with the values it admits: `` `hand` 1 to 27, `tie` split/carry ``."""
    return ", ".join(
        f"`{key}` {values}" for name, shape in shapes.items() for key, values in rule_values(name, shape)
    )


def rule_values(key: str, shape: Any) -> list[tuple[str, str]]:
    """`(key, values)` for a rule, a table's entries each (`chart.rows`) or, all alike, as one (`sides.*`)."""
    if isinstance(shape, PerPlayers):
        return rule_values(f"{key}.<players>", shape.shape)
    if not isinstance(shape, dict):
        return [(key, values_text(shape))]
    entries = [entry for name, inner in shape.items() for entry in rule_values(f"{key}.{name}", inner)]
    alike = {values for _, values in entries}
    if len(shape) > 1 and len(entries) == len(shape) and len(alike) == 1:
        return [(f"{key}.*", alike.pop())]
    return entries


def values_text(shape: Any) -> str:
    """The values a shape admits, as the limits table writes them: `1 to 1,000`, `split/carry`, `text`."""
    if isinstance(shape, Between):
        span = f"{shape.lo:,.15g} to {shape.hi:,.15g}"
        return span if shape.integer else f"any number from {span}"
    if isinstance(shape, OneOf):
        return "/".join(schema.show(v).strip('"') for v in shape.values)
    if isinstance(shape, list):
        items = " and ".join(values_text(s) for s in shape)
        return f"a list of values {items}" if len(shape) == 1 else f"a list of {len(shape)}: {items}"
    if isinstance(shape, bool):
        return "true/false"
    return "text" if isinstance(shape, str) else schema.type_name(shape)


def option_limits(option: Mapping[str, Any]) -> str:
    parts = []
    if "choices" in option:
        parts.append("one of " + ", ".join(schema.show(c) for c in option["choices"]))
    if "min" in option:
        parts.append(f">= {option['min']}")
    if "max" in option:
        parts.append(f"<= {option['max']}")
    if option.get("variable_length"):
        parts.append("any length")
    return "; ".join(parts)


def assignments(values: Mapping[str, Any], prefix: str = "") -> str:
    """A variant's `set` as the `--set KEY=VALUE` pairs it amounts to."""
    parts = []
    for key, value in values.items():
        if isinstance(value, dict):
            parts.append(assignments(value, f"{prefix}{key}."))
        else:
            parts.append(f"{prefix}{key}={schema.show(value)}")
    return ", ".join(parts)


def game_section(name: str) -> list[str]:
    """One shipped game: its own component fields, its rules (default, limits, source, doc), its variants."""
    data = load_game(name)
    module = ruleset(data.engine)
    shapes = getattr(module, "RULES", {}) if module else {}
    own = getattr(module, "FIELDS", {}) if module else {}
    players = getattr(module, "PLAYERS", ()) if module else ()
    lines = [f"### {data.title} (`{name}`)", ""]
    if players:
        lines += [f"Player counts the engine and the drawing support: {', '.join(map(str, players))}.", ""]
    if own:
        lines += ["Component fields of this game:", "", *table(("key", "required", "value"), field_rows(own))]
    rows = []
    for rule, default in data.rules.items():
        option = data.options.get(rule, {})
        limits = option_limits(option)
        implemented = shape_text(shapes[rule]) if rule in shapes else ""
        rows.append(
            (
                f"`{rule}`",
                schema.show(default),
                limits,
                implemented,
                option.get("source", ""),
                option.get("doc"),
            )
        )
    lines += ["Rules (`[rules]`, each declared by `[options.<rule>]`):", ""]
    lines += table(("rule", "default", "the file allows", "the code implements", "source", "doc"), rows)
    lines += ["Variants (`--variant NAME`):", ""]
    lines += table(
        ("variant", "sets", "doc"),
        ((f"`{v}`", assignments(spec.get("set", {})), spec["doc"]) for v, spec in data.variants.items()),
    )
    return lines


def render() -> str:
    """The whole reference page, in Markdown."""
    lines = [INTRO]
    lines += fields_section(
        "[game]", "What the game is, who plays it, and what the commands do by default.", schema.GAME_FIELDS
    )
    lines += fields_section(
        "[components.NAME]",
        f"One table per printed component; `kind` is one of {', '.join(schema.COMPONENT_KINDS)}. "
        "Printed words (`text`, `names`, ...) hold strings under any keys the drawing fills in.",
        schema.COMPONENT_FIELDS,
    )
    for kind, fields in schema.KIND_FIELDS.items():
        lines += [f"A `{kind}` also holds:", "", *table(("key", "required", "value"), field_rows(fields))]
    lines += ["Keys by the form of their name:", ""]
    lines += table(
        ("name matches", "value"), ((f"`{p.pattern}`", f.expected) for p, f in schema.COMPONENT_PATTERNS)
    )
    lines += [
        "## [rules]",
        "",
        "One key per rule, its default value. A file declares its own rules: every key of `[rules]` "
        "has an `[options.<rule>]` table. A table-valued rule's keys are the keys of its default, so a "
        "variant or `--set` names only those.",
        "",
    ]
    lines += fields_section(
        "[options.RULE]",
        f"How a rule may vary. `source` says where the default comes from: {', '.join(schema.SOURCES)}.",
        schema.OPTION_FIELDS,
    )
    lines += fields_section(
        "[variants.NAME]",
        "A named set of rule values; names may hold letters, digits, `_` and `-`, and join with `+` on "
        "the command line (`--variant blue+flip`).",
        schema.VARIANT_FIELDS,
    )
    lines += [
        "## [layouts.NAME], [icons.NAME], [palette], [fonts]",
        "",
        "What a game printed from layouts draws with: its layouts' elements, its icons, its colours by "
        'name (`ember = "#c0392b"`, or `{ rgb = ..., cmyk = [c, m, y, k] }`) and its font files '
        '(`serif = "fonts/Serif.ttf"`, or `{ regular = ..., bold = ..., italic = ..., '
        "bold_italic = ... }`); see the layouts guide.",
        "",
        "## [lang.CODE]",
        "",
        "The printed text in another language (`ja`): the same key paths as the English text it "
        "translates, checked against the file itself.",
        "",
        "## The shipped games",
        "",
        "Each game's rules as its data file declares them, and what its code implements "
        "(`RULES` in `printkit/datafile/<engine>.py`).",
        "",
    ]
    for name in available_games():
        lines += game_section(name)
    return "\n".join(lines).rstrip() + "\n"


if __name__ == "__main__":
    print(render(), end="")
