"""This edition's rulings and designed content for Titan Race, for the docs and the in-app rules screen."""

from __future__ import annotations

from typing import Any

from engine.titan_race.data import (
    BONUS_CARDS,
    CIRCUIT_EFFECTS,
    CIRCUITS,
    DECK,
    FACE_TEXT,
    FACES,
    HAND_LIMIT,
    LAPS_TO_WIN,
    MAX_LIFE,
    TITANS,
    TRAP_TOKENS,
)

RULINGS: list[str] = [
    # 1
    "The board: a space exists where its column (A-F) and row (1-12) fit: A1, C1, E1, B2, D2, F2, A3 and so on, "
    "36 in all. Straight ahead is two rows up in the same column (D2 to D4); a diagonal step is one row up and "
    "one column left or right (C3 to D4). Leaving a side re-enters on the other side one row on (A5 left is F6); "
    "leaving the top re-enters at the bottom and completes a lap (B10 two straight is B2; three diagonal either "
    "way is E1); leaving the bottom re-enters at the top and takes a lap away.",
    # 2
    "The rulebook's Ang'lieh example names E4, E6 and E10, which do not exist on the board it describes "
    "(column E holds the odd rows). This edition plays it one column over, with the same rows and moves: "
    "D4 to D6 on the pentacle, re-roll, D6 to D10.",
    # 3
    "First player: at set-up a die is rolled, and re-rolled until its colour names a Titan in play. That Titan "
    "plays first in every round (the first player does not change); the others follow in seat order.",
    # 4
    "The draft: at the start of each round the first Titan rolls all the dice (one per Titan in the race). Each "
    "Titan in turn takes one die and plays its whole turn; the next takes from the dice left, without "
    "re-rolling; the last Titan re-rolls all the dice (one per Titan) and takes one. Identical faces are one "
    "choice.",
    # 5
    "The first turn: after taking a die, choose A1, C1 or E1 and enter there, then take the die's action. A "
    "Titan already on that start space is pushed one space straight ahead (a chain reaction). During the whole "
    "first round no Ability and no Bonus card may be played (Shield included).",
    # 6
    "Your own colour: taking (or re-rolling on the pentacle) a die of your Titan's colour gains 1 Life Point at "
    "once, never above the gauge (6). Chtooloo gains nothing on purple. A K.O. Titan gains nothing.",
    # 7
    "Purple: choose the action of any one of the other five faces. Its Life Point is a decision of its own "
    '("before or after your move"): before the move or at any moment after it (after your Ability, say), '
    "but before your turn ends (and before a pentacle re-roll); never in the middle of the move. It is a cost, "
    "so a Shield cannot cancel it. Chtooloo loses nothing.",
    # 8
    "The red face's trap and the green face's hit are part of the die's action: you must carry them out, before "
    "or after the move as you choose (never in the middle), if there is a legal target; if there is none when "
    "your move is done, they lapse. The trap goes on one of the three spaces behind you; the hit on one of the "
    "three spaces before you holding a standing Titan or a trap (a K.O. Titan is not a target).",
    # 9
    "Chain reactions, step by step: whenever a moving Titan enters a space holding another Titan, that Titan is "
    "pushed one space in the same direction, so it stays ahead of you for as long as you keep moving its way. "
    "It may push others in turn. Each pushed Titan loses 1 Life Point once per movement, however far it is "
    "pushed, when the push is over: after the whole movement (so after whatever its spaces do: pirates, lava, "
    "a trap), in the order the Titans were first pushed. The mover already stands on the space it enters "
    "while pushing, so the space it left is free for a chain that comes round the board.",
    # 10
    "Laps: the lap counter starts on 1. Crossing the top adds a lap; being pushed or moved back over the bottom "
    f"takes one away (it may reach 0). The race ends the instant a Titan's counter passes {LAPS_TO_WIN} (its third "
    "lap completed), moving or pushed, K.O. or not: nothing else of that move happens. A swap across the line "
    "counts as crossing it: the Titan that ends ahead gains the lap, the other loses it.",
    # 11
    f"Traps: at most {TRAP_TOKENS} on the circuit (the supply); none can be placed when the supply is empty, nor "
    "on a space that already holds a trap. Placed on a Titan, it triggers at once (1 Life Point) and returns to "
    "the supply. A Titan entering a trap's space (moving, pushed, sliding or swapped) loses 1 Life Point and the "
    "trap returns to the supply; a K.O. Titan springs it without losing anything. Spaces jumped by a ramp do "
    "not spring traps.",
    # 12
    "Damage on a space (the green hit, Slaugg, Thunderbolt, a fireblast): a standing Titan there loses 1 Life "
    "Point; otherwise a trap there explodes. Effects that target Titans only (Chtooloo's Ability, Voodoo Doll) "
    "never destroy a trap.",
    # 13
    "K.O.: at 0 Life Points. A Titan knocked out while moving stops on that space (and does not slide on). On "
    "its own turn a K.O. ends the turn at once. Its next turn: it takes a die (so others cannot) and passes; "
    "the token flips to its heart. The turn after, it stands up with full life (Chtooloo 4) at the start of "
    "the turn and plays normally. Until it stands up it is immune to all damage (pushes, traps, circuit, "
    "pirates), but it can be pushed, swapped, moved and targeted, its lap counter changes as usual, and it can "
    "win. Choices that would only damage a K.O. Titan (a hit, Voodoo Doll, Chtooloo) are not offered.",
    # 14
    "Abilities: once a turn, before or after the move (never in the middle), not in the first round, never "
    "after a pentacle re-roll; before, behind and adjacent count from where the Titan stands at that moment. "
    "An Ability is offered only when it can do something. Grinder: a trap on an adjacent space (as ruling 11). "
    "Rassik: needs a Titan (even K.O.) on one of the three spaces behind; advances one step straight, left or "
    "right under his own power (ramps and pushes apply). Craken: swaps with any adjacent Titan; both then enter "
    "their new spaces (traps, lava, pirates, statues, Bonus spaces; no ice slide). Ragnarok: moves an adjacent "
    "Titan one space in any of the six directions; that Titan loses nothing itself but pushes whoever it meets, "
    "and may be moved over the top or back over the bottom. Slaugg: damage on the three spaces before him. "
    "Chtooloo: only below 6 Life Points, on an adjacent standing Titan that can lose a Life Point (not one "
    "whose Shield holds); he gains 1 only if it really lost one.",
    # 15
    f"Bonus spaces: a Titan entering one (moving, pushed, sliding, swapped, moved by an Ability or a card) draws "
    f"a card if its hand holds fewer than {HAND_LIMIT}; spaces jumped over by a ramp are not traversed. The "
    "moment the deck runs out, the discard pile is shuffled into a new deck (if it is empty then, at the next "
    "draw). A card drawn during a move or effect can be played only once that effect is over. Every Titan has "
    "its own hand and starts with one card; in the 2-player variant each player has one hand (one card at "
    f"set-up, at most {HAND_LIMIT}) for her two Titans.",
    # 16
    "Bonus cards on your turn: one card a turn, before or after the move (never in the middle, never after a "
    "pentacle re-roll); discarding one counts as your card. Shield is a reaction: it may be played on any turn, "
    "yours included and without counting as your card, when you would lose a Life Point to damage, a push, a "
    "trap, lava or a fireblast, and then holds until that Titan's next turn begins; never against a cost "
    "(purple, the pentacle) nor pirates (which let you give up a card instead). This edition's reading, so a "
    "pause never tells who holds a Shield: while a Shield may be in a hand (not every Shield is in the "
    "discard pile), every player whose Titan would lose a Life Point this way is asked, with or without a "
    "Shield, and only that player sees the choices. Lucky Charm is played before anything of the die's action "
    "is done (its purple Life Point included); the new face replaces the old one (an unpaid purple cost goes "
    "with it).",
    # 17
    "Ramps: only steps a Titan makes under its own power jump (die moves, Rassik's Ability, Winged Boots, "
    "Sidestep); pushes, Ragnarok's move, Gust of Wind and ice slides do not. A super-ramp jumps two spaces on a "
    "diagonal step its way; a multi-ramp jumps one space on any forward step. Nothing happens on jumped spaces: "
    "a Titan there is not pushed, a trap is not sprung, a Bonus card is not drawn; a lap crossed in a jump counts.",
    # 18
    "Ice: a Titan entering an ice space (moving or pushed) goes on one more space the same way, again and again "
    "until it enters a space that is not ice; sliding pushes Titans like any step. A swap has no direction and "
    "never slides.",
    # 19
    "Fire statues fire whenever a Titan enters one (moving, pushed, sliding or swapped), hitting the six "
    "adjacent spaces of that board; a Titan pushed off the statue is among them. A trap placed on a statue "
    "fires nothing; a Titan entering a statue holding a trap springs the trap and fires the statue.",
    # 20
    "The pentacle: after your die move (a re-rolled one too) ends on a pentacle space, while you still stand "
    "there and once the die's trap or hit is settled, you may re-roll: lose 1 Life Point first (a K.O. ends the "
    "turn), then take the new face's whole action (its trap or hit too; purple: choose a face and pay for it); "
    "your own colour heals. A Titan pushed onto the pentacle gets nothing.",
    # 21
    "Pirates attack on every pirate space a Titan enters (moving, pushed, sliding or swapped): its player gives "
    "up a Bonus card of their choice or loses 1 Life Point; with no card, the Life Point is lost; a K.O. Titan "
    "is ignored. The move waits for the answer.",
    # 22
    "Lava: entering a lava space costs 1 Life Point, pushed or not. A trap placed on lava burns at once and "
    "returns to the supply.",
    # 23
    "Titans: at set-up each player in seat order chooses a Titan not chosen yet (2-player variant: A, B, A, B; "
    "then each player chooses which of her two Titans races first); the options may fix them instead. Then "
    "each hand gets its Bonus card and the first-player die is rolled. Each Titan's colour is fixed (see the "
    "table).",
    # 24
    "2-player variant: each player races two Titans, in the order she chose: the Titans take turns A's first, "
    "B's first, A's second, B's second, starting from the Titan the first-player die names. Each Titan has its "
    "own Ability card; each player has one hand, which either of her Titans plays from (one card a turn). A "
    "player wins when either of their Titans finishes.",
    # 25
    "Teams: team-mates never sit side by side: with 4 players seats 1 and 3 play seats 2 and 4; 3v3 is seats "
    "1, 3, 5 against 2, 4, 6; 2v2v2 is seats 1 and 4, 2 and 5, 3 and 6. Hands stay hidden, even from a "
    "team-mate. The whole team wins when one of its Titans finishes.",
    # 26
    "Grand Slam: three circuits in a row, lap n raced on circuit n. Leaving the top of a board enters the "
    "bottom of the next; being pushed back over the bottom returns to the previous board (lap 0 stays on the "
    "first). Traps lie on their own board. Before, behind and adjacent reach across the finish line onto "
    "the neighbouring board (the spaces a step that way would reach), and so do Abilities, cards, traps and "
    "fireblasts. Craken may swap with a Titan across the line on the next or previous board, if that Titan is "
    "on the next (or previous) lap, the laps swapping as in ruling 10; Grappling Hook never crosses the line "
    "(the first board also wraps onto itself for Titans pushed back below the start). Leaving the top of the "
    "third board wins.",
]


def designed_values() -> dict[str, Any]:
    """This edition's designed content (the rulebook does not print it), JSON-ready."""
    return {
        "titan_colours": {spec.name: spec.colour for spec in TITANS.values()},
        "die_faces": {face: FACE_TEXT[face] for face in FACES},
        "bonus_cards": {
            spec.name: {"copies": spec.copies, "timing": spec.timing, "text": spec.text}
            for spec in BONUS_CARDS.values()
        },
        "deck_size": len(DECK),
        "circuits": {key: _layout(key) for key in CIRCUITS},
        "life_gauge": MAX_LIFE,
        "trap_tokens": TRAP_TOKENS,
        "hand_limit": HAND_LIMIT,
    }


def _layout(key: str) -> dict[str, list[str]]:
    """A circuit's feature spaces, by feature, leaving out features it does not have."""
    spec = CIRCUITS[key]
    layout = {
        "lava": list(spec.lava),
        "pirates": list(spec.pirates),
        "super-ramps": [f"{space} ({'right' if way == 'NE' else 'left'})" for space, way in spec.super_ramps],
        "multi-ramps": list(spec.multi_ramps),
        "fire statues": list(spec.statues),
        "pentacle": list(spec.pentacle),
        "ice": list(spec.ice),
        "Bonus spaces": list(spec.bonus),
    }
    return {name: spaces for name, spaces in layout.items() if spaces}


def rules_markdown() -> str:
    """The designed content and the rulings as markdown, for the in-app rules screen."""
    lines = ["## This edition's components", ""]
    lines.append("| Titan | Rider | Colour | Life | Ability |")
    lines.append("| --- | --- | --- | --- | --- |")
    for spec in TITANS.values():
        lines.append(f"| {spec.name} | {spec.rider} | {spec.colour} | {spec.start_life} | {spec.ability} |")
    lines += ["", "### The die faces", ""]
    lines += [f"- **{face.title()}**: {FACE_TEXT[face]}" for face in FACES]
    lines += ["", f"### The {len(DECK)} Bonus cards", ""]
    for spec in BONUS_CARDS.values():
        when = "on your turn" if spec.timing == "own" else "on any turn, as a reaction"
        copies = f" (\u00d7{spec.copies})" if spec.copies > 1 else ""
        lines.append(f"- **{spec.name}**{copies}, {when}: {spec.text}")
    lines += ["", "### The circuits", ""]
    for key, spec in CIRCUITS.items():
        layout = "; ".join(f"{name}: {', '.join(spaces)}" for name, spaces in _layout(key).items())
        lines.append(f"- **{spec.name}** \u2014 {CIRCUIT_EFFECTS[spec.effect]} Layout: {layout}.")
    lines += ["", "## Rulings", ""]
    lines += [f"{number}. {text}" for number, text in enumerate(RULINGS, start=1)]
    return "\n".join(lines) + "\n"
