"""The design model script (scripts/born_of_titans_design_model.py): its exact Challenge arithmetic and a tiny run."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[3] / "scripts" / "born_of_titans_design_model.py"


@pytest.fixture(scope="module")
def model():
    spec = importlib.util.spec_from_file_location("born_of_titans_design_model", SCRIPT)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_challenge_odds_by_hand(model):
    # One die, one Success needed, one Crew: win on a 4-6, else the last Crew dies.
    assert model.challenge(1, 1, 1) == (0.5, 0.5)
    # One die, one Success, two Crew: win at once (1/2), or lose one and win (1/4), or lose both (1/4).
    win, lost = model.challenge(1, 1, 2)
    assert win == pytest.approx(0.75) and lost == pytest.approx(0.25 * 1 + 0.25 * 2)


def test_more_dice_lose_fewer_crew(model):
    lost = [model.challenge(n, 6, 6)[1] for n in range(4, 11)]
    assert lost == sorted(lost, reverse=True) and all(model.challenge(n, 6, 6)[0] > 0.99 for n in range(5, 11))


def test_the_script_runs_and_prints_every_hero(model, capsys):
    from engine.born_of_titans.data import HEROES

    assert model.main(["--games", "3"]) == 0
    out = capsys.readouterr().out
    assert "need 7" in out and all(f"{h.name} | {h.battle}/{h.navigation}/{h.wits} |" in out for h in HEROES.values())
