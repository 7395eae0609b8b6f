"""Born of Titans design arithmetic: what a Challenge costs in Crew, and a crude race of one Hero through three Quests.

Not the balance measurement (that is self-play between the computer Heroes); this is the back-of-the-envelope
model the components were designed with (docs/born-of-titans-components.md):

    .venv/bin/python scripts/born_of_titans_design_model.py --games 6000

prints (1) for n dice against k Successes needed, the chance to win before the Crew runs out from six and the
Crew lost on average; (2) for each Hero (and for a few other profiles, to price a point of each attribute) the
actions a lone Hero spends on three random Quests, in a model of Moves, Challenges and Recruiting.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from functools import cache
from math import comb
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.born_of_titans.data import ATTRIBUTES, CREWS, ENCOUNTERS, HEROES, QUESTS, Hero

PROFILES = [(6, 5, 4), (7, 5, 3), (5, 5, 5), (6, 4, 5), (6, 6, 3), (5, 6, 4), (6, 5, 5), (7, 5, 4), (6, 6, 4)]


def successes(n: int, s: int) -> float:
    """The chance that n dice roll exactly s Successes (4-6 on a die: one half)."""
    return comb(n, s) / 2**n


@cache
def challenge(n: int, need: int, crew: int) -> tuple[float, float]:
    """(chance to win, Crew lost on average) rolling n dice a roll, never retreating, from `crew` Crew."""
    win, lost = 0.0, 0.0
    for s in range(n + 1):
        p = successes(n, s)
        if s >= need:
            win += p
        elif crew == 1:
            lost += p  # the last Crew dies: Defeated
        else:
            w, c = challenge(n, need - s, crew - 1)
            win, lost = win + p * w, lost + p * (1 + c)
    return win, lost


def roll(n: int, rng: random.Random) -> int:
    """Successes on n dice."""
    return sum(rng.random() < 0.5 for _ in range(n))


class Ship:
    """A lone Hero with her Crew counter and her number of Crew."""

    def __init__(self, hero: Hero, crew_key: str) -> None:
        self.hero, self.counter, self.crew = hero, CREWS[crew_key], 6

    def total(self, attribute: str) -> int:
        """Hero plus Crew counter (while she has Crew)."""
        return getattr(self.hero, attribute) + (getattr(self.counter, attribute) if self.crew else 0)

    def move(self, courses: int, rng: random.Random) -> int:
        """Actions to sail `courses` Courses."""
        actions = 0
        while courses > 0:
            actions, courses = actions + 1, courses - roll(self.total("navigation"), rng)
        return actions

    def fight(self, foe, rng: random.Random) -> bool:
        """One Challenge in her best attribute, retreating at one Crew left."""
        usable = [a for a in ATTRIBUTES if getattr(foe, a) is not None]
        attribute = max(usable, key=lambda a: self.total(a) - getattr(foe, a))
        need = getattr(foe, attribute)
        while True:
            need -= roll(self.total(attribute), rng)
            if need <= 0:
                return True
            self.crew -= 1
            if self.crew <= 1:
                return False

    def recruit(self, rng: random.Random, monsters: list) -> int:
        """Actions to reach a City (half of them guarded by a monster) and recruit back to six."""
        actions = self.move(rng.randint(2, 5), rng)
        if rng.random() < 0.5:
            while not self.fight(rng.choice(monsters), rng):
                actions, self.crew = actions + 1, max(self.crew, 2)
            actions += 1
        while self.crew < 6:
            actions, self.crew = actions + 1, min(6, self.crew + 2)
        return actions


def race(hero: Hero, rng: random.Random) -> int:
    """Actions for a lone Hero to complete three random Quests placed 5-12 Courses away."""
    monsters = [e.monster for e in ENCOUNTERS.values() if e.monster for _ in range(e.count)]
    ship, actions = Ship(hero, rng.choice(list(CREWS))), 0
    for quest in rng.sample(list(QUESTS.values()), 3):
        actions += ship.move(rng.randint(5, 12), rng) + 1
        while not ship.fight(quest, rng):
            actions += ship.recruit(rng, monsters) + ship.move(rng.randint(2, 5), rng) + 1
        if ship.crew <= 3:
            actions += ship.recruit(rng, monsters)
    return actions


def main(argv: list[str] | None = None) -> int:
    """Print the Challenge table and the race model's actions per Hero and per profile."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6000, help="races per Hero or profile")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print("dice | " + " | ".join(f"need {k}: win, Crew lost" for k in range(3, 9)))
    for n in range(4, 11):
        cells = [challenge(n, k, 6) for k in range(3, 9)]
        print(f"{n} | " + " | ".join(f"{w:.2f}, {c:.2f}" for w, c in cells))
    print("\nHero | B/N/W | actions for three Quests")
    rows = [(h.name, h) for h in HEROES.values()]
    rows += [("profile", Hero("x", "x", *p, "")) for p in PROFILES]
    for name, hero in rows:
        rng = random.Random(args.seed)
        mean = statistics.mean(race(hero, rng) for _ in range(args.games))
        print(f"{name} | {hero.battle}/{hero.navigation}/{hero.wits} | {mean:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
