"""Battle Titan's page of the in-app rules: what changes from the standard game, the terrain paths and their
tiers, what each side scores, the spawn's fallbacks, and this edition's rulings where the house rules are silent (the
same words as docs/titan.md, "Battle Titan (house rules)"; the details are in its "Battle Titan: ..." sections)."""

from __future__ import annotations

from engine.titan.data import SPAWN_BASICS_GONE, SPAWN_PATHS, SPAWN_STRONG_GONE

# Battle Titan: what changes from the standard game, and this edition's rulings where the house rules are silent
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
        "is open counts, and an undo gives none back), or in the round a chosen creature (a Serpent by default) "
        "is first mustered, or dies out after one was (round 80 at the latest: this edition's ruling).",
    ),
    (
        "The score",
        "Battle points plus half the value of your living characters on the board (a Titan at its power). Halves "
        "are kept (a total may end in .5); equal totals share the win.",
    ),
    (
        "Battle points",
        "A winning attacker scores the enemy dead in full; an attacker who does not win scores half the greater of "
        "the enemy dead and the value of his characters that took part (to score full points, you must attack and "
        "win), never more than the whole enemy legion; a winning defender scores half the attackers killed. Halves "
        "are rounded down per engagement. Every point counts for Titan power and angels, as in the standard game.",
    ),
    (
        "Returned, not retired",
        "Characters that do not come onto the battleland wait off it until the battle is decided: the winning "
        "side's then go back to the stock, the losing side's are killed with their legion. Attackers left when "
        "time runs out go back to the stock; only the killed are retired (concessions, flights and terms count as "
        "kills). Each player's kills are kept as war trophies.",
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
        "board counted at that moment and its precursor, with the house rules' fallbacks; where the house rules give a "
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
        "eight strong gives its least valuable character back to the stock (returned); if its win passed a "
        "multiple of 100, it may first take the angel in place of a character of the player's choice (back to the "
        "stock). It may muster if it won, as any legion that moved.",
    ),
)


# Where the house rules are silent: this edition's rulings, in the words of docs/titan.md's "Battle Titan: ..."
# sections.
BATTLE_TITAN_RULINGS: tuple[tuple[str, str], ...] = (
    (
        "Set-up",
        "Battle Titan is a choice at set-up (Rules: Standard Titan or Battle Titan), with its end: a number of "
        "rounds, a span of time, or the appearance or the extinction of a chosen creature. A game saved before it "
        "existed is standard Titan.",
    ),
    (
        "The game's clock",
        "It counts only the time the game is open on screen (the computer's thinking included; not a hidden tab, "
        "nor the home, replay or rules screens), in whole seconds, and it is saved with the game.",
    ),
    (
        "Appearance and extinction",
        "Noted after every action: the first of the creature standing in a legion on the board (mustered, a "
        "reinforcement, an angel taken) marks the round; after that, its count alive falling to none marks the "
        "round of its extinction, even if another is mustered later in that round. One in the starting legions "
        "appears at once.",
    ),
    (
        "Why a Serpent by default, and round 80 at the latest",
        "The Serpent tops the jungle path: in games of the computer players its first muster came in round 21 to "
        "27 at the median, about the length of the 60-minute game; the Colossus came in round 50 to 110, and in "
        "some games not at all. The house rules do not say what happens if the creature never appears, or never dies "
        "out: here the game ends at the end of round 80 at the latest (announced a round ahead), so that every "
        "game ends. Any creature but the Titan may be chosen.",
    ),
    (
        '"At least" half, and full points only for a win',
        "An attacker who does not win scores half the greater of the enemy dead and his legion's participating "
        'characters (2.B.1\'s floor; its parenthesis, "to score full points, you must attack and win", keeps a '
        "loser's kills at half value), but never more than the whole enemy legion's value. Example: Bob attacks "
        "Ann's Titan (24), Cyclops (18), Gargoyle (12) and Centaur (12), 66 in all, with a Troll (16) and a Lion "
        "(15), 31; he kills the Cyclops, the Gargoyle and the Centaur (42) before his legion falls: he scores 21, "
        "half the 42, and Ann 15, half his 31. Had he killed only the Centaur, he would score 15, half his own "
        "31; had he won, the 66 in full.",
    ),
    (
        "Left off the battleland (this edition's reading)",
        '2.B.3 retires a creature only if it is killed, and "concessions result in kills": a legion that loses '
        "its battle has lost every character in it, brought on or not. So the losing side's characters left off "
        "the battleland count as killed (the winner scores them and keeps them as trophies; a Titan left off is "
        "killed too), and the winning side's go back to the stock. On a time loss the attacker's go back with the "
        "rest of his legion (2.B.3 returns them); when both legions are destroyed nobody won, and both sides' go "
        "back. A doomed defender thus gains nothing by keeping his legion off the battleland.",
    ),
    (
        "Participating characters",
        "Those that came on the battleland (with a summoned angel or a reinforcement that came on). Without a "
        "battle (a concession before it, terms) the whole legion took part. \"The enemy's legion (all involved "
        'units)" is the whole defending legion: the dead, the living and those it left off the battleland.',
    ),
    (
        "Angels",
        "Every point scored counts for Titan power and angels, but angels go into the winning legion only: a "
        "losing attacker has no legion left, so a multiple of 100 his warmongering passes brings no angel. A "
        "spawned legion still eight strong has no room of its own: it may take its angel in place of a character "
        "of the player's choice, which goes back to the stock (this edition's reading).",
    ),
    (
        "The killed and the returned",
        "A Titan returned just leaves the board (it has no place in the stock). Angels, Archangels, Guardians and "
        "Warlocks killed go back to the stock as in the standard game, as kills (trophies), not as returned. The "
        "slain and the returned are counted apart; the box is always the stock, the slain and the board.",
    ),
    (
        '"In play"',
        "Alive somewhere on the board (the dead do not count). For the spawn it is counted at the start of the "
        "spawning turn, and nothing moves while he answers; while a battle is under way, for the endings, a "
        "character slain counts as alive until its legion loses it, at the end of that strike phase.",
    ),
    (
        "The spawn's choices",
        "One at a time, in the order Angel, plains, marsh, jungle, each from what the stock still holds once the "
        "earlier slots are taken; a choice of one creature is not asked. The computer players pick the most "
        "valuable creature offered. A slot nothing can fill takes any character left in the stock, the player's "
        "choice; only an empty stock leaves the legion short of eight.",
    ),
    (
        "The Angel gone",
        "The legion's Angel is taken first; if none is left it is an Archangel, if one is; else the last resort.",
    ),
    (
        "Extra Titans",
        "A second Titan (point 5, or the last resort) is a spare Titan counter, from the box's six less one per "
        "player, and comes fully powered: at its owner's Titan power.",
    ),
    (
        "A spawn is no first turn",
        "Even for a player wiped out before his first: no mulligan, and the eight are split as he likes (not "
        "necessarily four and four).",
    ),
)


def _table(header: tuple[str, ...], rows: list[tuple[str, ...]]) -> list[str]:
    """A Markdown pipe table."""
    return [
        "| " + " | ".join(header) + " |",
        "| " + " | ".join("---" for _ in header) + " |",
        *("| " + " | ".join(row) + " |" for row in rows),
    ]


def _tiers() -> list[tuple[str, ...]]:
    """The paths' tiers from the spawn's own table (engine/titan/data.py), one row a tier."""
    tiers = sorted({tier for path in SPAWN_PATHS for tier, _name in path.steps})
    rows = []
    for tier in tiers:
        names = [dict(path.steps).get(tier, "-") for path in SPAWN_PATHS]
        rows.append((f"{tier} (basic)" if tier == 1 else str(tier), *names))
    return rows


SCORES: list[tuple[str, ...]] = [
    (
        "the attacker wins by battle, concession or terms",
        "full value of the enemy dead (those left off too)",
        "nothing",
    ),
    ("the defender flees", "half the fled legion's value, as in the standard game", "nothing"),
    ("the defender wins by battle, concession or terms", "warmongering", "half the value of the attackers killed"),
    ("the attacker loses on time", "warmongering", "nothing (half of nothing)"),
    ("both legions gone (battle or terms)", "warmongering", "nothing"),
]


def battle_titan_markdown() -> str:
    """Battle Titan's page as Markdown: what changes, the tables, the rulings."""
    lines = ["## Battle Titan (house rules)", ""]
    lines += [f"- **{title}.** {text}" for title, text in BATTLE_TITAN]
    lines += ["", "### What each side scores", ""]
    lines += _table(("result", "the attacker", "the defender"), SCORES)
    lines += ["", "### The three terrain paths and their tiers", ""]
    lines += [
        "A spawn takes, for each path, one of the highest tier alive on the board (the strong) and one of the "
        "creature before it on its path (the weak; the Behemoth's is the Cyclops); two of its basic if only the "
        "basic, or nothing of the path, is alive. The jungle has no third tier; the Colossus tops two paths.",
        "",
    ]
    lines += _table(("tier", *(path.name for path in SPAWN_PATHS)), _tiers())
    lines += ["", "### When a spawn's creature is gone from the stock", ""]
    lines += _table(
        ("the house rules' point", "when", "the slot gets"),
        [
            ("1", "the weak is gone", "a creature of its tier from another path, the player's choice"),
            ("2", "every basic of every path is gone", "the first in the stock of " + ", ".join(SPAWN_BASICS_GONE)),
            (
                "3",
                "the strong is gone and the next on its path is not in play",
                "one of the next on its path; the weak stays the gone strong's precursor",
            ),
            (
                "4",
                "the strong is gone and the next on its path is gone too, or there is none",
                "a creature of its tier from another path, the player's choice",
            ),
            (
                "5",
                "nothing of the strong's tier is left on any path",
                "the first in the stock of " + ", ".join(SPAWN_STRONG_GONE),
            ),
        ],
    )
    lines += ["", "### Rulings where the house rules are silent", ""]
    lines += [f"- **{title}.** {text}" for title, text in BATTLE_TITAN_RULINGS]
    return "\n".join(lines) + "\n"
