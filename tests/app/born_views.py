"""Hand-made views of Born of Titans in the shape `game.view(state, seat)` returns (docs/born-of-titans.md, "The
view"), for drawing tests that need a given moment (a Challenge's third roll, a moment to react) without
playing up to it."""

from __future__ import annotations

import copy
from typing import Any

from app.views import BoardContext

XSS = "<img src=x onerror=alert(1)>"


def hero(seat: int, name: str, **changes: Any) -> dict[str, Any]:
    """One seat's Hero in the view, as seen by someone else (no `divine` list), with `changes` applied."""
    row: dict[str, Any] = {
        "seat": seat,
        "name": name,
        "hero": None,
        "hero_name": None,
        "crew_counter": None,
        "crew": 6,
        "prophecy": 2,
        "prophecy_committed": 0,
        "attributes": {"battle": 0, "navigation": 0, "wits": 0},
        "node": None,
        "came_from": None,
        "in_city": False,
        "passage": False,
        "quests": {},
        "gear": None,
        "ally": None,
        "divine_count": 0,
        "lose_turn": False,
        "hubris": False,
        "finished": None,
        "argo_used": False,
    }
    row.update(changes)
    return row


def base_view(seat: int | None = 0, names: tuple[str, ...] = ("Ann", "Bob", "Cyd")) -> dict[str, Any]:
    """A game in its first round's turn phase, Ann to act, as `seat` sees it: Ann's Divine counters are listed
    only in her own view."""
    heroes = [
        hero(
            0,
            names[0],
            hero="cyrene",
            hero_name="Cyrene",
            crew_counter="pheacians",
            crew=4,
            prophecy=3,
            attributes={"battle": 7, "navigation": 7, "wits": 5},
            node="quest_3",
            quests={"5": "slay_the_hydra"},
            gear="argo",
            ally="bellerophon",
            divine_count=2,
            hubris=True,
        ),
        hero(
            1,
            names[1],
            hero="atalanta",
            hero_name="Atalanta",
            crew_counter="myrmidons",
            crew=0,
            prophecy=6,
            attributes={"battle": 3, "navigation": 4, "wits": 3},
            node="p_ionian",
            divine_count=1,
            lose_turn=True,
        ),
    ]
    if len(names) > 2:
        heroes.append(
            hero(
                2,
                names[2],
                hero="jason",
                hero_name="Jason",
                crew_counter="argonauts",
                crew=6,
                attributes={"battle": 5, "navigation": 6, "wits": 4},
                node="mesembria",
                in_city=True,
            )
        )
    if seat == 0:
        heroes[0]["divine"] = ["athena", "athena"]
    elif seat == 1:
        heroes[1]["divine"] = ["ares"]
    elif seat == 2 and len(heroes) > 2:
        heroes[2]["divine"] = []
    return {
        "phase": "turn",
        "current": 0,
        "mover": 0,
        "round": 3,
        "seat": seat,
        "order": {"selection": [2, 1, 0], "play": [0, 1, 2][: len(names)]},
        "heroes": heroes,
        "sites": {
            "quest_3": {
                "encounter": None,
                "encounter_id": None,
                "sea_monster": None,
                "quests": [{"owner": 0, "quest": "defeat_medusa", "origin": 3, "revealed": True}],
            },
            "quest_6": {
                "encounter": None,
                "encounter_id": None,
                "sea_monster": None,
                "quests": [{"owner": 1, "quest": "hidden", "origin": 6, "revealed": False}],
            },
            "mesembria": {"encounter": "hidden", "encounter_id": 17, "sea_monster": None, "quests": []},
            "messina": {"encounter": None, "encounter_id": None, "sea_monster": "hidden", "quests": []},
            "bosporus": {"encounter": None, "encounter_id": None, "sea_monster": "sirens", "quests": []},
        },
        "piles": {"encounter": 20, "divine": 30, "gear": 6, "quest": 9, "lose_turn": 3},
        "hubris": 0,
        "move": None,
        "challenge": None,
        "ended": None,
        "moment": None,
        "offer": None,
        "looks": [],
        "placing": None,
        "winner": None,
        "places": [],
    }


def challenge_view(seat: int | None = 0, **changes: Any) -> dict[str, Any]:
    """Ann in a Challenge against Medusa by Wits: two rolls made (3, then 1 Success), 4 of 7."""
    view = base_view(seat)
    view["phase"] = "challenge"
    view["challenge"] = {
        "seat": 0,
        "node": "quest_3",
        "foe": "defeat_medusa",
        "foe_kind": "quest",
        "foe_name": "Defeat Medusa",
        "numbers": {"battle": None, "navigation": 5, "wits": 7},
        "attribute": "wits",
        "needed": 7,
        "successes": 4,
        "rolls": [[6, 5, 4, 1, 2], [2, 3, 4, 1, 1, 2]],
        "last_roll": [2, 3, 4, 1, 1, 2],
        "last_successes": 1,
        "pending": False,
        "monster_attribute": "wits",
        "committed": 1,
        "kills": 2,
        "athena_dice": 0,
        "any_attribute": False,
        "lion_skin": False,
    }
    view["challenge"].update(changes)
    return view


def moment_view(seat: int | None, asked: int = 1, kind: str = "challenge_roll") -> dict[str, Any]:
    """The moment after Ann's second roll in her Challenge against Medusa: `asked` may play a Divine counter."""
    view = challenge_view(seat, successes=3, pending=kind == "challenge_roll")  # the last roll waits for the moment
    view["phase"] = "react"
    view["current"] = asked
    view["moment"] = {"kind": kind, "asked": asked, "roll_owner": 0 if kind != "turn_end" else None, "dice": []}
    return view


def move_view(seat: int | None = 0, reachable: dict[str, int] | None = None) -> dict[str, Any]:
    """Ann's Move roll: 5 dice, 3 Courses; the nodes she may reach with their costs."""
    view = base_view(seat)
    view["phase"] = "move"
    view["move"] = {"dice": [6, 4, 5, 1, 2], "courses": 3, "reachable": reachable or {}}
    return view


def with_names(view: dict[str, Any], names: list[str]) -> dict[str, Any]:
    """The same view with the players renamed (e.g. hostile names, for escaping)."""
    view = copy.deepcopy(view)
    for row, name in zip(view["heroes"], names, strict=False):
        row["name"] = name
    return view


class FakeAction:
    """A legal action as the board reads it (`kind`, `model_dump()`), before the engine's own exist."""

    def __init__(self, kind: str, **fields: Any) -> None:
        self.kind = kind
        self.fields = {"kind": kind, **fields}

    def model_dump(self) -> dict[str, Any]:
        return dict(self.fields)

    def describe(self) -> str:
        return " ".join(f"{value}" for value in self.fields.values())


def layer_context(
    view: dict[str, Any], actions: list[FakeAction] | None = None, selected: str | None = None
) -> BoardContext:
    """The context the map layer is drawn from: this view and these actions (no game: the layer reads only those)."""
    actions = actions or []
    return BoardContext(
        game=None,  # type: ignore[arg-type]  # the layer reads only the view and the actions
        view=view,
        actions=actions,  # type: ignore[arg-type]
        labels=[a.describe() for a in actions],
        interactive=bool(actions),
        selected=selected,
    )
