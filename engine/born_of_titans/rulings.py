"""This edition's rulings for Born of Titans (docs/born-of-titans.md), and the in-app rules page."""

from __future__ import annotations

from engine.born_of_titans.board import map_markdown
from engine.born_of_titans.components import components_markdown

# (section title, [(number, text)]): each ruling as this edition reads the rulebook where it is open.
RULINGS: list[tuple[str, list[tuple[int, str]]]] = [
    (
        "Set-up and selection",
        [
            (
                1,
                "Ties in the selection roll. Every player rolls one die; players who tie for a place re-roll among "
                'themselves until every place is settled (only the ties re-roll, as the rulebook\'s "reroll ties"). '
                "The lowest roller selects first; the selection goes counter-clockwise from her (descending seats). "
                "The game's turns then go clockwise, starting with the player to the left of the first selector, so "
                'that "the player who selects first acts last".',
            ),
            (
                2,
                "Selection steps. In selection order, each player chooses a Hero; then, in the same order, each "
                "chooses her starting Quest Site (several Heroes may start on one Site); then, in turn order (the "
                "first to play first: the rulebook gives no order, and the later a Quest is placed the fewer far "
                "Sites are left, which would add to the first player's lead), each player's left neighbour draws a "
                "random Quest (nobody looks at it) and places it face down with that player's Hero's Quest counter on"
                " a Quest Site that holds no Quest counter yet (a Site holding a Hero is allowed). Each player draws "
                "one random Crew counter (on her 6 Shield) and takes a Prophecy counter on her 2 Shield; a Sea "
                "Monster is placed face down on each Sea Monster Site (the fourth is set aside, unseen); an Encounter"
                " face down on each City.",
            ),
        ],
    ),
    (
        "Actions and turns",
        [
            (
                3,
                "Two actions a turn; one with no Crew, checked when an action starts. A Hero may start an action if "
                "she has taken fewer than two (one if her Crew is at 0 at that moment) of her turn's regular actions. "
                "Actions given by Fair Weather come on top and are not limited by Crew. She may end her turn at any "
                "time.",
            ),
            (
                4,
                "Free acts. Looking with Prophecy, the Argo's point, the Dragon's Teeth, playing Divine counters and "
                "turning a Quest face up cost no action.",
            ),
        ],
    ),
    (
        "Moving",
        [
            (
                5,
                "A Move is one Navigation roll (Hero + Ally + Crew counter while Crew > 0 + Gear); each Success is a "
                "Course. The Hero then moves along segments, paying 1 Course per sea segment and 2 per land segment "
                "(2 for every segment with no Crew). A segment is land (brown) when both its ends are land; any other "
                "segment is sea (blue). Every Site is land except the Sea Monster Sites.",
            ),
            (
                6,
                "Reaching a Site stops movement: a Move never passes through a Site. It may end on any Point or Site "
                "it can pay for.",
            ),
            (
                7,
                "Partial moves and unused Courses. The Hero may stop anywhere along the way, or not move at all; "
                "Courses not spent are lost when the Move ends (they never carry to another action).",
            ),
            (
                8,
                "Sea Monster Sites. A Hero who reaches a Sea Monster Site stops there. Until she defeats its Sea "
                "Monster (an Encounter action) she may leave only the way she came, to the Point she came from; once "
                "she has defeated it she may leave by any segment (the monster is not slain, so the next Hero to "
                "arrive must defeat it again). A Sea Monster turned face up by an Encounter stays face up.",
            ),
        ],
    ),
    (
        "Encounters, Challenges and retreat",
        [
            (
                9,
                "Cities. A Hero who reaches a City whose Encounter counter is there stands at its gates: she may not "
                "Recruit or Sacrifice until she has dealt with the Encounter (an Encounter action). A City with no "
                "Encounter counter is entered on arrival.",
            ),
            (
                10,
                "Taking or refusing an Ally is part of the Encounter action that turns it up (no further action). "
                "Taking it discards her current Ally (if any) face down to the Encounter pile; refusing discards the "
                "new one. Either way the City is cleared and she is in it.",
            ),
            (
                11,
                'Challenges. The challenger chooses one usable attribute for the whole Challenge (the rulebook: "the '
                'first roll is made against the selected attribute"). Each roll: dice = her total in it + committed '
                "Prophecy + any Athena dice; 4-6 succeed; Successes add up. Short of the number: the monster attacks, "
                "killing one Crew (more under Ares). Retreat is allowed only after a Crew loss has been recorded (the "
                'rulebook: "a player may Retreat the Hero after recording any Crew loss"), never before the first '
                "roll. At 0 Crew she is Defeated: she loses her Gear and Ally (face down into their piles) and "
                "retreats. A Hero who starts a Challenge with 0 Crew and misses is Defeated at once.",
            ),
            (
                12,
                "Where a retreating Hero goes. Back to the Point she last left to reach the Site (the Point before "
                "the Site on her last Move). If she did not reach the Site by a Move (she started the game there, or "
                "her Quest was placed on the Site she stood on) she stays on the Site.",
            ),
            (13, "Monsters heal, Quests' monsters too. Every Challenge starts from zero Successes."),
            (
                14,
                "Prophecy in a Challenge. Before any roll of a Challenge she may commit any number of her Prophecy "
                "points not yet committed; each committed point adds one die to every later roll of that Challenge. "
                "Committed points stay on her track until the Challenge ends (won, retreated or defeated), when they "
                'are all spent, as written ("any Prophecy committed are spent at the end of the Challenge"). Until '
                'then they count toward the six she may hold "at any time": the Argo and Apollo fill her track only '
                "up to six, committed points included.",
            ),
            (
                15,
                "Prophecy looks (1 point, in her own turn, no action): she sees every face-down counter at one Site. "
                "Only she remembers what she saw (her view shows it until that counter leaves the Site; the others' "
                "views show only that she looked at that Site). A look is offered only at a Site holding a face-down "
                "counter she does not know: she never pays again to see what she has seen.",
            ),
        ],
    ),
    (
        "Quests",
        [
            (
                16,
                "When a Quest is turned face up. At once, free, whenever its Hero is on its Site in her own turn "
                "(arriving by a Move, at the start of her turn, or when it is placed on the Site she stands on in her "
                "turn). Turned up, it stays face up.",
            ),
            (
                17,
                "Underworld Quests. Turned up, it is moved at once (free) with its Hero's Quest counter to the "
                "Underworld Site of her choice (several Quests may share one). Completed, it goes on the Shield of "
                "the Quest Site where it was placed (the Underworld Sites have no number), so a Hero still never "
                "completes two Quests from one Quest Site.",
            ),
            (
                18,
                "Completion, in this order: the Quest goes on its Shield; she discards her Gear, then her Ally; she "
                'draws a random Gear; she chooses, City by City, which empty Cities get a random Encounter ("randomly '
                'place ... as desired": the counter is random, the choice of Cities hers); Hubris is checked; she '
                "hands her Hero's Quest counter to her left neighbour, who draws a random Quest and places it (a "
                "Quest Site with no Quest counter whose number is not a Shield she has filled; a Site holding a Hero "
                "is allowed).",
            ),
            (
                19,
                "A City restocked while a Hero is in it: she stays in; the new counter waits for the next Hero to "
                "arrive.",
            ),
            (
                20,
                "Hubris. The Hero who completes the game's first Quest takes it; the first Hero to complete her "
                "second Quest takes it from whoever holds it (or from the box, if it was discarded). It leaves by "
                'Gather Humility or Hera (back to the box). Its holder "is forbidden from completing her current '
                'Quest", whenever it would be completed: she may not start an Encounter with her own Quest (she may '
                "still reach it and turn it up); and if Hubris comes to her during her Quest's Challenge (Hera's "
                "pair) and she then rolls the Successes needed (or Aphrodite's pair defeats its monster), the "
                "Challenge is won but the Quest is not completed: it stays face up where it is, she stays on its "
                "Site, and her committed Prophecy is spent. Rid of Hubris, she may challenge it again, from zero "
                "(ruling 13). A third Quest ends the game before Hubris matters.",
            ),
        ],
    ),
    (
        "Gear, Allies, Lose Turn",
        [
            (
                21,
                "The Argo: once in each of her turns, at any moment of it, +1 Prophecy (at most 6 on her track, "
                "committed points counted: ruling 14).",
            ),
            (
                22,
                "The Dragon's Teeth: in her own turn, at any moment (also inside a Challenge after a Crew loss), "
                "discard it and roll one die: that many Crew (at most 6), gained once the die's moment to react has "
                "passed (ruling 27).",
            ),
            (
                23,
                "The Nemean Lion Skin is played by its holder inside one of her Challenges, at any moment of it: "
                "discard it, and no monster's attack kills any more Crew in that Challenge (Ares included). It does "
                "not stop the Furies, events or anything outside that Challenge. Under it a Hero at 0 Crew is not "
                "Defeated by a miss (the attack kills nobody: she is Invincible).",
            ),
            (
                24,
                "Lose Turn in her own turn ends the turn at once (a Challenge under way ends as a retreat) and the "
                "counter stays: her next turn is lost too, as written. Out of her turn the counter waits for her next "
                "turn. A Hero never holds two; a second is not placed.",
            ),
            (25, "Fair Weather at 0 Crew still gives two more actions (the counter's words beat the general limit)."),
        ],
    ),
    (
        "Divine counters",
        [
            (
                26,
                "Moments. Divine counters are played: - by the player whose turn it is, at any of her decisions in "
                "her turn; - by every player, in turn order starting with the player whose turn it is, at each "
                "moment to react: (a) the start of a Challenge (after the monster or Quest is turned up, before the "
                "attribute is chosen); (b) after every Challenge roll, every Move roll and every die of Crew for "
                "Hire or the Dragon's Teeth, before it counts; (c) the end of every turn. After a counter is played, "
                "everyone is asked again, in order from the next player; a moment ends when all have passed in a "
                'row. Option `moments = "challenges"` drops the Move-roll moments and those of the Crew dice (fewer '
                "questions in a hot-seat game). Every seat still in the game that holds at least one Divine counter "
                "is asked at every moment, whether or not it holds a counter it could play then: the question is the "
                "same for all, so nothing tells who holds what. (How many Divine counters each player holds is "
                "public, so not asking a player who holds none tells nothing; a moment nobody could be asked in is "
                "skipped. This keeps a hot-seat game from asking every player after every roll from the first turn "
                "on.)"
                " The player whose turn it is plays at her own decisions, so she is not asked at the moment after her"
                " own Move roll (her Move's decision follows it: she may play any counter on the roll there) nor at "
                "the end of a turn she ended herself (she could play any before ending it) until somebody plays a "
                "counter there: then everyone is asked again, her too. A counter she plays on her own Move roll at "
                "her Move's decision (Muses, Fates, Poseidon) opens a new moment for the others. (Rules version 2: "
                "asking her there was a tap with nothing new in it; a turn lost before she decided anything"
                " still asks her at its end.)",
            ),
            (
                27,
                'Muses and Fates change any die just rolled (Divine counters "can be played at any time"; the Muses '
                'add one "to any single die result"): a Challenge roll, a Move roll, the Crew for Hire die and the '
                "Dragon's Teeth die, of anyone, in the moment after it (ruling 26 b). The Crew of those dice are "
                "gained when that moment has passed (a turn lost in the moment does not undo the die). Not the "
                "selection roll (nobody holds a Divine counter yet). Fates: the player chooses which dice; all are "
                "rolled again, and a new moment follows the new roll. Every die is rolled in the open: the moment "
                "after a Crew die shows that die and who is asked, nothing more.",
            ),
            (
                28,
                "Athena's pair: played on a Hero in a Challenge at its start moment; for that Challenge she may roll "
                "any of her attribute totals against any of the monster's usable numbers (she chooses the pair "
                "instead of one attribute). Athena alone: two more dice in every roll of that Challenge.",
            ),
            (
                29,
                "Aphrodite's pair: played at any moment of a Challenge (its start or after a roll) on a Hero in it: "
                "the monster is Defeated as if by Challenge (on a Quest whose Hero holds Hubris the Challenge is won "
                "but the Quest is not completed: ruling 20). Aphrodite alone: two fewer Successes needed in that "
                "Challenge (never fewer than one).",
            ),
            (
                30,
                "Ares: on a Hero in a Challenge, at any moment of it, until the Challenge ends: alone, each attack "
                "kills two Crew; the pair, three.",
            ),
            (
                31,
                "Hera alone: the Hubris counter leaves its holder (to the box). Her pair: move it to any Hero in play.",
            ),
            (
                32,
                "Furies: against a Hero who holds Hubris or has completed more Quests than the player; she loses two "
                "Crew. Reaching 0 this way she loses Gear and Ally; inside a Challenge she is Defeated.",
            ),
            (
                33,
                "Poseidon alone: +2 or -2 Courses on a Move roll just made (not below 0); the pair: the target loses "
                "a turn. Apollo alone +1 Prophecy, the pair +3 (at most 6 on her track, committed points counted: "
                "ruling 14).",
            ),
        ],
    ),
    (
        "The end",
        [
            (34, "The end at a third Quest. The game ends the moment a Hero completes her third Quest; she wins."),
            (
                35,
                "Playing on for places (option `play_for_places`): the game goes on; a finished Hero leaves the map, "
                "her Gear, Ally and Divine counters go back to their piles face down (Hubris to the box), she takes "
                "no more turns and is not asked at moments. The game ends when all but one have finished; the last "
                "takes the last place.",
            ),
            (
                36,
                "Empty piles. A draw from an empty pile draws nothing; Sacrifice with one counter in the pile shows "
                "one; Sacrifice is not offered with an empty Divine pile.",
            ),
            (
                37,
                'The example of play\'s slip. "Her Crew is reduced from five to three by the combat": two misses kill '
                'two of six Crew, leaving four, which the rulebook\'s later "from the #4 to the #6 Shield" confirms. '
                "The example test follows the numbers: six, then four, then six after recruiting.",
            ),
        ],
    ),
]


def rulings_markdown() -> str:
    """The rulings as markdown, numbered as in docs/born-of-titans.md."""
    lines = [
        "## This edition's rulings",
        "",
        "Where the rulebook is open or can be read two ways, this edition reads it so:",
        "",
    ]
    for title, rulings in RULINGS:
        lines += [f"### {title}", ""]
        lines += [f"{number}. {text}" for number, text in rulings]
        lines.append("")
    return "\n".join(lines)


def rules_markdown() -> str:
    """The in-app rules page: the rulings, the map and the components of this edition."""
    return "\n\n".join(["# Born of Titans", rulings_markdown(), map_markdown(), components_markdown()])
