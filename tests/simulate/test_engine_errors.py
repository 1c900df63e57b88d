"""An engine that refuses its rules names the data file, whatever its own message says."""

from __future__ import annotations

from dataclasses import replace

import pytest

from printkit.datafile.gamedata import load_game
from printkit.errors import DataError
from simulate.engines import make_game


def test_an_engine_refusal_is_prefixed_with_the_data_file():
    data = load_game("time_splicers")
    rules = data.resolve()
    # rules the loader would refuse, handed to the engine directly: its own check speaks
    bad = replace(rules, values={**rules.values, "hand_size": 9})
    with pytest.raises(DataError) as err:
        make_game(bad)
    assert str(err.value).startswith(f"{data.path}: rules.hand_size: 9 is more than rules.hand_limit 7")
