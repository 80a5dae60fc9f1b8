"""The turn: the five actions in order, the spell and ability windows, and the driver.

Guide "On your turn": 1 draw a spell card, 2 choose an army card, 3 move, 4 attack (optional),
5 move the turn marker. Phases of a turn (``state.phase``):

- ``turn_start`` (automatic): start-of-turn effects (Glyph of Healing, triggers on
  `TurnStarted`);
- ``draw`` (automatic): action 1. Only with your Planeswalker on the battlefield; an empty
  library draws nothing; in a two-player game the first player skips the draw on turn 1
  (in multiplayer and team games they draw: guide "Playing the multiplayer game");
- ``choose``: action 2 (`ChooseCard`);
- ``pre_move``: after choosing, before moving: summoning (Planeswalker chosen), activated
  abilities, spells;
- ``move``: action 3 under way (`MoveFigure` for each figure once; `EndMove` or the first
  `Attack` ends it);
- ``post_move``: between moving and attacking (activated abilities);
- ``attack``: action 4 under way (`Attack`; `EndAttack`, a spell or an ability ends it);
- ``post_attack``: after attacking (spells, activated abilities);
- ``end``, ``hand_limit``, ``end_marker`` (automatic): end-of-turn triggers, the hand limit
  (a ``discard`` decision when over seven), then action 5 and the next player.

`EndTurn` is legal in every player phase (doing nothing more is always allowed).

Spells (guide Action 1): up to three a turn, only on your turn, only with your Planeswalker on
the battlefield, and only after action 1 and before action 3 (``choose``, ``pre_move``) or
after action 4 and before action 5 (``attack``, which it ends, and ``post_attack``).
Activated abilities (guide Action 2; reference manual "Activated abilities") only of the
chosen army card, and only before moving, between moving and attacking, or after attacking
(``pre_move``, ``post_move``, ``post_attack``; in ``move`` or ``attack`` using one ends that
step). The actions themselves come from registered action sources.

The next player is the next seat to the left; a player whose Planeswalker and whole army on
the battlefield are gone is skipped (their skipped turn does not move the turn marker).
"""

from __future__ import annotations

from dataclasses import replace

from arena.engine import combat, glyphs, move_action, setup, summon, victory
from arena.engine.actions import (
    Action,
    Attack,
    BeginSummon,
    ChooseCard,
    Discard,
    EndAttack,
    EndMove,
    EndTurn,
    MoveFigure,
    PlaySpell,
    UseAbility,
)
from arena.engine.context import Ctx
from arena.engine.effects import discard_spell, draw_card
from arena.engine.errors import IllegalAction
from arena.engine.events import (
    AbilityUsed,
    ArmyCardChosen,
    EndOfTurnReached,
    PlayerSkipped,
    SpellPlayed,
    StepEnded,
    TurnEnded,
    TurnMarkerAdvanced,
    TurnStarted,
)
from arena.engine.state import (
    HAND_LIMIT,
    SPELLS_PER_TURN,
    Decision,
    GameState,
    TurnState,
)
from arena.engine.vocab import ABILITY_PHASES, ATTACK_PHASES, MOVE_PHASES, SPELL_PHASES, Phase

__all__ = [
    "advance",
    "apply_turn_action",
    "can_play_spell_now",
    "can_use_ability_now",
    "choosable_cards",
    "discard_apply",
    "discard_legal",
    "extension_actions",
    "legal_turn_actions",
]



# --- windows -------------------------------------------------------------------------------


def can_play_spell_now(state: GameState, player: int) -> bool:
    """Whether ``player`` may play a spell card now (see the module docstring)."""
    return (
        state.outcome is None
        and not state.pending
        and player == state.active
        and state.phase in SPELL_PHASES
        and state.has_planeswalker(player)
        and state.turn_state.spells_played < SPELLS_PER_TURN
    )


def can_use_ability_now(state: GameState, player: int) -> bool:
    """Whether ``player`` may use an activated ability of the chosen army card now."""
    return (
        state.outcome is None
        and not state.pending
        and player == state.active
        and state.phase in ABILITY_PHASES
        and state.turn_state.chosen is not None
    )


def choosable_cards(state: GameState, player: int) -> list[str]:
    """Guide Action 2: "any one of your army cards" -- those in play with a figure on the
    battlefield (a card whose figures are all in reserve or the graveyard has nothing to do).
    """
    out = []
    filters = state.static.rules.choice_filters
    for uid in state.static.players[player].cards:
        if state.cards[uid].zone != "play":
            continue
        if not all(allowed(state, player, uid) for allowed in filters):
            continue  # an effect forbids it (Detain)
        if any(state.figures[f].zone == "battlefield" for f in state.static.cards[uid].figures):
            out.append(uid)
    return out


# --- legal actions -------------------------------------------------------------------------


def extension_actions(state: GameState, player: int) -> list[Action]:
    """The spells ``player`` may play and the abilities of the chosen card they may use now
    (no moves: cheap; the AI's quick policy asks it). Kept in the state's cache: the AI asks
    before trying an action and the rules ask again to check it. The turn's step and the
    player on turn change without dropping the cache, so they are part of the key."""
    known: dict[tuple[object, ...], list[Action]] = state.cache.setdefault(
        "extension_actions", {})
    key = (player, state.phase, state.active, state.turn, state.stack, len(state.pending),
           state.outcome is None)
    found = known.get(key)
    if found is None:
        found = known[key] = _extension_actions(state, player)
    return list(found)


def _extension_actions(state: GameState, player: int) -> list[Action]:
    out: list[Action] = []
    spells = can_play_spell_now(state, player)
    abilities = can_use_ability_now(state, player)
    if not (spells or abilities):
        return out
    for source in state.static.rules.action_sources:
        for action in source.legal(state, player):
            spell_ok = (isinstance(action, PlaySpell) and spells
                        and _spell_in_hand(state, player, action))
            ability_ok = (isinstance(action, UseAbility) and abilities
                          and action.card == state.turn_state.chosen)
            if spell_ok or ability_ok:
                out.append(action)
    return out


def _spell_in_hand(state: GameState, player: int, action: PlaySpell) -> bool:
    return action.spell in state.players[player].hand


def legal_turn_actions(state: GameState) -> list[Action]:
    """Legal actions of the active player in a player phase (no decision pending)."""
    phase = state.phase
    player = state.active
    out: list[Action] = []
    if phase == Phase.CHOOSE:
        out.extend(ChooseCard(c) for c in choosable_cards(state, player))
    else:
        ts = state.turn_state
        if phase == Phase.PRE_MOVE:
            out.extend(BeginSummon(c) for c in summon.summonable_cards(state))
        if phase in MOVE_PHASES:
            out.extend(move_action.move_actions(state))
            out.append(EndMove())
        if phase in ATTACK_PHASES and ts.chosen is not None:
            out.extend(combat.attack_actions(state))
        if phase in (Phase.POST_MOVE, Phase.ATTACK):
            out.append(EndAttack())
    out.extend(extension_actions(state, player))
    out.append(EndTurn())
    return out


# --- applying ------------------------------------------------------------------------------


def apply_turn_action(ctx: Ctx, action: Action) -> None:
    """Apply an action of the active player in a player phase (raises `IllegalAction`)."""
    state = ctx.state
    phase = state.phase
    if isinstance(action, ChooseCard):
        if phase != Phase.CHOOSE:
            raise IllegalAction(action, "an army card is chosen once, at the start of the turn")
        if action.card not in choosable_cards(state, state.active):
            raise IllegalAction(action, "not one of your army cards with figures on the "
                                        "battlefield")
        state.set_turn(chosen=action.card)
        state.phase = Phase.PRE_MOVE
        ctx.emit(ArmyCardChosen(state.active, action.card,
                                state.static.card_def(action.card).name))
    elif isinstance(action, BeginSummon):
        summon.begin(ctx, action)
    elif isinstance(action, MoveFigure):
        move_action.apply_move(ctx, action)
    elif isinstance(action, EndMove):
        if phase not in MOVE_PHASES:
            raise IllegalAction(action, "moving is already over")
        state.phase = Phase.POST_MOVE
        ctx.emit(StepEnded(state.active, "moving"))
    elif isinstance(action, Attack):
        combat.apply_attack(ctx, action)
    elif isinstance(action, EndAttack):
        if phase not in (Phase.POST_MOVE, Phase.ATTACK):
            raise IllegalAction(action, "not attacking now")
        state.phase = Phase.POST_ATTACK
        ctx.emit(StepEnded(state.active, "attacking"))
    elif isinstance(action, EndTurn):
        state.phase = Phase.END
    elif isinstance(action, (PlaySpell, UseAbility)):
        _apply_extension(ctx, action)
    else:
        raise IllegalAction(action, f"not an action for the {phase} step")


def _apply_extension(ctx: Ctx, action: PlaySpell | UseAbility) -> None:
    state = ctx.state
    player = state.active
    offered = extension_actions(state, player)
    if action not in offered:
        if isinstance(action, PlaySpell) and not can_play_spell_now(state, player):
            raise IllegalAction(action, "spells may be played only on your turn, with your "
                                        "Planeswalker on the battlefield, before moving or "
                                        "after attacking, three a turn")
        if isinstance(action, UseAbility) and not can_use_ability_now(state, player):
            raise IllegalAction(action, "activated abilities only of the chosen card, before "
                                        "moving, between moving and attacking, or after "
                                        "attacking")
        raise IllegalAction(action, "not offered now")
    if state.phase == Phase.MOVE:
        state.phase = Phase.POST_MOVE
        ctx.emit(StepEnded(player, "moving"))
    elif state.phase == Phase.ATTACK:
        state.phase = Phase.POST_ATTACK
        ctx.emit(StepEnded(player, "attacking"))
    if isinstance(action, PlaySpell):
        p = state.players[player]
        hand = list(p.hand)
        hand.remove(action.spell)
        state.set_player(player, replace(p, hand=tuple(hand)))
        state.stack = (*state.stack, action.spell)
        state.set_turn(spells_played=state.turn_state.spells_played + 1)
        d = state.static.spell_def(action.spell)
        ctx.emit(SpellPlayed(player, action.spell, state.static.spell_name(action.spell),
                             action.targets, d is not None and d.type == "hidden_enchantment"))
    else:
        ctx.emit(AbilityUsed(player, action.card, action.ability, action.targets))
    for source in state.static.rules.action_sources:
        if source.apply(ctx, action):
            break
    if isinstance(action, PlaySpell) and action.spell in state.stack and not state.pending:
        # A spell its source left on the stack (a sorcery that resolved) goes to the graveyard
        # -- unless it is still resolving (a decision pending: its source finishes it).
        state.stack = tuple(s for s in state.stack if s != action.spell)
        q = state.players[player]
        state.set_player(player, replace(q, graveyard=(*q.graveyard, action.spell)))


# --- hand limit ----------------------------------------------------------------------------


def discard_legal(state: GameState, decision: Decision) -> list[Action]:
    """Guide "Spell card hand limit": the player chooses which cards to discard."""
    return [Discard(s) for s in state.players[decision.player].hand]


def discard_apply(ctx: Ctx, decision: Decision, action: Action) -> None:
    """Discard one card; the decision stays until the hand is down to seven."""
    assert isinstance(action, Discard)
    discard_spell(ctx, decision.player, action.spell, "hand limit")
    if len(ctx.state.players[decision.player].hand) <= HAND_LIMIT:
        ctx.pop()


# --- the driver ----------------------------------------------------------------------------


def advance(ctx: Ctx) -> bool:
    """Run one automatic step, if the phase has one; False in a player phase."""
    state = ctx.state
    phase = state.phase
    if phase == Phase.SETUP_PLACE:
        if state.setup_queue:
            ctx.push(setup.placement_decision(state, state.setup_queue[0]))
        else:
            setup.deal_hands(ctx)
            state.active = state.first_player
            state.phase = Phase.TURN_START
        return True
    if phase == Phase.TURN_START:
        state.turn_state = TurnState()
        state.cache.clear()
        ctx.emit(TurnStarted(state.active, state.turn))
        glyphs.start_of_turn(ctx, state.active)
        state.phase = Phase.DRAW
        return True
    if phase == Phase.DRAW:
        first_duel_turn = state.turn == 1 and len(state.static.seats) == 2
        if not first_duel_turn:
            draw_card(ctx, state.active, "action 1")
        state.phase = Phase.CHOOSE
        return True
    if phase == Phase.END:
        ctx.emit(EndOfTurnReached(state.active, state.turn))
        state.phase = Phase.HAND_LIMIT
        return True
    if phase == Phase.HAND_LIMIT:
        state.phase = Phase.END_MARKER
        over = len(state.players[state.active].hand) - HAND_LIMIT
        if over > 0:
            ctx.push(Decision("discard", state.active,
                              f"Discard {over} spell card(s) down to {HAND_LIMIT}"))
        return True
    if phase == Phase.END_MARKER:
        ctx.emit(TurnEnded(state.active, state.turn))
        if state.turn >= state.static.turn_limit:
            victory.end_at_turn_limit(ctx)
            return True
        state.turn += 1
        ctx.emit(TurnMarkerAdvanced(state.turn))
        _next_player(ctx)
        state.phase = Phase.TURN_START
        return True
    return False


def _next_player(ctx: Ctx) -> None:
    state = ctx.state
    order = setup.turn_order(state.static, state.active)
    for seat in (*order[1:], order[0]):
        if state.is_eliminated(seat):
            ctx.emit(PlayerSkipped(seat, "their Planeswalker and army are gone"))
            continue
        state.active = seat
        return
