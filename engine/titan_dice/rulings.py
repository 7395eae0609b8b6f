"""This edition's designed values and rulings for Titan Dice, for the docs and the in-app rules screen."""

from __future__ import annotations

from typing import Any

from engine.titan_dice.data import (
    ABILITIES,
    ATTACKS,
    CAGED_TYPES_TO_END,
    COST_OVER_LEVEL,
    CREATURES,
    FACES,
    FULL_STACK_PLAYERS,
    NPC_MAX_DICE,
    OPPOSITE_FACE,
    SMALL_STACK_LEVELS,
    SOLO_KRAKEN_ABILITIES,
    SOLO_STACK_CHOICES,
    SOLO_STACK_LEVELS,
    STACK_LEVELS,
    TRACK_START,
)

RULINGS: list[str] = [
    # 1
    "The rulebook gives the first player token to \u201cthe person who owns the largest pet\u201d: the players "
    "choose the first player of round 1 at set-up (option \u201cfirst player\u201d: any seat, or drawn at random; "
    "seat 1 unless changed). The token passes clockwise (to the next seat) at the start of every round.",
    # 2
    "This edition's reading: each player's first roll of a round (not only the first player's) may re-roll "
    "its wounds: you decide once, "
    "re-roll all of those wound dice once, or keep them. Wounds from the re-roll go to the wound track. You may "
    "capture or act only after this decision.",
    # 3
    "Later turns: a roll option is offered only if it rolls at least one die (\u201cboth\u201d only when you have "
    "active and spent dice). A player who has no active or spent die at the start of a turn (all on the wound "
    "track or removed) is OUT without capturing.",
    # 4
    "A roll is placed in full, then wounds are counted: three or more wounds put you OUT at once and end your "
    "turn. OUT is checked before Gaia's Blessing.",
    # 5
    "Gaia's Blessing is checked after every roll that puts dice into your active pool: your roll phase, the "
    "first roll's wound re-roll, Alter and Reinforce. Convert and Transform are not rolls, and Redemption's "
    "dice go to spent, so they never trigger it. The Blessing ends your turn at once: no action or capture "
    "follows it. A bonus die in your active pool counts.",
    # 6
    "Each turn you take at most one action (purchase, exchange or activate) or pass. You may capture instead of "
    "the action, or after it; capturing ends your turn.",
    # 7
    "Paying: you choose how many matching active dice and how many matching captured creatures to spend (when "
    "only one way is possible it is applied at once). Payment happens when you choose the card or ability: the "
    "dice go to spent immediately, so an ability can never act on the dice that paid for it; spending creatures "
    "can uncage a type. Regular dice are spent before a matching bonus die.",
    # 8
    "An ability may be activated only if it can be carried out in full after paying: Hydra abilities need a "
    "creature left to lose, Catch and Trap an active die left to choose, Reinforce a bonus die not removed from "
    "play. \u201cUp to N\u201d abilities may stop at any point, even before choosing anything.",
    # 9
    "A track never goes past its cage (4) or below 0: creatures collected onto a caged track are wasted (a "
    "capture says so in the log), and ability choices offer only types that can still be collected.",
    # 10
    "Convert flips any active die to its opposite side, and Transform turns a die to any of the six sides: a "
    "Chimera die converts to a Wound, and Transform may choose the Wound. This edition's reading: a die turned "
    "to its wound side goes where a rolled wound goes (the wound track; the bonus die to spent with one of "
    "your wound dice), and a third wound puts you OUT at once, which ends the ability and your turn. Each die "
    "may be chosen once per activation. Alter's re-rolled wounds go to the wound track and may put you OUT.",
    # 11
    "\u201cRoll a bonus die\u201d (Rescue and every Kraken card) is a separate roll: it is read and logged and "
    "does not move or change a bonus die in your pool. Rescue's wound result gives a wound token, which may "
    "put you OUT.",
    # 12
    "Reinforce may be used again in the same round: it re-rolls your bonus die from wherever it is (active or "
    "spent) into the active pool. Whenever the bonus die rolls a wound (Reinforce or a later roll), it and one "
    "of your wound dice go to spent, never a wound marker; in a roll with regular dice the regular results are "
    "placed first. This edition's reading: the wound die it heals leaves the wound track turned to its other "
    "side (the Chimera), so it no longer shows a wound in spent. A bonus die removed by Catch cannot be "
    "reinforced that round.",
    # 13
    "Redemption re-rolls any number of your wound dice (never wound markers), chosen one at a time, together: "
    "each non-wound result collects that creature and the die goes to spent; a wound stays on the track.",
    # 14
    "Hydra: \u201cother\u201d creatures (Trade, Exchange) and the \u201cdifferent\u201d creature (Swap) mean a type "
    "other than the one just lost. Swap must collect if any type can still be collected.",
    # 15
    "Kraken cards: \u201ceach opposing player\u201d is every other player, OUT or not. This edition's reading: "
    "caged types are immune to Sabotage, Capsize and Piracy, as to the Kraken attack: the rulebook says caged "
    "creatures \u201cmay no longer be stolen\u201d, and this edition treats every loss an opponent inflicts alike. "
    "Piracy collects what was taken (up to your cage); when it collects none (nothing was taken, or your own "
    "track of that type is caged), you collect one creature of your choice.",
    # 16
    "Solo Kraken cards (Retract, Recoil, Wrestle) move an Exodus creature right, toward its cage, never past "
    "it; a lost Exodus creature stays lost, so a roll naming it does nothing, and on a wound you choose among "
    "the creatures not lost.",
    # 17
    "Catch and Trap choose any active die (the bonus die too) and collect its creature. A die removed by Catch "
    "or by a Minotaur attack stays out of play until the round ends: it does not join attack rolls, and a "
    "caught bonus die does not come back when you go OUT, nor through a Gryphon attack.",
    # 18
    "Exchange: you must own a face-up card of that type, and the card you receive must be of a different level. "
    "With the stacks you may take any card of that type's stack, not only the top one (only Purchase takes "
    "\u201cfrom the top\u201d). Face-down cards (yours or another player's) cannot be exchanged. The card you give "
    "to the stacks goes into its stack at its place by level (lowest on top). The other player cannot refuse.",
    # 19
    "Going OUT: your regular dice (except removed ones) go to the attack card; your wound markers are returned, "
    "and so is your bonus die unless Catch removed it (ruling 17).",
    # 20
    "Attack: roll all your attack dice, set aside any, then re-roll the rest once, or keep them all. Every full "
    "set of three identical results attacks: six of a kind attacks twice. This edition's reading: several "
    "attacks resolve in the order "
    "Chimera, Gryphon, Hydra, Kraken, Minotaur, Wound; each hits the players not OUT when it resolves, clockwise "
    "from the attacker.",
    # 21
    "Hydra, Kraken and Minotaur attacks: the player hit chooses (a card to flip face down; an uncaged creature "
    "to lose; a regular die, never the bonus die, from their active or spent pool). With exactly one choice it "
    "is applied at once; with none nothing happens.",
    # 22
    "Gryphon attack: the bonus die joins your attack rolls from your next attack on; another Gryphon set in "
    "the same round changes nothing. An OUT player with no attack dice left skips their attack turns.",
    # 23
    "The round ends the moment the last player goes OUT, even during an attack. At the start of a round all "
    "wounds are cleared, face-down cards flip up, removed and bonus dice return, and Gryphon attack bonuses end.",
    # 24
    "The end is triggered the first time any player has three caged types at the end of an action; the round "
    "is finished even if that player uncages later. Face-down cards still score their level.",
    # 25
    "Tie-break: among tied players, the one latest in the final round's turn order (counted from that round's "
    "first player) wins, so there is always exactly one winner.",
    # 26
    "Solo: the NPC's roll is a button you press at the start of each round; its creature results are applied "
    "first, then you choose one not-lost Exodus creature to move left for each wound result. The NPC always "
    "goes first, so the first player token does not move.",
    # 27
    "Solo, this edition's reading: the NPC has no attack phase. When you go OUT (capture or three wounds) "
    "there is nobody left to attack, so the round ends at once and the next round starts with the NPC's roll.",
    # 28
    "Solo: victory and defeat are checked after every action: you win the moment all five types are caged on "
    "your board, you lose the moment all five Exodus creatures are lost. There is no three-cage end trigger. "
    "The score shown is the regular count, for interest only.",
    # 29
    "Solo: \u201cchoose two creature cards from each type\u201d. The stacks hold levels 1 and 2 of every type by "
    "default (Kraken: Retract and Recoil); the option \u201csolo cards\u201d may choose levels 1 and 3 or 2 and 3 "
    "for every type, and each type may have its own choice (options \u201csolo Chimera cards\u201d and so on). "
    "The lower card is on top and must be bought first; a card exchanged back returns to its place by level.",
]


def designed_values() -> dict[str, Any]:
    """This edition's designed values (the rulebook does not print them), JSON-ready."""
    return {
        "die_faces": list(FACES),
        "opposite_faces": dict(OPPOSITE_FACE),
        "card_cost": f"a card of power level N costs N + {COST_OVER_LEVEL} matching dice and/or captured creatures",
        "stack_levels": {
            f"{FULL_STACK_PLAYERS}-4 players": list(STACK_LEVELS),
            "2 players": list(SMALL_STACK_LEVELS),
            "solo (default; options solo_cards and solo_<type>)": list(SOLO_STACK_LEVELS),
            "solo choices": {key: list(levels) for key, levels in SOLO_STACK_CHOICES.items()},
        },
        "kraken_cards": "4 regular Kraken cards (levels 1, 2, 2, 3) and 3 solo Kraken cards (levels 1, 2, 3)",
        "track_start": TRACK_START,
        "caged_types_to_end": CAGED_TYPES_TO_END,
        "npc_max_dice": NPC_MAX_DICE,
    }


def rules_markdown() -> str:
    """The designed values, card and attack abilities and rulings as markdown, for the in-app rules screen."""
    values = designed_values()
    lines = ["## This edition's values", ""]
    lines.append(f"- Dice (regular and bonus) have six faces: {', '.join(f.title() for f in FACES)}.")
    pairs = sorted({tuple(sorted(pair)) for pair in OPPOSITE_FACE.items()})
    lines.append("- Opposite sides (Convert): " + "; ".join(f"{a.title()} \u2194 {b.title()}" for a, b in pairs) + ".")
    lines.append(f"- Cost: {values['card_cost']} (any mix; you choose the mix).")
    lines.append(
        f"- Stacks: {', '.join(map(str, STACK_LEVELS))} (level 1 on top) with {FULL_STACK_PLAYERS}-4 players; "
        f"{', '.join(map(str, SMALL_STACK_LEVELS))} with 2 players (one level-2 card removed); "
        f"{' and '.join(map(str, SOLO_STACK_LEVELS))} of each type in solo (options may pick 1 and 3, or 2 and 3, "
        "for every type or type by type)."
    )
    lines.append(f"- {values['kraken_cards']}.")
    lines.append(
        f"- Tracks start at {TRACK_START}; four creatures cage a type; {CAGED_TYPES_TO_END} caged types end the game."
    )
    lines.append(f"- Solo: the NPC rolls one die per round number, at most {NPC_MAX_DICE}.")
    lines += ["", "## Creature cards", ""]
    for creature in CREATURES:
        for level in (1, 2, 3):
            name, text = ABILITIES[(creature, level)]
            lines.append(f"- **{creature.title()} {level} \u2014 {name}** (cost {level + COST_OVER_LEVEL}): {text}")
    for level, (name, text) in SOLO_KRAKEN_ABILITIES.items():
        lines.append(f"- **Kraken {level} (solo) \u2014 {name}** (cost {level + COST_OVER_LEVEL}): {text}")
    lines += ["", "## Attacks (three of a kind)", ""]
    lines += [f"- **{face.title()}**: {text}" for face, text in ATTACKS.items()]
    lines += ["", "## Rulings", ""]
    lines += [f"{number}. {text}" for number, text in enumerate(RULINGS, start=1)]
    return "\n".join(lines) + "\n"
