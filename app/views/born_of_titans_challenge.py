"""Born of Titans' rolls on the page: a Challenge (each roll's dice with the Successes marked, the running total
against the number needed, committed Prophecy, the Divine powers in force), a Move roll and its Courses, and the
moment to react (what just happened, and who is asked)."""

from __future__ import annotations

from typing import Any

from app.markup import esc
from app.views.born_of_titans_words import ATTRIBUTES, chip, courses, hero, hero_and_player, name_of, successes

SUCCESS = 4  # a die showing 4-6 is a Success


def die(value: int, *, fresh: bool = False) -> str:
    """One die: its number, a Success filled and ticked (never colour alone)."""
    hit = value >= SUCCESS
    classes = "bt-die" + (" is-success" if hit else "") + (" is-fresh" if fresh else "")
    tick = "<i aria-hidden='true'>✓</i>" if hit else ""
    return f"<span class='{classes}'>{int(value)}{tick}</span>"


def dice_row(values: list[int], *, fresh: bool = False) -> str:
    count = sum(1 for v in values if v >= SUCCESS)
    words = f"{', '.join(str(int(v)) for v in values)}: {successes(count)}" if values else "no dice"
    return (
        f"<span class='bt-dice' role='img' aria-label='{esc(words)}'>{''.join(die(v, fresh=fresh) for v in values)}"
        f"</span><b class='bt-roll-count'>{esc(successes(count))}</b>"
    )


def crew_dice_row(values: list[int]) -> str:
    """A die of Crew (Crew for Hire, the Dragon's Teeth): its number is the Crew it brings; no Successes."""
    words = ", ".join(f"{int(v)} Crew" for v in values) or "no dice"
    faces = "".join(f"<span class='bt-die'>{int(v)}</span>" for v in values)
    return f"<span class='bt-dice' role='img' aria-label='{esc(words)}'>{faces}</span>"


def _powers(challenge: dict[str, Any]) -> list[str]:
    """What is in force in this Challenge beyond the plain roll."""
    powers = []
    if challenge.get("committed"):
        committed = int(challenge["committed"])
        powers.append(f"{committed} Prophecy committed: +{committed} dice a roll, spent when the Challenge ends")
    if challenge.get("athena_dice"):
        powers.append(f"Athena: +{int(challenge['athena_dice'])} dice a roll")
    if challenge.get("any_attribute"):
        powers.append("Athena's pair: any attribute against any usable number")
    kills = int(challenge.get("kills") or 1)
    if kills > 1:
        powers.append(f"{'Ares' if kills == 2 else 'Ares pair'}: each miss kills {kills} Crew")
    if challenge.get("lion_skin"):
        powers.append("Nemean Lion Skin: no more Crew killed in this Challenge")
    return powers


def _numbers(challenge: dict[str, Any]) -> str:
    numbers = challenge.get("numbers") or {}
    chosen = challenge.get("attribute")
    cells = []
    for attribute in ATTRIBUTES:
        value = numbers.get(attribute)
        shown = "—" if value is None else str(int(value))
        mark = " is-chosen" if attribute == chosen else (" is-unusable" if value is None else "")
        words = f"{attribute.title()}: " + ("not usable" if value is None else f"{shown} Successes")
        cells.append(
            f"<li class='bt-number{mark}' aria-label='{esc(words)}'><span>{attribute.title()}</span><b>{shown}</b></li>"
        )
    return f"<ul class='bt-numbers'>{''.join(cells)}</ul>"


def challenge_panel(view: dict[str, Any], selected: str | None = None, *, rolled: bool = False) -> str:
    """The Challenge under way: the foe, its numbers, the running total against the number needed, each roll."""
    challenge = view.get("challenge")
    if not challenge:
        return ""
    who = hero(view, challenge.get("seat"))
    foe = str(challenge.get("foe") or "")
    foe_name = str(challenge.get("foe_name") or name_of(foe))
    needed = int(challenge.get("needed") or 0)
    got = int(challenge.get("successes") or 0)
    attribute = challenge.get("attribute")
    rolls = list(challenge.get("rolls") or [])
    pending = bool(challenge.get("pending"))  # the last roll waits for its moment to react before it counts
    rows = "".join(
        f"<li><span class='bt-roll-no'>Roll {number}</span>"
        f"{dice_row(list(values), fresh=rolled and number == len(rolls))}"
        + ("<span class='bt-pending'>counts once the moment passes</span>" if pending and number == len(rolls) else "")
        + "</li>"
        for number, values in enumerate(rolls, 1)
    )
    by = f" by {esc(str(attribute).title())}" if attribute else " (attribute not chosen yet)"
    against = challenge.get("monster_attribute")
    if attribute and against and against != attribute:  # Athena's pair: her attribute against another number
        by += f" against its {esc(str(against).title())}"
    width = 0 if needed <= 0 else min(100, round(100 * got / needed))
    powers = "".join(f"<li>{esc(p)}</li>" for p in _powers(challenge))
    return (
        f"<section class='bt-challenge' aria-label='Challenge'><h2>{esc(who)} against "
        f"{chip(foe, label=foe_name, selected=selected == f'counter:{foe}')}</h2>"
        f"{_numbers(challenge)}"
        f"<p class='bt-total'><b>{got}</b> of <b>{needed or '?'}</b> Successes{by}</p>"
        f"<span class='bt-bar' aria-hidden='true'><span style='width:{width}%'></span></span>"
        + (f"<ol class='bt-rolls'>{rows}</ol>" if rows else "<p class='bt-none'>No roll yet.</p>")
        + (f"<ul class='bt-powers'>{powers}</ul>" if powers else "")
        + "</section>"
    )


def ended_words(view: dict[str, Any], ended: dict[str, Any]) -> tuple[str, str]:
    """What the Challenge just over came to, as (heading, sentence)."""
    who = hero(view, ended.get("seat"))
    foe = str(ended.get("foe_name") or name_of(ended.get("foe")))
    total = f"{int(ended.get('successes') or 0)} of {int(ended.get('needed') or 0)} Successes"
    outcome = ended.get("outcome")
    if outcome == "won" and ended.get("foe_kind") == "quest":
        count = int(ended.get("quests") or 0)
        return "Quest completed", f"{who} completes {foe}: {count} of 3 Quests."
    if outcome == "won":
        onward = " and may sail on" if ended.get("foe_kind") == "sea_monster" else ""
        return "Challenge won", f"{who} defeats {foe}{onward} ({total})."
    if outcome == "defeated":
        return "Defeated", f"{who} is Defeated by {foe} ({total})."
    return "Retreat", f"{who} retreats from {foe} at {total}."


def roll_strip(view: dict[str, Any], *, rolled: bool = False) -> str:
    """The last roll and the running total in one short strip, shown where the choices cannot cover it (on a phone
    docked right above them) while a Challenge has rolled: 'Roll again / Retreat' is never chosen blind. After the
    Challenge it keeps its last roll and says what it came to (a completed Quest announced) until the next
    decision."""
    challenge = view.get("challenge")
    if challenge and challenge.get("rolls"):
        rolls = list(challenge.get("rolls") or [])
        last = list(challenge.get("last_roll") or rolls[-1])
        hits = sum(1 for v in last if v >= SUCCESS)
        got, needed = int(challenge.get("successes") or 0), int(challenge.get("needed") or 0)
        pending = bool(challenge.get("pending"))
        total = (
            f"<b>{got + hits}</b> of <b>{needed or '?'}</b> once the moment passes"
            if pending
            else f"<b>{got}</b> of <b>{needed or '?'}</b> Successes"
        )
        foe = str(challenge.get("foe_name") or name_of(challenge.get("foe")))
        return (
            f"<section class='bt-strip' aria-label='The last roll and the total' aria-live='polite'>"
            f"<p class='bt-strip-head'>Roll {len(rolls)} against {esc(foe)}: <span class='bt-strip-total'>{total}"
            f"</span></p><p class='bt-strip-roll'>{dice_row(last, fresh=rolled)}</p></section>"
        )
    moment = view.get("moment") or {}
    move = view.get("move") or {}
    if view.get("phase") == "react" and moment.get("kind") == "move_roll" and move:
        # a Move roll's moment (Muses, Fates, Poseidon): its dice, which the choices name by what they show
        who = hero(view, view.get("mover"))
        return (
            f"<section class='bt-strip' aria-label='The Move roll' aria-live='polite'>"
            f"<p class='bt-strip-head'>{esc(who)}'s Move roll: <span class='bt-strip-total'><b>"
            f"{esc(courses(int(move.get('courses') or 0)))}</b></span></p>"
            f"<p class='bt-strip-roll'>{dice_row(list(move.get('dice') or []), fresh=rolled)}</p></section>"
        )
    ended = view.get("ended")
    if not ended:
        return ""
    heading, sentence = ended_words(view, ended)
    quest = " is-quest" if ended.get("outcome") == "won" and ended.get("foe_kind") == "quest" else ""
    last = list(ended.get("last_roll") or [])
    roll = f"<p class='bt-strip-roll'>{dice_row(last)}</p>" if last else ""
    return (
        f"<section class='bt-strip bt-ended{quest}' aria-label='{esc(heading)}' aria-live='polite'>"
        f"<p class='bt-strip-head'><b>{esc(heading)}</b> {esc(sentence)}</p>{roll}</section>"
    )


def move_panel(view: dict[str, Any], *, rolled: bool = False) -> str:
    """The Move roll: the Navigation dice, the Successes, the Courses to spend."""
    move = view.get("move")
    if not move:
        return ""
    who = hero(view, view.get("mover"))
    return (
        f"<section class='bt-move' aria-label='Move roll'><h2>{esc(who)}'s Move</h2>"
        f"<p>{dice_row(list(move.get('dice') or []), fresh=rolled)}</p>"
        f"<p class='bt-total'><b>{esc(courses(int(move.get('courses') or 0)))}</b> to spend: 1 a sea segment, 2 a "
        "land segment (2 each with no Crew). A Site stops the Move.</p></section>"
    )


CREW_DICE = {"crew_for_hire": "Crew for Hire", "dragons_teeth": "the Dragon's Teeth"}  # a die of Crew (ruling 27)


def moment_words(view: dict[str, Any]) -> str:
    """What just happened, in one sentence: 'Cyrene rolled 1 Success: 4 of 7 against Defeat Medusa.'"""
    moment = view.get("moment") or {}
    kind = moment.get("kind")
    challenge = view.get("challenge") or {}
    owner = hero(view, moment.get("roll_owner") if moment.get("roll_owner") is not None else view.get("mover"))
    foe = str(challenge.get("foe_name") or name_of(challenge.get("foe")))
    if kind == "challenge_start":
        return f"{hero(view, challenge.get('seat'))} begins a Challenge against {foe}."
    if kind == "challenge_roll":
        last = list(challenge.get("last_roll") or [])
        hits = sum(1 for v in last if v >= SUCCESS)
        total = int(challenge.get("successes") or 0) + (hits if challenge.get("pending", True) else 0)
        return f"{owner} rolled {successes(hits)}: {total} of {int(challenge.get('needed') or 0)} against {foe}."
    if kind == "move_roll":
        return f"{owner} rolled {courses(int((view.get('move') or {}).get('courses') or 0))} for a Move."
    if kind in CREW_DICE:
        die = int((list(moment.get("dice") or []) or [0])[0])
        return f"{owner} rolled {die} for {CREW_DICE[kind]}: that many Crew, at most six."
    if kind == "turn_end":
        return f"{hero(view, view.get('mover'))}'s turn ends."
    return "A moment to play Divine counters."


def moment_panel(view: dict[str, Any]) -> str:
    """The moment to react: what happened, and who may now play a Divine counter. The words are the same whoever
    is asked and whatever she holds (nothing tells who holds what)."""
    moment = view.get("moment")
    if not moment or view.get("phase") != "react":
        return ""
    asked = moment.get("asked")
    roll = ""
    if moment.get("kind") == "challenge_roll":
        roll = f"<p>{dice_row(list((view.get('challenge') or {}).get('last_roll') or []))}</p>"
    elif moment.get("kind") == "move_roll":
        roll = f"<p>{dice_row(list((view.get('move') or {}).get('dice') or []))}</p>"
    elif moment.get("kind") in CREW_DICE:
        roll = f"<p>{crew_dice_row(list(moment.get('dice') or []))}</p>"
    who = "You" if asked is not None and asked == view.get("seat") else hero_and_player(view, asked)
    return (
        f"<section class='bt-moment' aria-live='polite'><h2>A moment to react</h2><p class='bt-happened'>"
        f"{esc(moment_words(view))}</p>{roll}<p>{esc(who)} may play a Divine counter now, or pass.</p></section>"
    )
