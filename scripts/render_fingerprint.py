"""A fingerprint of the game screen as the table draws it: seeded random games of all four games with several seat
mixes, every region's markup of `app.gameview.render_regions` hashed at many sampled positions.

Run it before and after a change to the drawing code that must not change what a player sees; the two outputs must
be equal (`--dump FILE` writes one line per drawn screen, to find the first that differs):

    .venv/bin/python scripts/render_fingerprint.py [--dump FILE]
"""

from __future__ import annotations

import argparse
import hashlib
import random
import re
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.decision import StandIn, decision_now, device_holder
from app.gameview import Regions, render_regions
from app.since import log_mark
from engine.core.game import Game, GameState, Seat
from engine.registry import GAMES

# The seat mixes: (name, seats as 'h' human, 'H' human with hints, 'c' computer)
MIXES = [
    ("one human", "Hcc"),
    ("two humans at one device", "hhc"),
    ("computers only", "ccc"),
]
GAME_MOVES = {"titan_dice": 400, "titan_race": 400, "titan": 500, "born_of_titans": 600}
EVERY = {"titan_dice": 3, "titan_race": 3, "titan": 4, "born_of_titans": 7}
SELECT = re.compile(r"data-select=['\"]([^'\"]+)['\"]")


def _seats(mix: str) -> list[Seat]:
    """The seats of a mix."""
    return [
        Seat(name=f"Ann{i}", kind="human", hints=kind == "H") if kind in "hH" else Seat(name=f"Cpu{i}", kind="ai")
        for i, kind in enumerate(mix)
    ]


def _digest(regions: Regions) -> str:
    """One hash of every region's markup and what the table reads of the regions."""
    parts = [
        regions.gamebar,
        regions.status,
        regions.board,
        regions.actions,
        regions.log,
        regions.status_text,
        regions.board_key,
        repr(sorted((regions.board_parts or {}).items())),
        repr([action.model_dump(mode="json") for action in regions.legal]),
    ]
    return hashlib.sha256("\x1f".join(parts).encode()).hexdigest()[:16]


def _play(game: Game, mix: str, seed: int, out: list[str]) -> tuple[int, str]:
    """Play one seeded random game, drawing it as the table would at sampled positions; (screens drawn, hash)."""
    state: GameState = game.new_game(len(mix), seed=seed, seats=_seats(mix))
    chooser = random.Random(seed)
    shown: int | None = None
    previous = None
    notes: list[tuple[int, str]] = []
    marks = {seat: log_mark(state) for seat in range(state.num_players)}
    total = hashlib.sha256()
    drawn = 0

    def draw(tag: str, **kwargs: object) -> Regions:
        nonlocal drawn
        regions = render_regions(game, state, **kwargs)  # type: ignore[arg-type]
        digest = _digest(regions)
        total.update(digest.encode())
        out.append(f"{game.id} {mix} {seed} {state.moves} {tag} {digest}")
        drawn += 1
        return regions

    for step in range(GAME_MOVES[game.id]):
        shown = device_holder(game, state, shown, None)
        decision = decision_now(game, state, shown, None)
        if decision.pass_to is not None:
            if step % EVERY[game.id] == 0:
                draw("handover", shown=shown, notes=notes)
            shown = decision.pass_to  # "I am X"
            previous = None  # (the pass-the-device screen has no board: the table's last view is none)
            continue
        seat = state.current_player
        since = marks.get(seat) if seat is not None else None
        if not (step % EVERY[game.id] == 0 or state.is_over):  # drawn as the table draws every position, not hashed
            previous = render_regions(game, state, rolled=state.last_chance, shown=shown, previous=previous).view
        else:
            regions = draw("plain", rolled=state.last_chance, shown=shown, previous=previous, notes=notes, since=since)
            previous = regions.view
            keys = SELECT.findall(regions.board)
            for key in sorted(set(keys))[:4]:  # a piece picked on the board: its targets drawn
                draw(f"selected-{key}", shown=shown, selected=key, notes=notes, since=since)
            battle = game.battle_key(state)
            if battle is not None and seat is not None and not state.seats[seat].is_ai:
                stand_in = StandIn(seat=seat, level=1, level_name="Computer", battle=battle)
                draw("stand-in", shown=shown, notes=notes, stand_in=stand_in)
        if state.is_over:
            break
        if step % 50 == 25:
            notes.append((len(state.log), f"A note of the page's at move {state.moves}"))
        seat = state.current_player
        assert seat is not None
        marks[seat] = log_mark(state)
        state = game.apply(state, chooser.choice(game.legal_actions(state)))
    if not state.is_over:
        return drawn, total.hexdigest()[:16]
    draw("over", shown=shown, notes=notes)
    return drawn, total.hexdigest()[:16]


def _finished(game: Game, mix: str, seed: int, out: list[str]) -> tuple[int, str]:
    """A game played to its end by random moves (computers' seats, humans' names), then drawn at its end."""
    state: GameState = game.new_game(len(mix), seed=seed, seats=_seats(mix))
    chooser = random.Random(seed)
    for _ in range(20_000):
        if state.is_over:
            break
        state = game.apply(state, chooser.choice(game.legal_actions(state)))
    total = hashlib.sha256()
    drawn = 0
    for shown in [None, 0]:
        regions = render_regions(game, state, shown=shown)
        digest = _digest(regions)
        out.append(f"{game.id} {mix} {seed} {state.moves} over-{shown} {digest}")
        total.update(digest.encode())
        drawn += 1
    return drawn, total.hexdigest()[:16]


def _titan_battle_scenes() -> list[GameState]:
    """Titan battles where a choice costs something its words do not say (the tests' scenes): a character that
    would leave another off the battleland, a "Done" that eliminates, strikes that may be announced higher."""
    from engine.titan.actions import Maneuver
    from engine.titan.battle import begin_strike
    from engine.titan.sides import ATTACKER, DEFENDER
    from tests.engine.titan.test_battle import dice, fight, index_of, set_battle
    from tests.engine.titan.test_consequences import _attacker_to_enter, _gargoyles, _three_gargoyles_on
    from tests.engine.titan.test_flow import act

    three = _three_gargoyles_on()
    scenes = [three, act(three, Maneuver(unit=_gargoyles(three)[3], hex="D1"))]
    scenes.append(_attacker_to_enter(["Titan", "Ogre", "Gargoyle", "Troll"]))
    strike = fight(["Ogre", "Ogre"], ["Serpent"])
    serpent = index_of(strike, "Serpent", DEFENDER)
    first, second = [i for i, u in enumerate(strike.battle.units) if u.side == ATTACKER]
    set_battle(strike, {serpent: "C3", first: "C4", second: "D3"})
    begin_strike(strike)
    dice(strike, *([6] * 10 + [1] * 8))
    scenes.append(strike)
    return scenes


def _scenes(out: list[str]) -> tuple[int, str]:
    """The Titan battle scenes drawn for the seat asked, with every piece that can be picked picked in turn."""
    game = GAMES["titan"]
    total = hashlib.sha256()
    drawn = 0
    for number, state in enumerate(_titan_battle_scenes()):
        regions = render_regions(game, state, shown=state.current_player)
        for key in [None, *sorted(set(SELECT.findall(regions.board)))]:
            digest = _digest(render_regions(game, state, shown=state.current_player, selected=key))
            out.append(f"titan scene{number} {key} {digest}")
            total.update(digest.encode())
            drawn += 1
    return drawn, total.hexdigest()[:16]


def main() -> None:
    """Print one line per game and seat mix: the screens drawn and their hash."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dump", help="write one line per drawn screen to this file")
    args = parser.parse_args()
    out: list[str] = []
    started = time.perf_counter()
    everything = hashlib.sha256()
    for game_id in ("titan_dice", "titan_race", "titan", "born_of_titans"):
        game = GAMES[game_id]
        for name, mix in MIXES:
            for seed in (11, 12, 13):
                drawn, digest = _play(game, mix, seed, out)
                everything.update(digest.encode())
                print(f"{game_id:15} {name:25} seed {seed}: {drawn:4} screens {digest}")
        if game_id != "born_of_titans":  # (a random Born of Titans game takes long to end)
            drawn, digest = _finished(game, "hhc", 21, out)
            everything.update(digest.encode())
            print(f"{game_id:15} {'finished, two humans':25} seed 21: {drawn:4} screens {digest}")
    drawn, digest = _scenes(out)
    everything.update(digest.encode())
    print(f"{'titan':15} {'battle scenes (warnings)':25}        : {drawn:4} screens {digest}")
    print(f"all: {everything.hexdigest()[:16]}  ({len(out)} screens, {time.perf_counter() - started:.0f} s)")
    if args.dump:
        Path(args.dump).write_text("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
