"""The Bonus-card self-play script runs, repeats for a seed, and counts every starting card."""

from __future__ import annotations

from engine.titan_race.balance import card_balance, main, markdown


def test_card_balance_is_repeatable_and_counts_every_titan():
    first = card_balance(3, seed=2)
    assert first == card_balance(3, seed=2)
    assert first["finished"] == 3
    assert sum(row["starts"] for row in first["cards"].values()) == 2 * 3  # three 2-player games
    assert "| Tribal Trap |" in markdown(first)


def test_command_line(capsys):
    assert main(["--games", "1", "--json"]) == 0
    assert '"finished": 1' in capsys.readouterr().out
