"""Titan on the page: the masterboard or the battleland (drawn once, pinch-zoomed and panned), the changing
layer over it, and a panel beside it, from `game.view(state, seat)` (shape: engine/titan/view.py).

Select, then target: a legion (or a character) that has choices is picked on the map (`data-select`), and
the lands (hexes) it can reach light up as choices (`data-action`); strikes show their strike number and
the chance a die hits. A split is made by moving counters between the two halves in the panel; musters and
the other picks of a legion are buttons in the panel. The action bar keeps only what is not on the map
(end the phase, answers to an engagement, summons, reinforcements, angels), plus the picked legion's or
character's own choices for the keyboard.

This module holds the hooks the app calls (app/views/__init__.py) and the game's words; the masterboard's layer
and panel are `titan_masterboard.py` (Battle Titan's scores and respawn: `titan_war.py`), the battleland's
`titan_battle.py`, the costs of battle decisions in words `titan_costs.py`, the SVG pieces `titan_art.py`,
`titan_masterboard_art.py` and `titan_battle_art.py`.
"""

from __future__ import annotations

from typing import Any

from app.markup import esc
from app.views import BoardContext
from app.views.titan_battle import battle_layer, extra_hits
from app.views.titan_battle_art import battleland_map

# The costs of battle decisions are hooks the app asks of this module: re-exported.
from app.views.titan_costs import action_warning as action_warning
from app.views.titan_costs import confirm_action as confirm_action

# Battle Titan's end screen (its result in words and its reckoning): hooks too.
from app.views.titan_final import final_html as final_html
from app.views.titan_final import final_lines as final_lines
from app.views.titan_masterboard import indexed_actions, masterboard_layer, picked_key
from app.views.titan_masterboard_art import masterboard_map
from app.views.titan_war import spawn_detail
from app.views.turn_summaries import titan_turn
from engine.titan.data import CREATURES, LANDS

turn_summary = titan_turn  # the hook of app/since.py: what a turn did, in a few words
SECRETS = True  # legion contents are secret: hot-seat play passes the device between humans
SECRETS_SHOWN = "what is inside {name}'s legions"  # what the pass-the-device screen says the board shows
ENDS_TURN = frozenset({"end_musters"})
ON_MAP = frozenset({"split", "move", "engage", "muster", "maneuver", "strike", "rangestrike", "carry"})

PHASE_HINTS = {
    "split": "pick a legion to split (on the map), or roll for movement",
    "move": "pick a legion, then the land to move it to",
    "engage": "pick the engagement to resolve (a lit land)",
    "engagement": "flee, concede, propose terms or fight",
    "maneuver": "pick a character, then its hex",
    "strike": "pick a character, then the enemy it strikes",
    "carry": "carry the extra hits to a lit enemy, or drop them",
    "aftermath": "take what the win brings",
    "muster": "pick a legion that moved to muster, or end the turn",
    "spawn": "pick a creature for the new Titan legion",  # Battle Titan's respawn
}


# -- the module's hooks ---------------------------------------------------------------------------------------


def _frame(key: str, svg: str, panel: str) -> str:
    board = "tt-on-battle" if key.startswith("battle:") else "tt-on-masterboard"  # the map's shape, for its size
    return (
        f"<div class='tt {board}' data-static='{esc(key)}'><div class='pz-frame'>"
        f"<div class='pz-viewport'><div class='pz-content'>{svg}</div></div>"
        "<div class='pz-controls'><button type='button' data-pz='in' aria-label='Zoom in'>+</button>"
        "<button type='button' data-pz='out' aria-label='Zoom out'>−</button>"
        "<button type='button' data-pz='reset' aria-label='Whole map'>⤢</button></div></div>"
        f"<div id='tt-panel' class='tt-panel'>{panel}</div></div>"
    )


def render_layers(ctx: BoardContext) -> tuple[str, str, dict[str, str]]:
    """The board: its key (which map), the whole markup, and the parts rewritten while the map stays."""
    view = ctx.view
    battle = view.get("battle")
    if battle:
        key = f"battle:{battle['land']}:{battle['attacker']}:{battle['defender']}"
        overlay, panel = battle_layer(ctx)
        svg = battleland_map(LANDS[battle["land"]].terrain, overlay=f"<g id='tt-overlay'>{overlay}</g>")
    else:
        key = "masterboard"
        overlay, panel = masterboard_layer(ctx)
        svg = masterboard_map(overlay=f"<g id='tt-overlay'>{overlay}</g>")
    return key, _frame(key, svg, panel), {"tt-overlay": overlay, "tt-panel": panel}


def render_board(ctx: BoardContext) -> str:
    """The whole board markup (`render_layers` without its parts)."""
    return render_layers(ctx)[1]


def shown_actions(ctx: BoardContext) -> tuple[list[int], str]:
    """The choices that get a button: everything not picked on the map, then the picked legion's or
    character's own choices (for the keyboard and for what the map shows once: other entry sides, higher
    strike numbers). The phase's own choices come first, so that a long list of targets (a defender's
    entry hexes) never pushes 'Done maneuvering' out of sight."""
    picked_legion = picked_key(ctx, "legion")
    picked_unit = picked_key(ctx, "unit")
    shown, targets = [], []
    on_map = False
    for index, action in indexed_actions(ctx):
        kind = action["kind"]
        if kind not in ON_MAP:
            shown.append(index)
            continue
        on_map = True
        mine = picked_legion is not None and action.get("marker") == picked_legion
        picked = picked_unit is not None and picked_unit.isdigit() and action.get("unit") == int(picked_unit)
        if kind in ("carry", "engage"):
            shown.append(index)
        elif mine or picked:
            targets.append(index)
    return shown + targets, _map_note({action["kind"] for _, action in indexed_actions(ctx)}) if on_map else ""


MAP_PICKS = (  # what is picked on the map for each kind of choice there, in the phase's words
    ("split", "a legion to split"),
    ("move", "a legion, then the land it goes to"),
    ("engage", "a lit land, the engagement to resolve"),
    ("muster", "a legion that moved, to muster"),
    ("maneuver", "a character, then the hex it goes to"),
    ("strike", "a character, then the enemy it strikes"),
    ("carry", "a lit enemy to carry the hits to"),
)


def _map_note(kinds: set[str]) -> str:
    """'Pick on the map: a character, then the enemy it strikes.' for the choices on the map now."""
    kinds = kinds | ({"strike"} if "rangestrike" in kinds else set())
    picks = [words for kind, words in MAP_PICKS if kind in kinds]
    return f"Pick on the map: {_either(picks)}." if picks else ""


def status_hint(ctx: BoardContext) -> str | None:
    """Who must do what, in the game's words."""
    view = ctx.view
    if view.get("phase") == "game_over":
        battle_titan = final_lines(view)  # Battle Titan: the highest total wins, nobody stands last
        if battle_titan:
            return battle_titan[0]
        winner = view.get("winner", -1)
        if isinstance(winner, int) and winner >= 0:
            return f"{view['players'][winner]['name']} wins: the last Titan standing."
        return "A draw: the last Titans fell together."
    seat = view.get("current_player")
    if seat is None:
        return None
    name = view["players"][seat]["name"]
    return f"{name}: {_phase_hint(ctx)}"


ENGAGEMENT_WORDS = (("accept", "accept the terms"), ("fight", "fight"), ("flee", "flee"), ("concede", "concede"),
                    ("propose", "propose terms"))  # fmt: skip


def _either(choices: list[str]) -> str:
    """'fight, concede or propose terms'."""
    return choices[0] if len(choices) == 1 else ", ".join(choices[:-1]) + " or " + choices[-1]


def _phase_hint(ctx: BoardContext) -> str:
    """What the player to move may do now, from his legal choices (the phase's general words without them)."""
    phase = str(ctx.view.get("phase"))
    kinds = {action.kind for action in ctx.actions}
    if not kinds:
        return PHASE_HINTS.get(phase, "choose")
    if phase == "split":
        if "end_splits" not in kinds:
            return "pick your legion to split it (on the map): the first turn begins with a split"
        return "pick a legion to split (on the map), or roll for movement" if "split" in kinds else "roll for movement"
    if phase == "engagement":
        return _either([words for kind, words in ENGAGEMENT_WORDS if kind in kinds])
    if phase == "carry":
        return _carry_hint(ctx)
    return PHASE_HINTS.get(phase, "choose")


def _carry_hint(ctx: BoardContext) -> str:
    """'carry the 2 extra hits to the Ogre (D4) or the Troll (E3), or drop them'."""
    battle = ctx.view.get("battle") or {}
    units = battle.get("units") or []
    targets = [
        f"the {units[a.target]['name']} ({units[a.target]['hex']})"  # type: ignore[attr-defined]
        for a in ctx.actions
        if a.kind == "carry" and 0 <= a.target < len(units)  # type: ignore[attr-defined]
    ]
    extra = extra_hits(ctx.view) if battle else "the extra hits"
    return f"carry {extra} to {_either(targets)} (lit), or drop them" if targets else f"drop {extra}"


GROUP_TITLES = {"propose": "Or propose terms"}


def action_group(kind: str) -> str:
    """The action bar's heading for a kind of action (the terms one may propose come together)."""
    return GROUP_TITLES.get(kind, "")


def turn_label(view: dict[str, Any]) -> str:
    """'Turn 3 (Ann), in battle at 129' for the saved-game list: the turn, whose it is, and a battle or an
    engagement being resolved."""
    players = view.get("players") or []
    mover = view.get("mover")
    whose = f" ({players[mover]['name']})" if isinstance(mover, int) and 0 <= mover < len(players) else ""
    where = ""
    if view.get("battle"):
        where = f", in battle at {view['battle']['land']}"
    elif view.get("engagement"):
        where = f", engagement at {view['engagement'].get('land', '?')}"
    return f"Turn {view.get('turn_number', 1)}{whose}{where}"


def players_label(view: dict[str, Any]) -> list[str]:
    """Each player with his colour ('Ann (Black)', 'Bob (Blue, out)'), for the saved-game list."""
    return [
        f"{player['name']} ({player['colour']}{'' if player.get('alive', True) else ', out'})"
        for player in view.get("players") or []
    ]


def action_detail(view: dict[str, Any], data: dict[str, Any]) -> str:
    """What a choice does, under its label."""
    kind = data.get("kind")
    if kind == "muster" and data.get("creature") in CREATURES:
        creature = CREATURES[data["creature"]]
        return f"Power {creature.power}, skill {creature.skill}" + (", flies" if creature.flies else "")
    if kind == "flee":
        return "Your legion is eliminated; the attacker scores half its value."
    if kind == "fight":
        return "The battle is fought on the land's battleland."
    if kind == "spawn":
        return spawn_detail(str(data.get("creature")))
    battle = view.get("battle")
    if kind == "end_maneuver" and battle:
        side = battle["active"]
        waiting = [u["name"] for u in battle["units"] if u["side"] == side and u["hex"] is None]
        if waiting and not battle["entered"][side] and view.get("war") is not None:  # Battle Titan [2.B.3]
            return (
                "Not brought on yet: if you end now, killed if your legion loses, back to the stock if it wins: "
                + ", ".join(waiting)
                + "."
            )
        if waiting and not battle["entered"][side]:
            return "Not brought on yet, and eliminated if you end now: " + ", ".join(waiting) + "."
    if kind == "end_splits":
        return "Then the movement roll."
    if kind == "acquire_instead":
        return "No room in your eight: this one goes back, then your least valuable as ever."
    if kind == "acquire" and data.get("angel") in CREATURES:  # an Archangel or an Angel: what each brings
        angel = CREATURES[data["angel"]]
        return f"Power {angel.power}, skill {angel.skill}, flies"
    return ""


def hint_selection(view: dict[str, Any], data: dict[str, Any]) -> str | None:
    """What to pick on the map so that a hinted choice is drawn where it is made, and marked there: a split's
    halves with its Split button, a legion's lands or musters, a character's hexes or targets."""
    kind = data.get("kind")
    if kind == "split":
        return f"split:{data['marker']}:{','.join(sorted(data['leaving']))}"
    if kind in ("move", "muster"):
        return f"legion:{data['marker']}"
    if kind in ("maneuver", "strike", "rangestrike"):
        return f"unit:{data['unit']}"
    return None


def hint_stand_ins(data: dict[str, Any], actions: list[dict[str, Any]]) -> list[int]:
    """The choices the map draws for a hinted one it draws only as a button (the map shows a land once, whatever
    the side it is entered by, and a target once, at the lowest strike number): marked on the map with it."""
    same = {"move": ("marker", "land"), "strike": ("unit", "target")}.get(str(data.get("kind")))
    if same is None:
        return []
    return [
        index
        for index, other in enumerate(actions)
        if other.get("kind") == data["kind"] and other != data and all(other.get(k) == data.get(k) for k in same)
    ]


# -- what a battle decision costs (engine/titan/consequences.py), in words -------------------------------------
