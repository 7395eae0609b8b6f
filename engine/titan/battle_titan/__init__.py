"""Battle Titan (Mike Schneider's house rules, 2004): the variant's own rules, apart from the standard game's.

Titan is played under these rules when its options say `variant == "battle"` (`warmongering.battle_titan`).
Each module holds house rules of its own:

- `war_record.py`: the record of the war kept in the state under the variant (battle points per player and by
  kind of result, trophies, counters returned);
- `warmongering.py`: the scoring of point 2.B, what each side of an engagement scores and by which rule;
- `endings.py`: the agreed end of point 2, "Duration" (rounds, time, a creature's appearance or extinction),
  and the final score of 2.A (battle points plus half the living);
- `respawn.py`: point 4, a wiped-out player's spawn at his turn in a random Tower, the attack from an occupied one;
- `spawn.py`: point 4.C and the fallbacks of 1-5, the characters of the new Titan legion, a choice at a time;
- `rulings.py`: the variant's page of the in-app rules, with this edition's rulings where the house rules are
  silent.

The standard rules call into them where the variant changes the game; rulings: docs/titan.md, "Battle Titan".
Nothing is imported here, so that `state` can read the war record without loading the rest.
"""
