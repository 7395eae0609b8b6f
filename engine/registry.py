"""Every playable game, by id. Tests, bots, the app and save strings look games up here.

The catalog names each game's package, title and player counts; a game's package is imported the
first time the game itself is looked up (`GAMES[id]`, `get_game`), so start-up stays the same as
games are added: the home screen and the setup form's list of games need only the catalog.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from engine.core.errors import InvalidSave
from engine.core.game import Game


@dataclass(frozen=True)
class GameInfo:
    """What is known of a game without importing it."""

    id: str
    title: str
    min_players: int
    max_players: int
    package: str  # imported on first use; it registers the game
    line: str = ""  # what the game is, in one line (the home screen's card)


CATALOG: dict[str, GameInfo] = {
    info.id: info
    for info in (
        GameInfo(
            "titan_dice",
            "Titan Dice",
            1,
            4,
            "engine.titan_dice",
            "Roll, keep and re-roll to capture creatures and cage them first; solo against Exodus.",
        ),
        GameInfo(
            "titan_race",
            "Titan Race",
            2,
            6,
            "engine.titan_race",
            "Ride a Titan three laps round a wild circuit: draft the dice, push, trap and play your cards.",
        ),
        GameInfo(
            "titan",
            "Titan",
            2,
            6,
            "engine.titan",
            "Split, move and muster legions across the masterboard; fight on the battlelands; the last Titan wins. "
            "Or by the Battle Titan house rules: points for every battle, an agreed end, nobody ever out.",
        ),
        GameInfo(
            "born_of_titans",
            "Born of Titans",
            2,
            4,
            "engine.born_of_titans",
            "Sail and march the Mediterranean as a Hero of the myths; the first to complete three Quests wins.",
        ),
    )
}


class Registry(Mapping[str, Game]):
    """Games by id: the catalog's, imported on first look-up, and any registered directly (tests)."""

    def __init__(self) -> None:
        self._games: dict[str, Game] = {}

    def __getitem__(self, game_id: str) -> Game:
        game = self._games.get(game_id)
        if game is None:
            info = CATALOG.get(game_id) if isinstance(game_id, str) else None
            if info is None:
                raise KeyError(game_id)
            importlib.import_module(info.package)  # registers the game
            game = self._games[game_id]
        return game

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._games or game_id in CATALOG

    def __iter__(self) -> Iterator[str]:
        yield from CATALOG
        yield from (game_id for game_id in self._games if game_id not in CATALOG)

    def __len__(self) -> int:
        return len(CATALOG) + sum(1 for game_id in self._games if game_id not in CATALOG)

    def is_loaded(self, game_id: str) -> bool:
        """True once a game's package has been imported."""
        return game_id in self._games

    def info(self, game_id: str) -> GameInfo:
        """A game's catalog entry (a registered game outside the catalog: read from the game itself)."""
        if game_id in CATALOG:
            return CATALOG[game_id]
        game = self._games[game_id]
        return GameInfo(game.id, game.title, game.min_players, game.max_players, type(game).__module__)

    def infos(self) -> list[GameInfo]:
        """Every game's catalog entry, in catalog order (imports nothing)."""
        return [self.info(game_id) for game_id in self]


GAMES = Registry()


def register(game: Game) -> Game:
    """Add a game to the registry under its id (a catalog game's package does this when imported)."""
    GAMES._games[game.id] = game
    return game


def get_game(game_id: str) -> Game:
    """The game with this id; raises InvalidSave for an unknown id."""
    try:
        return GAMES[game_id]
    except KeyError:
        raise InvalidSave(f"Unknown game {str(game_id)[:40]!r}.") from None
