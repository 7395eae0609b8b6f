"""How an engagement on the masterboard ends [9, 17, 19]: terms, flight or concession, the winner's points, the
angels, summon and reinforcement it may still take, and a Titan's death with the end of the game.

Every function here takes the state to change in place and writes what happened to the log; the turn around
it (choosing the next engagement, the muster) is `flow.py`, and a battle fought to the end is `battle.py`.
"""

from __future__ import annotations

from collections import Counter

from engine.core.records import NoDecision
from engine.titan import recruiting
from engine.titan.battle_titan.warmongering import (
    Result,
    battle_titan,
    return_to_stock,
    settle,
    take_trophies,
    value,
)
from engine.titan.data import (
    ANGEL,
    ANGEL_EVERY,
    ARCHANGEL,
    ARCHANGEL_EVERY,
    CREATURES,
    LANDS,
    MAX_LEGION,
    TITAN,
    a_name,
    character_value,
)
from engine.titan.flow import after_engagements, engaged_lands, engagement_legions, muster_into, name
from engine.titan.sides import ATTACKER, DEFENDER
from engine.titan.state import Aftermath, Legion, Phase, TitanState

MAX_PROPOSALS = 4  # terms offered in one engagement before the battle is fought (ruling)


def legion_value(legion: Legion, score: int) -> int:
    """The points a legion is worth (its Titan at its owner's current power)."""
    return sum(character_value(character, score) for character in legion.contents)


def _score_of(state: TitanState, legion: Legion) -> int:
    return state.players[legion.owner].score


def proposal_choices(state: TitanState) -> list[tuple[str, tuple[str, ...]]]:
    """(eliminated, losses) terms the decider may propose: either legion or both eliminated, the other losing
    nothing or one character (ruling: terms are kept to these, so a proposal is one decision)."""
    if state.engagement_now().proposals >= MAX_PROPOSALS:
        return []
    attacker, defender = engagement_legions(state)
    terms: list[tuple[str, tuple[str, ...]]] = [("both", ())]
    for eliminated, survivor in ((ATTACKER, defender), (DEFENDER, attacker)):
        terms.append((eliminated, ()))
        for character in sorted(set(survivor.contents)):
            if survivor.height > 1 and character != TITAN:
                terms.append((eliminated, (character,)))
    return terms


def propose(state: TitanState, eliminated: str, losses: tuple[str, ...]) -> None:
    """Terms on the table: the other side may accept them, answer with its own, concede or fight."""
    attacker, defender = engagement_legions(state)
    seat = state.decider
    terms = state.engagement_now()
    terms.proposals, terms.proposer = terms.proposals + 1, seat
    terms.eliminated, terms.losses = eliminated, list(losses)
    state.decider = defender.owner if seat == attacker.owner else attacker.owner
    # The log is everyone's: the terms name characters only the two players have seen, so it says no more.
    state.log.append(f"{name(state, seat)} proposes terms.")


def accept(state: TitanState) -> None:
    """The terms on the table are agreed: they are carried out [9.3]."""
    attacker, defender = engagement_legions(state)
    eliminated, losses = state.engagement_now().eliminated, tuple(state.engagement_now().losses)
    state.log.append(f"{name(state, state.decider)} accepts.")
    land = attacker.land
    everyone = range(state.num_players)
    if eliminated == "both":
        attacker.reveal(everyone)
        defender.reveal(everyone)
        if battle_titan(state):
            _war_without_battle(state, "", "agreement", list(attacker.contents), list(defender.contents))
        remove_legion(state, attacker, slain=True)
        remove_legion(state, defender, slain=True)
        state.log.append(f"Both legions in {land} are eliminated; nobody scores.")
        titans_lost(state, [(attacker.owner, defender.owner), (defender.owner, attacker.owner)])
        after_engagements(state)
        return
    loser, winner = (attacker, defender) if eliminated == ATTACKER else (defender, attacker)
    loser.reveal(everyone)
    given_up = []
    for character in losses:
        if character in winner.contents:
            winner.reveal(everyone, [character])
            winner.remove(character)
            character_gone(state, character, slain=True)
            given_up.append(character)
            state.log.append(f"{winner.marker} gives up its {character}.")
    points = legion_value(loser, _score_of(state, loser))
    if battle_titan(state):
        lost = {attacker.marker: list(attacker.contents), defender.marker: list(defender.contents)}
        lost[winner.marker] = given_up
        winner_side = ATTACKER if winner is attacker else DEFENDER
        points = _war_without_battle(
            state, winner_side, "agreement", lost[attacker.marker], lost[defender.marker], given_up
        )
    finish_engagement(state, winner, loser, points=points, how="agreement")


def flee(state: TitanState) -> None:
    """The defender flees [9.2]: its legion is eliminated and the attacker scores half its value."""
    attacker, defender = engagement_legions(state)
    defender.reveal(range(state.num_players))
    points = legion_value(defender, _score_of(state, defender)) // 2
    state.log.append(f"{name(state, defender.owner)} flees from {defender.land} with {defender.marker}.")
    if battle_titan(state):
        points = _war_without_battle(state, ATTACKER, "flee", [], list(defender.contents))
    finish_engagement(state, attacker, defender, points=points, how="flee")


def concede(state: TitanState) -> None:
    """The decider concedes the engagement [9.4]: its legion goes, the other scores its full value."""
    attacker, defender = engagement_legions(state)
    loser, winner = (attacker, defender) if state.decider == attacker.owner else (defender, attacker)
    loser.reveal(range(state.num_players))
    state.log.append(f"{name(state, loser.owner)} concedes {loser.marker}.")
    entered = state.battle is not None and state.battle.attacker_entered()
    points = legion_value(loser, _score_of(state, loser))
    if battle_titan(state):
        winner_side = ATTACKER if winner is attacker else DEFENDER
        conceded = list(loser.contents)
        points = _war_without_battle(
            state,
            winner_side,
            "concession",
            conceded if loser is attacker else [],
            conceded if loser is defender else [],
        )
    finish_engagement(
        state,
        winner,
        loser,
        points=points,
        how="concession",
        reinforcement=loser is defender or entered,
    )


def _war_without_battle(
    state: TitanState,
    winner_side: str,
    how: str,
    attackers_lost: list[str],
    defenders_lost: list[str],
    given_up: list[str] | None = None,
) -> int:
    """Battle Titan: an engagement settled without a battle (a flight, a concession, terms). Both legions
    took part whole (those of the winner given up by the terms are already gone: `given_up`); the lost are
    killed (trophies for the other side). Scores and records it; returns the winner's points."""
    attacker, defender = engagement_legions(state)
    attacking_score, defending_score = _score_of(state, attacker), _score_of(state, defender)
    whole = {ATTACKER: list(attacker.contents), DEFENDER: list(defender.contents)}
    if winner_side:
        whole[winner_side] += given_up or []
    take_trophies(state, defender.owner, attackers_lost)
    take_trophies(state, attacker.owner, defenders_lost)
    result = Result(
        attacker=attacker.owner,
        defender=defender.owner,
        winner=winner_side,
        how=how,
        attacking=value(whole[ATTACKER], attacking_score),
        enemy=value(whole[DEFENDER], defending_score),
        attackers_killed=value(attackers_lost, attacking_score),
        defenders_killed=value(defenders_lost, defending_score),
    )
    return settle(state, result)


def finish_engagement(
    state: TitanState, winner: Legion, loser: Legion, *, points: int, how: str, reinforcement: bool = True
) -> None:
    """The loser's legion is gone, the winner scores: then what the winner may still take (the aftermath)."""
    land = loser.land
    loser_seat, winner_seat = loser.owner, winner.owner
    if how != "battle" or not loser.contents:  # a slain Titan's survivors leave with him, below [19.4]
        remove_legion(state, loser, slain=True)
    before = state.players[winner_seat].score
    score(state, winner_seat, points)
    earned = angels_earned(before, before + points)  # a dead player's half points never bring angels [19.4]
    state.log.append(f"{winner.marker} wins in {land}; {name(state, winner_seat)} scores {points}.")
    titans_lost(state, [(loser_seat, winner_seat), (winner_seat, loser_seat)])
    if state.phase == Phase.GAME_OVER or winner.marker not in state.legions:
        after_engagements(state)
        return
    # A defender who slew the mover's Titan takes what any winning defender may: the angels his battle points
    # earned, a muster; the mover's turn ends after that (`after_engagements`) [19.3].
    attacker_won = winner_seat == state.mover
    state.aftermath = Aftermath(
        winner=winner.marker,
        angels=earned,
        summon=attacker_won and how != "flee" and not state.summoned,
        reinforce=not attacker_won and reinforcement and not winner.mustered,
    )
    open_aftermath(state)


def score(state: TitanState, seat: int, points: int) -> None:
    """Points for a seat; its Titan's power follows at once."""
    state.players[seat].score += max(0, points)


def angels_earned(before: int, after: int) -> list[str]:
    """One angel per multiple of 100 reached or passed; an Archangel for a multiple of 500 [17]."""
    earned = []
    for mark in range((before // ANGEL_EVERY + 1) * ANGEL_EVERY, after + 1, ANGEL_EVERY):
        earned.append(ARCHANGEL if mark % ARCHANGEL_EVERY == 0 else ANGEL)
    return earned


# -- the aftermath: summon, reinforcement, angels -------------------------------------------------------------------


def summon_donors(state: TitanState, winner: Legion) -> list[tuple[str, str]]:
    """(donor marker, angel) the winner may summon from: the owner's other legions not in an engagement."""
    engaged = engaged_lands(state)
    donors = []
    for legion in state.legions_of(winner.owner):
        if legion is winner or legion.land in engaged:
            continue
        for angel in (ANGEL, ARCHANGEL):
            if angel in legion.contents:
                donors.append((legion.marker, angel))
    return donors


def acquirable(state: TitanState) -> list[str]:
    """The angels the winner may take now, in any order: an Archangel while a multiple of 500 is still owed,
    an Angel while any multiple is (an Angel may stand in for the Archangel) [17]; the stock allowing."""
    owed = state.aftermath.angels if isinstance(state.aftermath, Aftermath) else []
    if not owed:
        return []
    winner = state.legions.get(state.aftermath_now().winner)
    if winner is None or (winner.height >= MAX_LEGION and not eight_strong(state, winner)):
        return []
    options = [ARCHANGEL] if ARCHANGEL in owed else []
    return [angel for angel in [*options, ANGEL] if state.stock[angel] > 0]


def eight_strong(state: TitanState, winner: Legion) -> bool:
    """Battle Titan: the winner is a spawned legion still eight strong after its attack; it will give a character
    back (`respawn.after_the_attack`), so an angel it earned may take the place of one (`acquire_instead`)."""
    return battle_titan(state) and winner.height > MAX_LEGION


def instead_choices(state: TitanState) -> list[tuple[str, str]]:
    """(angel, character) a spawned eight may take an angel in place of: any of its characters but the Titan and
    the same angel (that would only give one more back)."""
    winner = _winner(state)
    if winner is None or not eight_strong(state, winner):
        return []
    characters = sorted({name for name in winner.contents if name != TITAN})
    return [(angel, name) for angel in acquirable(state) for name in characters if name != angel]


def _winner(state: TitanState) -> Legion | None:
    """The engagement's winning legion, while it may still take something."""
    return state.legions.get(state.aftermath.winner) if isinstance(state.aftermath, Aftermath) else None


def aftermath_open(state: TitanState) -> bool:
    """Whether the winner still has something to decide."""
    winner = _winner(state)
    if winner is not None and eight_strong(state, winner):
        return bool(acquirable(state))  # no room to summon or muster: only an angel in place of a character
    if winner is None or winner.height >= MAX_LEGION:
        return False
    if state.aftermath_now().summon and summon_donors(state, winner):
        return True
    if state.aftermath_now().reinforce and reinforcement_choices(state):
        return True
    return bool(acquirable(state))


def open_aftermath(state: TitanState) -> None:
    """Ask the winner what it takes, or go on to the next engagement if there is nothing to take."""
    if aftermath_open(state):
        state.phase = Phase.AFTERMATH
        state.decider = state.legions[state.aftermath_now().winner].owner
    else:
        after_engagements(state)


def reinforcement_choices(state: TitanState) -> list[str]:
    """What the winning defender may muster after the battle (as on his land)."""
    winner = state.legions[state.aftermath_now().winner]
    if winner.height >= MAX_LEGION or winner.mustered:
        return []
    terrain = LANDS[winner.land].terrain
    return [m.recruit for m in recruiting.musters(terrain, winner.contents, state.stock)]


def summon(state: TitanState, donor: str, angel: str) -> None:
    """An angel joins the winning legion from another of its owner's legions (or the summon is declined)."""
    state.aftermath_now().summon = False
    if not donor:
        open_aftermath(state)
        return
    winner = state.legions[state.aftermath_now().winner]
    giver = state.legions[donor]
    giver.reveal(range(state.num_players), [angel])
    giver.remove(angel)
    winner.add(angel)
    winner.reveal(range(state.num_players), [angel])
    state.summoned = True
    state.log.append(f"{winner.marker} summons the {angel} of {donor}.")
    if not giver.contents:
        remove_legion(state, giver, slain=False)
    open_aftermath(state)


def reinforce(state: TitanState, creature: str) -> None:
    """The winning defender musters after the battle (or declines)."""
    state.aftermath_now().reinforce = False
    if creature:
        winner = state.legions[state.aftermath_now().winner]
        muster_into(state, winner, creature)
    open_aftermath(state)


def acquire(state: TitanState, angel: str) -> None:
    """The winner takes one of the angels its points earned, or declines the rest (they cannot wait) [17].

    Each multiple passed gives one angel, taken or not in any combination: an Archangel uses up a multiple
    of 500; an Angel a multiple of 100 that is not one of 500 if one is left, else a multiple of 500 (so
    what the others may still bring is kept)."""
    if not angel:
        state.aftermath_now().angels = []
        open_aftermath(state)
        return
    winner = state.legions[state.aftermath_now().winner]
    owed = list(state.aftermath_now().angels)
    owed.remove(ANGEL if angel == ANGEL and ANGEL in owed else ARCHANGEL)
    state.aftermath_now().angels = owed
    state.stock[angel] -= 1
    winner.add(angel)
    winner.reveal(range(state.num_players), [angel])
    state.log.append(f"{winner.marker} takes {a_name(angel)}.")
    open_aftermath(state)


def acquire_instead(state: TitanState, angel: str, instead_of: str) -> None:
    """Battle Titan: the spawned eight take an angel their points earned in place of one of their characters, the
    player's choice, which goes back to the stock (returned, not retired); still eight strong, they give back
    their least valuable character after the engagement, as ever (this edition's reading of the house rules)."""
    winner = state.legions[state.aftermath_now().winner]
    winner.remove(instead_of)
    return_to_stock(state, [instead_of], f"leaves {winner.marker} for the {angel}")
    acquire(state, angel)


# -- removing characters and legions, a Titan's death ---------------------------------------------------------------


def character_gone(state: TitanState, character: str, *, slain: bool) -> None:
    """A character leaves the board: Angels, Archangels, Guardians and Warlocks back to the stock, the others
    out of the game (the Titan is never replaced) [9.5, 12.6]."""
    if character == TITAN:
        return
    if CREATURES[character].returns_to_stock or not slain:
        state.stock[character] += 1
    else:
        state.slain[character] = state.slain.get(character, 0) + 1


def remove_legion(state: TitanState, legion: Legion, *, slain: bool) -> None:
    """A legion leaves the board with all its characters; its marker is free again."""
    for character in legion.contents:
        character_gone(state, character, slain=slain)
    del state.legions[legion.marker]
    state.players[legion.owner].free_marker(legion.marker)


def titans_lost(state: TitanState, deaths: list[tuple[int, int]]) -> None:
    """Each (seat, slayer) pair whose seat's Titan just went: that player is out [19].

    The dead player's other legions go: each gives half its value to the player whose legion it was
    engaged with, otherwise to the slayer, halved and rounded down per receiver, and never brings angels;
    the slayer takes the dead player's markers [19.4]. The game ends when one Titan (or none) is left.
    """
    if battle_titan(state):
        return  # nobody is ever out: a player without a Titan plays on (Battle Titan's point 4)
    dead = [(seat, slayer) for seat, slayer in deaths if state.players[seat].alive and not _has_titan(state, seat)]
    if not dead:
        return
    dead_seats = {seat for seat, _slayer in dead}
    for seat, slayer in dead:
        player = state.players[seat]
        player.alive = False
        state.log.append(f"{name(state, seat)}'s Titan is dead: {name(state, seat)} is out of the game.")
        owed: Counter[int] = Counter()
        for legion in state.legions_of(seat):
            others = [lg.owner for lg in state.legions_on(legion.land) if lg.owner != seat]
            receiver = others[0] if others else slayer
            if receiver >= 0 and receiver not in dead_seats and state.players[receiver].alive:
                owed[receiver] += legion_value(legion, player.score)
            legion.reveal(range(state.num_players))
            remove_legion(state, legion, slain=True)
        for receiver, total in sorted(owed.items()):
            score(state, receiver, total // 2)
            state.log.append(f"{name(state, receiver)} scores {total // 2} for {name(state, seat)}'s legions.")
        if slayer >= 0 and state.players[slayer].alive:
            state.players[slayer].free_markers = sorted(state.players[slayer].free_markers + player.free_markers)
            player.free_markers = []
    alive = [seat for seat, player in enumerate(state.players) if player.alive]
    if len(alive) <= 1:
        state.winner = alive[0] if alive else -2
        state.phase = Phase.GAME_OVER
        state.engagement, state.aftermath, state.battle = NoDecision(), NoDecision(), None
        state.log.append(
            f"{name(state, alive[0])} wins the game: the last Titan standing." if alive else "The game is a draw."
        )


def _has_titan(state: TitanState, seat: int) -> bool:
    return any(legion.has_titan for legion in state.legions_of(seat))
