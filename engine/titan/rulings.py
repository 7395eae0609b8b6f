"""This edition's rulings on Titan: where the rules summary leaves a point open, or the two reference
programs differ, what the engine does (shown in the in-app rules, kept in step with docs/titan.md)."""

from __future__ import annotations

from engine.titan.battle_titan.rulings import battle_titan_markdown

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
        "is fought. Terms on the table are seen by the two players only, and leave the record once the battle "
        "begins.",
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
        "teleport chooses edge 1, 3 or 5 (3 in a Tower). The page draws the attacker's edge (a red border with an A "
        "badge) and the defender's (a dashed blue border, D) on the battleland, the letters the counters carry.",
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


def rules_markdown(battle_titan: bool = True) -> str:
    """The rulings as Markdown, for the in-app rules and docs/titan.md; then Battle Titan's page (left out of the
    in-app rules while the set-up form does not offer the variant: a player reads only rules he can play)."""
    lines = ["## This edition's rulings", ""]
    for title, text in RULINGS:
        lines += [f"- **{title}.** {text}"]
    text = "\n".join(lines) + "\n"
    return text + "\n" + battle_titan_markdown() if battle_titan else text
