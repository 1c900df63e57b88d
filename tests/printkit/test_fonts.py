"""Line wrapping with the embedded fonts: between words, between CJK characters, by the kinsoku rules."""

from __future__ import annotations

from reportlab.pdfbase.pdfmetrics import stringWidth

from printkit.output.fonts import NO_LINE_START, family, wrap


def test_english_wraps_between_words_within_the_width():
    font = family("en").regular
    text = "Adjacent = orthogonal (never diagonal) unless it says so."
    lines = wrap(text, font, 10, 120)
    assert len(lines) > 1 and " ".join(lines) == text
    assert all(stringWidth(line, font, 10) <= 120 for line in lines)


def test_japanese_wraps_between_characters_but_never_before_closing_punctuation():
    font = family("ja").regular
    text = (
        "隣接するブラックホールがなければ2点。"
        "さらに隣接する星タイルや惑星もなければ、追加で3点（斜めは数えない）。"
    )
    for width in range(40, 200, 7):
        lines = wrap(text, font, 10, width)
        assert "".join(lines) == text
        for line in lines:
            assert line[0] not in NO_LINE_START, (width, lines)
            assert not line.endswith("（"), (width, lines)
        for before, after in zip(lines, lines[1:], strict=False):
            assert not (before[-1].isdigit() and after[0] == "点"), (width, lines)
