"""This edition's rulings on Titan: where the rules summary leaves a point open, or the two reference
programs differ, what the engine does (shown in the in-app rules, kept in step with docs/titan.md)."""

from __future__ import annotations

RULINGS: tuple[tuple[str, str], ...] = (
    (
        "Towers and the order of play",
        "Each player's Tower is drawn at random (the rulebook rolls a die, re-rolling duplicates); play goes "
        "in descending order of the Towers, the highest first, as both reference programs do (a table would "
        "go clockwise from there).",
    ),
    (
        "Balanced towers (an option of this edition)",
        "An option at set-up (off by default; for 2 to 5 players) seats the players in Towers spread evenly round "
        "the board instead of drawing them, as Colossus offers: two players opposite, three in every other Tower, "
        "four in two pairs of neighbours facing each other, five in all Towers but one. Which evenly spread "
        "Towers, and who sits in which, is still drawn.",
    ),
    (
        "Legion markers",
        "A split's new legion takes its player's lowest free marker; the number on a marker has no effect.",
    ),
    (
        "The first turn's split",
        "The legion of eight is split into two of four with one lord in each: the Angel's four take the new "
        "marker. Two splits that differ only in which marker keeps which half are the same split.",
    ),
    (
        "A split forgets (this edition's reading)",
        "After a split, what other players had seen of the legion is forgotten for both parts: keeping any "
        "of it would tell which part holds what. Only the heights are known.",
    ),
    (
        "The lord shown for a tower teleport",
        "A legion that tower-teleports shows one lord: an Angel if it has one, else an Archangel, else its "
        "Titan (the one that tells the least).",
    ),
    (
        "Negotiation (this edition's reading)",
        "The defender answers first: flee (without a lord), concede, fight, or propose terms. Terms are "
        "either legion eliminated, or both, the surviving legion losing nothing or one character. The other "
        "player accepts, concedes, fights or answers with terms of his own; after four proposals the battle "
        "is fought. Terms on the table are seen by the two players only.",
    ),
    (
        "A reinforcement declined",
        "A defender who declines the reinforcement at his fourth maneuver may still muster after winning "
        "the battle, as both reference programs allow.",
    ),
    (
        "A summon not taken",
        "If the attacker cannot or does not summon at the start of his maneuver phase after the first kill, "
        "that chance is gone for this battle; he may still summon after winning. An angel or a "
        "reinforcement that cannot come on goes back (to its legion, to the stock) without using up the "
        "phase's summon or the legion's muster.",
    ),
    (
        "Battleland edges",
        "An attacker that entered a land through side s attacks from edge (s - the land's label side) mod 6, "
        "the rotation of the printed card onto the land (Colossus); in a Tower always edge 3. A Titan "
        "teleport chooses edge 1, 3 or 5 (3 in a Tower).",
    ),
    (
        "Hazards where the references differ",
        "Walkers never cross a cliff, up or down. A slowed step costs 2 however many causes slow it. A "
        "Warlock's magic missile ignores every hazard and never targets an adjacent enemy, even across a "
        "cliff. Normal strikes take every skill change that applies (brambles, slopes, walls).",
    ),
    (
        "Line of sight over three slopes (this edition's reading)",
        "A rangestrike crosses three or more slopes, dunes or walls only if both ends stand atop one of them "
        "(or an end stands atop a cliff), as the step-by-step line of sight rules say.",
    ),
    (
        "Angels owed for several multiples (this edition's reading)",
        "Points that pass several multiples of 100 in one engagement bring one angel for each, an Archangel for "
        "a multiple of 500. The winner takes any of them, in any order, as far as room and stock allow, and may "
        "take an Angel in place of an Archangel (480 + 140 passes 500 and 600: one "
        "Archangel or Angel and one Angel); those not taken at once are lost.",
    ),
    (
        "A defender who slays the mover's Titan",
        "His battle points count, he may take the angels they bring and muster as any winning defender; then the "
        "mover's turn ends. The half points of the dead player's other legions bring no angel.",
    ),
    (
        "Conceding after a kill (this edition's reading)",
        "A character slain in a strike phase stays slain when the other side concedes before the phase ends. "
        "If the conceding side had slain the other's last character, both legions are gone and nobody scores; "
        "if it had slain the other's Titan, that player is out as when a Titan is slain, and the conceding "
        "player, with nobody left on the battleland, scores nothing for the battle.",
    ),
    (
        "Open legions",
        "An option at set-up (off by default) shows every legion's contents to everyone.",
    ),
)


# Battle Titan (issue 15): what changes from the standard game, and this edition's rulings where the seed is silent
# (docs/titan.md, "Battle Titan: rulings", "...: the agreed end and the final score", "...: the respawn").
BATTLE_TITAN: tuple[tuple[str, str], ...] = (
    (
        "What changes",
        "Battle Titan (Mike Schneider's house rules, 2004) is played to an end agreed at set-up, for points, and "
        "nobody is ever out. Movement, teleports, concessions, mustering, summoning and splits are as in the "
        "standard game.",
    ),
    (
        "The end",
        "At the end of a round (every player has had the same turns), after the agreed rounds (12 by default; the "
        "last is announced a round ahead), when the game's clock passes the agreed minutes (60; only time the game "
        "is open counts, and an undo gives none back), or in the round a chosen creature (a Colossus by default) "
        "is first mustered, or dies out after one was.",
    ),
    (
        "The score",
        "Battle points plus half the value of your living characters on the board (a Titan at its power). Halves "
        "are kept (a total may end in .5); equal totals share the win.",
    ),
    (
        "Battle points",
        "A winning attacker scores the enemy dead in full; an attacker who does not win scores at least half the "
        "value of his characters that took part, never more than the whole enemy legion; a winning defender scores "
        "half the attackers killed. Halves are rounded down per engagement. Every point counts for Titan power and "
        "angels, as in the standard game.",
    ),
    (
        "Returned, not retired",
        "Characters that do not come onto the battleland, and attackers left when time runs out, go back to the "
        "stock; only the killed are retired (concessions, flights and terms count as kills). Each player's kills "
        "are kept as war trophies.",
    ),
    (
        "Nobody is out",
        "A player whose Titan is slain plays on with his other legions, without a Titan (so no Titan teleport, "
        "and no Warlock mustered by the Titan; a Warlock still musters another), and gets no new Titan until he "
        "is wiped out.",
    ),
    (
        "The respawn",
        "A player with no legion left, at the beginning of his next turn, draws a Tower with the game's dice "
        "(each of the six alike) and spawns a new Titan legion there: his Titan (at the power of his score), an "
        "Angel, and for each path (plains: Centaur, Lion, Minotaur, Dragon, Colossus; marsh: Ogre, Troll, "
        "Warbear, Giant, Colossus; jungle: Gargoyle, Cyclops, Behemoth, Serpent) the highest tier alive on the "
        "board counted at that moment and its precursor, with the seed's fallbacks; where the seed gives a "
        "choice, he chooses. The new legion is shown to all.",
    ),
    (
        "A free Tower",
        "His turn goes on as usual; a legion of eight must be split before he rolls.",
    ),
    (
        "An occupied Tower",
        "His turn is the attack on the legion there (it can only be one player's, joined at the end of his move), "
        "eight strong, from the Tower's attacker edge; no split, no move. After the engagement a legion still "
        "eight strong gives its least valuable character back to the stock (returned). It may muster if it won, "
        "as any legion that moved.",
    ),
)


def rules_markdown(battle_titan: bool = True) -> str:
    """The rulings as Markdown, for the in-app rules and docs/titan.md; then Battle Titan's page (left out of the
    in-app rules while the set-up form does not offer the variant: a player reads only rules he can play)."""
    lines = ["## This edition's rulings", ""]
    for title, text in RULINGS:
        lines += [f"- **{title}.** {text}"]
    if battle_titan:
        lines += ["", "## Battle Titan (house rules)", ""]
        for title, text in BATTLE_TITAN:
            lines += [f"- **{title}.** {text}"]
    return "\n".join(lines) + "\n"
