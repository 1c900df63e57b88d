"""The printkit command: list, build, and one-line errors with exit status 2 and no file."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from printkit.datafile.gamedata import load_game
from printkit.datafile.schema import SOURCES
from printkit.output.fonts import family
from printkit.sheets.designer import designer_pdf

ROOT = Path(__file__).resolve().parents[2]


def test_list_shows_games_players_and_components(run_tool):
    code, out, err = run_tool("printkit", "list")
    assert code == 0 and not err
    assert "united_square: United Square, 2 or 4 players" in out
    lines = out.splitlines()
    assert any(line.split()[:3] == ["panel", "tile", "24"] for line in lines)
    assert any(line.split()[:3] == ["board", "board", "1"] for line in lines)
    assert "board7" in out
    # a variant's doc beside its name, aligned with the others; sources by their titles
    variants = out[out.index("united_square:") :].split("  variants:\n", 1)[1].splitlines()
    starts = {line.index(line.split()[1]) for line in variants[:3]}
    assert variants[1].split()[0] == "board7" and len(starts) == 1, variants[:3]
    assert "ユナイテッドスクエア - BGAうぃき (Japanese)" in out
    assert "seed 00" not in out


def test_the_source_of_an_option_is_one_word_in_the_data_file_the_list_the_readme_and_the_guides(run_tool):
    code, out, _ = run_tool("printkit", "list")
    assert code == 0
    options = re.findall(r"(?ms)^  options: (.*?)(?=^  \S|^\S|\Z)", out)
    listed = set(re.findall(r"\w+ \((\w+)\)", " ".join(options)))
    assert listed == set(SOURCES)  # the five games use all three
    readme = (ROOT / "README.md").read_text()
    guides = [(ROOT / "docs" / "guides" / g).read_text() for g in ("data-files.md", "rules-options.md")]
    for word in SOURCES:
        assert f"`{word}`" in readme and all(word in guide for guide in guides), word


# The options of the rules fixes (issue 24): block dominoes' scoring, This Town's relocation lock,
# Time Splicers' portal entry and the meeple in the portal when a new timeline is turned up.
RULES_FIXES = {
    "tiddly_wink": ("round_score",),
    "this_town": ("relocation_lock",),
    "time_splicers": ("portal_collapse", "portal_meeple"),
}


def test_the_rules_fixes_options_are_in_the_list_and_on_the_designer_sheet(run_tool):
    code, out, err = run_tool("printkit", "list")
    assert code == 0, err
    # one block per game: its heading line ("this_town: ...") to the next game's
    blocks = re.finditer(r"(?ms)^(\w+): .*?(?=^\w+: |\Z)", out)
    squeezed = {m.group(1): re.sub(r"\s", "", m.group(0)) for m in blocks}
    for game, options in RULES_FIXES.items():
        data = load_game(game)
        sheet = PdfReader(io.BytesIO(designer_pdf(data, data.resolve(), family("en"))))
        text = re.sub(r"\s", "", "".join(page.extract_text() for page in sheet.pages))
        for option in options:
            listed = f"{option}({data.options[option]['source']})"
            assert listed in squeezed[game], (game, option)
            assert option in text, (game, option)
            doc = re.sub(r"\s", "", data.options[option]["doc"])[:60]
            assert doc in text, (game, option)


@pytest.mark.parametrize("lang,credit", [("en", "Game design: "), ("ja", "ゲームデザイン：")])
def test_the_designer_sheet_credits_the_games_designer(lang, credit):
    data = load_game("united_square").localized(lang)
    sheet = PdfReader(io.BytesIO(designer_pdf(data, data.resolve(), family(lang))))
    text = re.sub(r"\s", "", "".join(page.extract_text() for page in sheet.pages))
    assert re.sub(r"\s", "", credit + "Julien Selz (2011)") in text


def test_build_writes_the_pdf_and_reports_counts(run_tool, tmp_path):
    code, out, err = run_tool(
        "printkit", "build", "united_square", "--variant", "board7", "--out", str(tmp_path)
    )
    assert code == 0, err
    pdf = tmp_path / "united_square-board7.pdf"
    assert pdf.is_file() and pdf.read_bytes().startswith(b"%PDF")
    assert str(pdf) in out
    rows = {line.split()[0]: line.split()[1:3] for line in out.splitlines() if line.startswith("  ")}
    assert rows["panel"] == ["tile", "48"] and rows["board"] == ["board", "1"]
    assert rows["aid"] == ["reference", "1"] and rows["score_pad"] == ["reference", "1"]
    assert (tmp_path / "united_square-board7.summary.json").is_file()


def test_build_options_reach_the_layout(run_tool, tmp_path):
    args = ["build", "united_square", "--paper", "letter", "--bleed", "2", "--margin", "8", "--gap", "1"]
    code, out, err = run_tool("printkit", *args, "--no-crop-marks", "--out", str(tmp_path))
    assert code == 0, err
    assert "letter" in out
    reader = PdfReader(tmp_path / "united_square-letter.pdf")
    assert float(reader.pages[0].mediabox.width) == pytest.approx(612)
    assert all(b"PrintkitCropMarks" not in p.get_contents().get_data() for p in reader.pages)


@pytest.mark.parametrize(
    "args,words",
    [
        (["build", "no_such_game"], "unknown game 'no_such_game'"),
        (["build", "united_square", "--variant", "board9"], "unknown variant 'board9'"),
        (["build", "united_square", "--set", "board=6"], "rules.board"),
        (["build", "united_square", "--set", "colour=red"], "unknown option"),
        (["build", "united_square", "--set", "board"], "expected key=value"),
        (["build", "united_square", "--paper", "a5"], "--paper"),
        (["build", "united_square", "--bleed", "-1"], "bleed"),
        (["build", "united_square", "--bleed", "lots"], "--bleed"),
        (["build", "united_square", "--variant", "board7", "--bleed", "3"], "components.board"),
        (["build"], "GAME"),
        # issue 24: print options that leave no room for a piece, and rules the engine refuses
        (["build", "united_square", "--bleed", "1e308"], "bleed: 1e+308 mm is more than the 25 mm"),
        (["build", "united_square", "--bleed", "500"], "bleed: 500 mm is more than the 25 mm"),
        (["build", "united_square", "--mode", "shop", "--bleed", "500"], "bleed: 500 mm"),
        (["build", "united_square", "--gap", "1e6"], "gap: 1e+06 mm is more than the 50 mm"),
        (["build", "united_square", "--gap", "1000"], "gap: 1000 mm is more than the 50 mm"),
        (["build", "united_square", "--margin", "200"], "margin: 200 mm is more than the 100 mm"),
        (["build", "united_square", "--gap", "nan"], "gap: expected a length in mm >= 0"),
        (
            ["build", "twinkle_twinkle", "--set", "constellations.size_points=[]"],
            "rules.constellations.size_points: expected a non-empty list, got []",
        ),
    ],
)
def test_bad_input_is_one_line_exit_2_and_no_file(run_tool, tmp_path, args, words):
    code, out, err = run_tool("printkit", *args, "--out", str(tmp_path / "out"))
    assert code == 2
    assert err.startswith("error: ") and err.count("\n") == 1, err
    assert words in err
    assert not out
    assert not list(tmp_path.rglob("*.pdf"))


def test_unwritable_out_dir_is_one_line_exit_2(run_tool, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    code, out, err = run_tool("printkit", "build", "united_square", "--out", str(blocker / "sub"))
    assert code == 2
    assert err.startswith("error: cannot write") and err.count("\n") == 1, err
    assert not list(Path(tmp_path).rglob("*.pdf")) and not list(tmp_path.rglob("*.tmp"))


def test_list_shows_games_without_a_drawing_module_from_their_data(run_tool, monkeypatch, tmp_path):
    text = load_game("united_square").path.read_text(encoding="utf-8")
    (tmp_path / "zz_unprinted.toml").write_text(
        text.replace('engine = "united_square"', 'engine = "zz_unprinted"'), encoding="utf-8"
    )
    monkeypatch.setenv("PRINTKIT_DATA", str(tmp_path))
    code, out, err = run_tool("printkit", "list")
    assert code == 0, err
    block = out[out.index("zz_unprinted:") :]
    assert "no drawing module yet" in block
    assert any(line.split() == ["panel", "tile", "?", "x", "27x27", "mm"] for line in block.splitlines())
    code, out, err = run_tool("printkit", "build", "zz_unprinted", "--out", str(tmp_path / "out"))
    assert code == 2 and "no drawing module for 'zz_unprinted'" in err


def test_calibrate_proof_and_shop_commands_write_their_files(run_tool, tmp_path):
    code, out, err = run_tool("printkit", "calibrate", "--paper", "letter", "--out", str(tmp_path))
    assert code == 0, err
    assert (tmp_path / "calibrate-letter.pdf").is_file() and "100 %" in out
    code, out, err = run_tool("printkit", "proof", "united_square", "--dpi", "30", "--out", str(tmp_path))
    assert code == 0, err
    assert (tmp_path / "united_square-proof-panel-01.png").is_file()
    args = ["build", "united_square", "--mode", "shop", "--cmyk", "--out", str(tmp_path)]
    code, out, err = run_tool("printkit", *args)
    assert code == 0, err
    assert "shop mode" in out and (tmp_path / "united_square-shop.summary.json").is_file()


@pytest.mark.parametrize(
    "args,words",
    [
        (["build", "united_square", "--back-offset", "x"], "--back-offset"),
        (["build", "united_square", "--mode", "press"], "--mode"),
        (["build", "united_square", "--lang", "fr"], "--lang"),
        (["build", "united_square", "--cut-svg", "--margin", "5"], "registration marks"),
        (["proof", "united_square", "--dpi", "5000"], "--dpi"),
        (["export", "united_square", "--png", "--dpi", "5000"], "--dpi"),
    ],
)
def test_bad_print_options_are_one_line_exit_2_and_no_file(run_tool, tmp_path, args, words):
    code, out, err = run_tool("printkit", *args, "--out", str(tmp_path / "out"))
    assert code == 2 and err.startswith("error: ") and err.count("\n") == 1, err
    assert words in err and not (tmp_path / "out").exists()


def test_build_notes_only_a_data_file_without_the_language(run_tool, tmp_path):
    text = load_game("tiddly_wink").path.read_text(encoding="utf-8")
    bare = tmp_path / "bare.toml"
    bare.write_text(text[: text.index("[lang.ja")], encoding="utf-8")
    code, out, err = run_tool("printkit", "build", str(bare), "--lang", "ja", "--out", str(tmp_path))
    assert code == 0, err
    assert "note: the data file of" in out and "labels stay in English" in out
    code, out, err = run_tool("printkit", "build", "tiddly_wink", "--lang", "ja", "--out", str(tmp_path))
    assert code == 0, err
    assert (tmp_path / "tiddly_wink-ja.pdf").is_file() and "note:" not in out
