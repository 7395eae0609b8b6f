"""The new-game form as pure functions: defaults, reading the form's values, checking them.

No DOM here: the controller reads the form into a dict of strings and writes
the markup; everything between is testable under CPython.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app import ai
from app.options_form import option_fields, parse_values
from app.setup_screen import SeatForm, SetupData
from engine.core.game import MAX_SEED, Game, Seat


def catalog(games: Mapping[str, Game]) -> list[Any]:
    """Id, title and player counts of every game, without importing any (the registry's catalog)."""
    infos = getattr(games, "infos", None)
    return infos() if callable(infos) else list(games.values())


def setup_data(
    games: Mapping[str, Game],
    game: Game,
    count: int,
    seats: list[SeatForm],
    option_values: dict[str, str] | None = None,
    seed: str = "",
    error: str = "",
) -> SetupData:
    """Everything the setup screen shows for this choice of game, player count and seats."""
    solo = ""
    if count == 1:
        solo = "Solo game: you race against the Exodus board." if game.id == "titan_dice" else "Solo game."
    return SetupData(
        games=[(g.id, g.title, g.min_players, g.max_players) for g in catalog(games)],
        game_id=game.id,
        num_players=count,
        seats=seats,
        levels=ai.bot_levels(game),
        level_notes=ai.level_notes(game),
        option_fields=option_fields(game.Options),
        option_values=dict(option_values or {}),
        seed=seed,
        error=error,
        solo_note=solo,
    )


def default_setup(games: Mapping[str, Game], game_id: str | None = None) -> SetupData:
    """A two-seat game (where the game allows it): you against a computer at its easiest level above random."""
    game = games.get(game_id or "") or games.get("titan_dice") or games[next(iter(games))]
    count = max(game.min_players, min(2, game.max_players))
    seats = [SeatForm("Player 1")] + [SeatForm(f"Computer {i}", "ai", ai.default_level(game)) for i in range(1, count)]
    return setup_data(games, game, count, seats)


def read_form(games: Mapping[str, Game], values: dict[str, str], previous: SetupData | None) -> tuple[Game, SetupData]:
    """The setup the form's values describe; seats grow (with defaults) or shrink with the player count."""
    game = games.get(values.get("game", "")) or games[next(iter(games))]
    try:
        count = int(values.get("num_players", "2"))
    except ValueError:
        count = 2
    count = max(game.min_players, min(game.max_players, count))
    default_level = ai.default_level(game)
    seats: list[SeatForm] = []
    for index in range(count):
        name = values.get(f"seat{index}_name")
        kind = values.get(f"seat{index}_kind")
        if name is None:
            kind = kind or ("human" if index == 0 else "ai")
            name = "Player 1" if index == 0 else (f"Computer {index}" if kind == "ai" else f"Player {index + 1}")
        elif kind in ("human", "friend") and name == f"Computer {index}":
            name = f"Player {index + 1}"  # a default name follows the seat's kind
        elif kind == "ai" and name == f"Player {index + 1}" and index > 0:
            name = f"Computer {index}"
        try:
            level = int(values.get(f"seat{index}_level", default_level))
        except ValueError:
            level = default_level
        seats.append(SeatForm(name, kind if kind in ("human", "ai", "friend") else "human", level))
    option_values = {k: v for k, v in values.items() if k.startswith("opt_")}
    option_values["_submitted"] = "1"
    if previous is not None and previous.game_id != game.id:
        option_values = {}  # another game's options mean nothing here
    data = setup_data(games, game, count, seats, option_values, values.get("seed", ""))
    data.hints = values.get("hints") == "1"
    return game, data


def friend_seats(setup: SetupData) -> list[int]:
    """The seats played by friends on other devices (kept with the game on this device, never in its save)."""
    return [index for index, seat in enumerate(setup.seats) if seat.kind == "friend"]


def checked_start(setup: SetupData, values: dict[str, str]) -> tuple[list[Seat], dict[str, Any], int | None]:
    """Seats, options and seed (None: pick a random one) from a setup; raises ValueError saying what is wrong."""
    seats = []
    for index, seat in enumerate(setup.seats):
        name = " ".join(seat.name.split())
        if not name:
            raise ValueError(f"Seat {index + 1} needs a name.")
        if len(name) > 32:
            raise ValueError(f"The name of seat {index + 1} is longer than 32 characters.")
        human = seat.kind != "ai"  # a friend's seat is a human's to the engine (he plays on his device)
        seats.append(Seat(name=name, kind="human" if human else "ai", level=0 if human else seat.level,
                          hints=human and setup.hints))  # fmt: skip
    seed_text = values.get("seed", "").strip()
    seed: int | None = None
    if seed_text:
        try:
            seed = int(seed_text)
        except ValueError:
            raise ValueError("The seed must be a whole number (or blank for a random one).") from None
        if not 0 <= seed <= MAX_SEED:
            raise ValueError(f"The seed must be from 0 to {MAX_SEED}.")
    options = parse_values(setup.option_fields, values, setup.num_players)
    return seats, options, seed
