"""The effect primitives whose result lasts past their resolution: a countered spell, control
of a figure and a turn taken with another's Planeswalker, stat changes and switches, extra
attacks, counters, a moved enchantment and a detained squad. What they leave behind is kept
in the state's typed lasting records (`arena.engine.lasting_records`, kept up to date by
`arena.engine.abilities.lasting`); `arena.engine.abilities.primitives` registers them."""

from __future__ import annotations

from dataclasses import replace

from arena.engine import counters as card_counters
from arena.engine.abilities import lasting
from arena.engine.abilities.events import (
    ControlChanged,
    EffectApplied,
    EnchantmentMoved,
    TurnTakenWith,
)
from arena.engine.abilities.params import (
    AddCounter,
    CounterSpell,
    EffectSpec,
    ExtraAttack,
    ForbidChoice,
    GainControl,
    Modify,
    ModifyDuration,
    SwitchStats,
)
from arena.engine.abilities.runtime import Runtime
from arena.engine.abilities.selectors import (
    card_kinds,
    card_matches,
)
from arena.engine.abilities.spec import is_continuous, spell_spec
from arena.engine.abilities.targets import figure_names, figure_targets
from arena.engine.context import Ctx
from arena.engine.lasting_records import (
    ControlGrant,
    CounteredSpell,
    Detention,
    StatChange,
    StatSwitch,
    StolenTurn,
    Until,
)
from arena.engine.state import Attachment, TurnState
from arena.engine.vocab import Phase, Stat

__all__ = [
    "add_counter", "counter_spell", "counterable", "end_stolen_turn", "enchantment_targets",
    "extra_attack", "forbid_choice", "gain_control", "lasting_targets", "modify",
    "move_enchantment", "switch_stats", "take_turn_with",
]


# --- spells and control --------------------------------------------------------------------


def counter_spell(rt: Runtime, effect: EffectSpec) -> None:
    """Counter the spell being played: it has no effect, goes to its owner's graveyard and
    counts as not played (no ``spell_played`` triggers). On a hidden enchantment that flips
    when an opponent plays a spell (``spell_played``) or an enchantment
    (``enchantment_played``), even a face-down hidden one::

        {effect: counter_spell, spell_type: enchantment}            # Scatter Arc
    """
    spell = rt.scope.countering
    if spell is None or not counterable(rt, effect):
        return
    lasting.add_countered(rt.state, CounteredSpell(spell, rt.scope.label))


def counterable(rt: Runtime, effect: EffectSpec) -> bool:
    spell = rt.scope.countering
    if spell is None:
        return False
    if spell not in rt.state.static.spells:
        return True  # a card this player view cannot identify (an AI looking ahead)
    d = rt.state.static.spell_def(spell)
    wanted = effect.of(CounterSpell).spell_type
    if d is None or wanted == "any":
        return d is not None
    if wanted == "enchantment":
        return d.type in ("aura", "hidden_enchantment")
    return bool(d.type == wanted)


def gain_control(rt: Runtime, effect: EffectSpec) -> None:
    """Take control of figures: they are friendly to you, move and attack on your turn
    besides your chosen card's figures, and their card's activated abilities cannot be used;
    control returns at the end of this turn (or of your next turn)::

        {effect: gain_control, select: {relation: opposing, card_kind: [squad, hero]}}
    """
    state = rt.state
    until = (Until.NEXT_TURN if effect.of(GainControl).duration == "until_end_of_next_turn"
             else Until.TURN)
    for f in rt.figures(effect):
        if state.controller(f) == rt.scope.player:
            continue
        state.set_figure(f, replace(state.figures[f], controller=rt.scope.player))
        lasting.add_control(state, ControlGrant(f, rt.scope.player, until, state.turn))
        rt.ctx.emit(ControlChanged(f, state.static.figure_name(f), rt.scope.player,
                                   rt.scope.label))


def take_turn_with(rt: Runtime, effect: EffectSpec) -> None:
    """Take a turn with another player's Planeswalker now: it is yours until that turn ends
    -- move it, attack with it and use its activated abilities (its army card is the chosen
    card of that turn) -- then its owner controls it again (Mind Stealer)::

        {effect: take_turn_with, select: {within: 4, clear_sight: true,
                                          card_kind: [planeswalker], exclude_self: true}}
    """
    state = rt.state
    if state.lasting.stolen is not None:
        return
    for f in rt.figures(effect)[:1]:
        card = state.static.figures[f].card
        lasting.set_stolen(state, StolenTurn(f, card, rt.scope.player,
                                             state.turn_state.chosen))
        state.set_figure(f, replace(state.figures[f], controller=rt.scope.player))
        state.turn_state = TurnState(chosen=card,
                                     spells_played=state.turn_state.spells_played)
        state.phase = Phase.PRE_MOVE
        state.cache.clear()
        rt.ctx.emit(TurnTakenWith(rt.scope.player, f, state.static.figure_name(f),
                                  rt.scope.label))


def end_stolen_turn(ctx: Ctx) -> None:
    """The turn taken with another player's Planeswalker is over: control returns."""
    state = ctx.state
    stolen = state.lasting.stolen
    if stolen is None:
        return
    lasting.set_stolen(state, None)
    figure = stolen.figure
    fs = state.figures[figure]
    if fs.zone == "battlefield" and fs.controller:
        state.set_figure(figure, replace(fs, controller=0))
        ctx.emit(ControlChanged(figure, state.static.figure_name(figure),
                                state.static.figures[figure].owner,
                                "the turn taken with it is over"))
    state.set_turn(chosen=stolen.chosen)


# --- stats ---------------------------------------------------------------------------------


def _on_enchantment(rt: Runtime) -> bool:
    """Whether the effect belongs to an aura or hidden enchantment (not a sorcery)."""
    spell = rt.scope.spell
    if spell is None:
        return False
    info = rt.state.static.spells.get(spell)
    spec = spell_spec(rt.state.static, info.def_id) if info and info.def_id else None
    return spec is not None and spec.type != "sorcery"


def lasting_targets(rt: Runtime, effect: EffectSpec) -> list[tuple[str, ...]]:
    """A stat change's choices -- none for an aura's lasting one (it is on its card)."""
    if is_continuous(effect) and _on_enchantment(rt):
        return [()]
    return figure_targets(rt, effect)


_UNTIL: dict[ModifyDuration, Until] = {"this_turn": Until.TURN, "this_attack": Until.ATTACK,
                                       "permanent": Until.PERMANENT,
                                       "while_attached": Until.TURN}


def modify(rt: Runtime, effect: EffectSpec) -> None:
    """Change a stat for a while (``this_turn``, ``this_attack``: the figure's next attack,
    ``permanent``: while it stays on the battlefield; on an aura ``while_attached``: while the
    aura is on the card). The amount is fixed when the effect resolves::

        {effect: modify, stat: attack, amount: 2, duration: this_turn}
        {effect: modify, target: enchanted, stat: defense, amount: 1,
         duration: while_attached}                                 # an aura
    """
    state = rt.state
    p = effect.of(Modify)
    if p.duration == "while_attached" and _on_enchantment(rt):
        return  # lasts while the card is attached (`arena.engine.abilities.statics`)
    stat = p.stat
    until = _UNTIL[p.duration]
    figures = rt.figures(effect)
    for f in figures:
        n = rt.amount(p.amount, f)
        if n:
            lasting.add_change(state, StatChange(f, stat, n, rt.scope.label, until,
                                                 state.turn))
    if figures:
        rt.ctx.emit(EffectApplied(rt.scope.label, "modify", tuple(figures),
                                  f"{figure_names(state, figures)}: {_stat_label(stat)} "
                                  f"changed"))


def _stat_label(stat: Stat) -> str:
    """``deck cost`` for ``deck_cost``."""
    return stat.label


def switch_stats(rt: Runtime, effect: EffectSpec) -> None:
    """Switch two stats after every other modifier (glyphs, enchantments, earlier spells),
    this turn (on an aura: while attached)::

        {effect: switch_stats, select: {relation: any}}             # Twisted Image
    """
    state = rt.state
    if _on_enchantment(rt):
        return  # lasts while the card is attached (`arena.engine.abilities.statics`)
    stats = effect.of(SwitchStats).stats
    figures = rt.figures(effect)
    for f in figures:
        lasting.add_switch(state, StatSwitch(f, stats, rt.scope.label))
    if figures:
        rt.ctx.emit(EffectApplied(rt.scope.label, "switch_stats", tuple(figures),
                                  f"{figure_names(state, figures)}: {stats[0]} and {stats[1]} "
                                  "switched"))


def extra_attack(rt: Runtime, effect: EffectSpec) -> None:
    """Let a figure attack again this turn::

        {effect: extra_attack, target: self}                        # Double Attack
    """
    figures = rt.figures(effect)
    for f in figures:
        lasting.add_attacks(rt.state, f, effect.of(ExtraAttack).count)
    if figures:
        rt.ctx.emit(EffectApplied(rt.scope.label, "extra_attack", tuple(figures),
                                  f"{figure_names(rt.state, figures)} may attack again"))


def add_counter(rt: Runtime, effect: EffectSpec) -> None:
    """Put power, toughness or charge counters on army cards in play
    (`arena.engine.counters`)::

        {effect: add_counter, target: enchanted, counter: power, count: 1}
    """
    p = effect.of(AddCounter)
    for card in rt.cards(effect):
        card_counters.add_counter(rt.ctx, card, p.counter, p.count)


# --- cards ---------------------------------------------------------------------------------


def enchantment_targets(rt: Runtime, effect: EffectSpec) -> list[tuple[str, ...]]:
    state = rt.state
    static = state.static
    dests = [c for c in static.cards if state.cards[c].zone == "play"
             and (effect.select is None or card_matches(state, effect.select, rt.scope, c))]
    out: list[tuple[str, ...]] = []
    for card, cs in state.cards.items():
        if cs.zone != "play":
            continue
        for a in cs.enchantments:
            if not a.face_up:
                continue
            info = static.spells[a.spell]
            spec = spell_spec(static, info.def_id) if info.def_id is not None else None
            kinds = set(spec.enchants) if spec is not None and spec.enchants else None
            for dest in dests:
                if dest == card:
                    continue
                if kinds is not None and not kinds & card_kinds(static.card_def(dest)):
                    continue
                out.append((a.spell, dest))
    return out


def move_enchantment(rt: Runtime, effect: EffectSpec) -> None:
    """Move a face-up enchantment from one army card to another of a kind it can enchant
    (any owner: a teammate's or an opponent's too); ``select`` limits the destination::

        {effect: move_enchantment}                                  # Misdirection
    """
    if len(rt.tokens) < 2:
        return
    spell, dest = rt.tokens[0], rt.tokens[1]
    state = rt.state
    for card, cs in list(state.cards.items()):
        if any(a.spell == spell for a in cs.enchantments):
            state.set_card(card, replace(cs, enchantments=tuple(
                a for a in cs.enchantments if a.spell != spell)))
            d = state.cards[dest]
            state.set_card(dest, replace(d, enchantments=(*d.enchantments,
                                                          Attachment(spell, True))))
            rt.ctx.emit(EnchantmentMoved(spell, state.static.spell_name(spell), card, dest,
                                         state.static.card_def(dest).name))
            return


def forbid_choice(rt: Runtime, effect: EffectSpec) -> None:
    """Detain a squad: on its owner's next turn that army card -- and, with ``same_name``,
    every squad card of theirs with the same name -- cannot be chosen::

        {effect: forbid_choice, select: {relation: opposing, card_kind: [squad]}}  # Detain
    """
    state = rt.state
    static = state.static
    for card in rt.cards(effect):
        owner = static.cards[card].owner
        name = static.card_def(card).name
        cards = [card]
        if effect.of(ForbidChoice).same_name:
            cards = [c for c in static.players[owner].cards
                     if c == card or (static.card_def(c).name == name
                                      and static.card_def(c).kind == "squad")]
        lasting.add_detention(state, Detention(owner, tuple(cards), False))
        rt.ctx.emit(EffectApplied(rt.scope.label, "forbid_choice", tuple(cards),
                                  f"{name} cannot be chosen on Player {owner}'s next turn"))
