"""A game's sources in one line each, in the sheet's language: the designer sheet prints them and
`printkit list` shows them, which must not pay for the sheet's PDF drawing to do so."""

from __future__ import annotations

from collections.abc import Mapping

from printkit.datafile.template import fill

WORDS = {
    "en": {
        "source_line": "{title} ({language}), {where}: {covers}",
        "languages": {"ja": "Japanese", "en": "English"},
    },
    "ja": {
        "source_line": "{title}（{language}）{where}：{covers}",
        "languages": {"ja": "日本語", "en": "英語"},
    },
}


def source_line(source: Mapping[str, str], lang: str = "en") -> str:
    """One source named by its title, its language and where it came from, and what the rules took from it."""
    words = WORDS.get(lang, WORDS["en"])
    values = {
        "title": source["title"],
        "language": words["languages"].get(source["lang"], source["lang"]),
        "where": source["where"],
        "covers": source.get("covers", ""),
    }
    line = fill(words["source_line"], values, "source")
    return line if values["covers"] else line.rstrip(":： ")
