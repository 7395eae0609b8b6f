"""Every playable game, by id. Tests, bots, the app and save strings look games up here."""

from __future__ import annotations

from engine.core.errors import InvalidSave
from engine.core.game import Game

GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Add a game to the registry under its id."""
    GAMES[game.id] = game
    return game


def get_game(game_id: str) -> Game:
    """The game with this id; raises InvalidSave for an unknown id."""
    try:
        return GAMES[game_id]
    except KeyError:
        raise InvalidSave(f"Unknown game {game_id!r}.") from None


def _load_games() -> None:
    """Import every game package; each registers itself."""
    import engine.titan_dice
    import engine.titan_race  # noqa: F401


_load_games()
