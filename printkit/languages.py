"""The languages a game's printed text may be in: English, the data file's own, and each a `[lang.<code>]`
table may add; the fonts have a family for each (`printkit.output.fonts`)."""

LANGS = ("en", "ja")
