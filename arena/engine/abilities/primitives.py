"""The effect primitives: one implementation per name in the content vocabulary's
``EFFECT_NAMES``, each with its YAML form.

Every implementation takes the `Runtime` (state, scope, settled target tokens, asks) and the
`EffectSpec`. Targets (``target:``): ``chosen`` -- one legal choice among what ``select``
picks out (named in the action for spells and activated abilities, else asked); ``each`` --
everything ``select`` picks out; ``self``, ``attacker``, ``defender``, ``enchanted`` (the
figures, or the army card, an enchantment is on) -- from the scope; ``controller`` and
``opponent`` are players (every opponent), and for an effect on figures their Planeswalkers.
A fixed target is still filtered by ``select``. ``around`` (Killing Wave) chooses the figure
``from: target`` measures from. A spell's ``self`` is its caster's Planeswalker.
Damage, destruction, draws and discards go through `arena.engine.effects` like the core's.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

from arena.engine.abilities import lasting
from arena.engine.abilities.events import (
    EffectApplied,
    FigureReturned,
    FigureReturnedToReserve,
    FiguresSwapped,
    LibraryLooked,
)
from arena.engine.abilities.lasting_primitives import (
    add_counter,
    counter_spell,
    counterable,
    enchantment_targets,
    extra_attack,
    forbid_choice,
    gain_control,
    lasting_targets,
    modify,
    move_enchantment,
    switch_stats,
    take_turn_with,
)
from arena.engine.abilities.params import (
    ANY,
    DealDamage,
    Discard,
    Draw,
    EffectSpec,
    LookAtLibrary,
    MoveFigure,
    RemoveDamage,
    ReturnFromGraveyard,
    RollD20,
    Special,
    SwapFigures,
)
from arena.engine.abilities.registry import EffectRegistry
from arena.engine.abilities.runtime import Fizzle, Runtime, effect_options, effect_viable
from arena.engine.abilities.selectors import (
    select_figures,
)
from arena.engine.abilities.targets import (
    card_targets,
    figure_targets,
    has_cards,
    has_figures,
    player_targets,
)
from arena.engine.actions import format_pos, parse_pos, pos_hexes
from arena.engine.effects import (
    deal_damage as core_deal_damage,
)
from arena.engine.effects import (
    deal_simultaneous_damage,
    destroy_figure,
    discard_spell,
    draw_card,
)
from arena.engine.effects import (
    remove_damage as core_remove_damage,
)
from arena.engine.events import (
    LibraryShuffled,
    SpellDiscarded,
)
from arena.engine.move_action import move_request, walk
from arena.engine.pathfinding import Reach, Reaches, reachable
from arena.engine.state import CardState, FigureState, GameState
from arena.engine.summon import summon_spaces
from arena.hexgrid import Hex, distance, spiral

__all__ = ["register_standard", "walk"]



# --- deal_damage, destroy, remove_damage ---------------------------------------------------


def deal_damage(rt: Runtime, effect: EffectSpec) -> None:
    """Deal damage directly (no dice, no defense). Several figures at once are damaged in
    the order the active player chooses (guide "Simultaneous Damage")::

        {effect: deal_damage, amount: 1, select: {within: 6, clear_sight: true}}
        {effect: deal_damage, target: attacker, amount: excess_shields}     # Counter Strike
        {effect: deal_damage, target: each, amount: 3, around: {card_kind: [planeswalker]},
         select: {adjacent: true, from: target, not_creature_type: Zombie}}  # Killing Wave
    """
    p = effect.of(DealDamage)
    items = [(f, rt.amount(p.amount, f), rt.scope.label) for f in rt.figures(effect)]
    items = [i for i in items if i[1] > 0]
    if len(items) > 1 or (items and p.order_by_active_player):
        deal_simultaneous_damage(rt.ctx, items)
    else:
        for f, n, label in items:
            core_deal_damage(rt.ctx, f, n, label)


def _damage_viable(rt: Runtime, effect: EffectSpec) -> bool:
    amount = effect.of(DealDamage).amount
    if effect.target == "chosen":
        figures = [o[-1] for o in effect_options(rt, effect) if o]
    else:
        figures = rt.figures(effect)
    return any(rt.amount(amount, f) > 0 for f in figures)


def destroy(rt: Runtime, effect: EffectSpec) -> None:
    """Destroy figures outright (their army card to the graveyard with its last figure)::

        {effect: destroy, select: {within: 6, clear_sight: true, card_kind: [squad],
                                   damaged: true}}                           # Snuff Out
    """
    for f in rt.figures(effect):
        destroy_figure(rt.ctx, f, rt.scope.label)


def remove_damage(rt: Runtime, effect: EffectSpec) -> None:
    """Remove damage markers (``amount: all`` removes every one)::

        {effect: remove_damage, target: each, amount: 1, select: {relation: own}}
    """
    amount = effect.of(RemoveDamage).amount
    for f in rt.figures(effect):
        n = rt.state.figures[f].damage if amount == "all" else rt.amount(amount, f)
        core_remove_damage(rt.ctx, f, n, rt.scope.label)


# --- draw, discard, look_at_library --------------------------------------------------------


def draw(rt: Runtime, effect: EffectSpec) -> None:
    """Draw spell cards (nothing with an empty library or a destroyed Planeswalker)::

        {effect: draw, target: controller, count: 1}               # Collective Knowledge
    """
    for seat in rt.players(effect):
        for _ in range(effect.of(Draw).count):
            if draw_card(rt.ctx, seat, rt.scope.label) is None:
                break  # an empty library (or no Planeswalker): nothing more to draw


def _discarders(rt: Runtime, effect: EffectSpec) -> list[int]:
    if effect.target == "chosen":
        return [int(t[1:]) for t in rt.tokens if t.startswith("p") and t[1:].isdigit()]
    return rt.players(effect)


def _matching_hand(state: GameState, seat: int, colour: str | None) -> list[str]:
    out = []
    for s in state.players[seat].hand:
        d = state.static.spell_def(s)
        if d is not None and (colour is None or d.colour == colour):
            out.append(s)
    return out


def discard(rt: Runtime, effect: EffectSpec) -> None:
    """Discard spell cards from hand -- as a cost, the cards are named in the action
    (Super Heated: ``use p1:chandra-nalaar-pyromancer super-heated p1/fireball <target>``);
    otherwise the discarding player chooses::

        {effect: discard, target: controller, colour: red}          # a cost
        {effect: discard, target: opponent, count: 1}
    """
    state = rt.state
    p = effect.of(Discard)
    colour, count = p.colour, p.count
    if effect.target != "chosen" and rt.tokens:
        for s in rt.tokens:
            discard_spell(rt.ctx, rt.scope.player, s, rt.scope.label)
        return
    picks: list[tuple[int, str]] = []
    for seat in _discarders(rt, effect):
        left = _matching_hand(state, seat, colour)
        for i in range(min(count, len(left))):
            card = rt.ask(f"discard{seat}.{i}", seat, left,
                          f"{rt.scope.label}: choose a spell card to discard")
            left = [c for c in left if c != card]
            picks.append((seat, card))
    for seat, card in picks:
        discard_spell(rt.ctx, seat, card, rt.scope.label)


def _discard_targets(rt: Runtime, effect: EffectSpec) -> list[tuple[str, ...]]:
    if effect.target == "chosen":
        return player_targets(rt, effect)
    seats = rt.players(effect)
    if seats != [rt.scope.player] or "cost" not in rt.path:
        return [()]  # chosen as it resolves (only a cost's cards are named in the action)
    p = effect.of(Discard)
    count = p.count
    cards = _matching_hand(rt.state, rt.scope.player, p.colour)
    if len(cards) < count:
        return []
    return [tuple(c) for c in combinations(sorted(cards), count)]


def look_at_library(rt: Runtime, effect: EffectSpec) -> None:
    """Look at the top cards of your library, one at a time: leave each on top or put it on
    the bottom (a decision showing the card to its player only)::

        {effect: look_at_library, target: controller}               # Focused Thoughts
    """
    state = rt.state
    seat = rt.players(effect)[0] if rt.players(effect) else rt.scope.player
    library = state.players[seat].library
    look = effect.of(LookAtLibrary)
    count = min(look.count, len(library))
    if count == 0:
        return
    rt.ctx.commit()  # the player sees cards: no undo past this
    options = ["top", "bottom"] if look.may_put_on_bottom else ["top"]
    bottom: list[str] = []
    for i, card in enumerate(library[:count]):
        answer = rt.ask(f"look{i}", seat, options,
                        f"{rt.scope.label}: leave the card you see on top of your library, or "
                        "put it on the bottom", {"card": card}, force=True)
        if answer == "bottom":
            bottom.append(card)
    if bottom:
        p = state.players[seat]
        rest = [c for c in p.library if c not in bottom]
        state.set_player(seat, replace(p, library=(*rest, *bottom)))
    rt.ctx.emit(LibraryLooked(seat, count, len(bottom), rt.scope.label))


def _library_viable(rt: Runtime, effect: EffectSpec) -> bool:
    seats = rt.players(effect) or [rt.scope.player]
    return bool(rt.state.players[seats[0]].library)


# --- movement ------------------------------------------------------------------------------


def _reach(rt: Runtime, figure: str, spaces: int) -> Reaches:
    request = replace(move_request(rt.state, figure), move=spaces)
    return reachable(rt.state.board, request)


def move_figure(rt: Runtime, effect: EffectSpec) -> None:
    """Move a figure up to ``distance`` spaces by the movement rules (the controller picks
    the end, or ``stay``); leaving-engagement attacks unless switched off::

        {effect: move_figure, target: self, distance: 3}            # Sprint
    """
    p = effect.of(MoveFigure)
    spaces = p.distance
    plans: list[tuple[str, Reach]] = []
    taken: set[Hex] = set()  # ends already chosen: two figures never end on one space
    for i, f in enumerate(rt.figures(effect)):
        reaches = {p: r for p, r in _reach(rt, f, spaces).items()
                   if not taken.intersection(pos_hexes(p))}
        options = ["stay", *sorted(format_pos(p) for p in reaches)]
        answer = rt.ask(f"dest{i}", rt.scope.player, options,
                        f"{rt.scope.label}: choose where {rt.state.static.figure_name(f)} "
                        "moves")
        if answer != "stay":
            plans.append((f, reaches[parse_pos(answer)]))
            taken.update(pos_hexes(parse_pos(answer)))
    for f, reach in plans:
        if rt.state.figures[f].zone == "battlefield":
            walk(rt.ctx, f, reach, p.leaving_engagement_attacks)


def _move_viable(rt: Runtime, effect: EffectSpec) -> bool:
    figures = rt.figures(effect) if effect.target != "chosen" else [
        o[-1] for o in effect_options(rt, effect) if o]
    return any(_reach(rt, f, effect.of(MoveFigure).distance) for f in figures)


def _swap_targets(rt: Runtime, effect: EffectSpec) -> list[tuple[str, ...]]:
    state = rt.state
    seconds = select_figures(state, effect.of(SwapFigures).with_, rt.scope)
    size = {f: len(state.figures[f].hexes) for f in state.on_battlefield()}
    if effect.target == "chosen":
        firsts = select_figures(state, effect.select or ANY, rt.scope)
        return [(a, b) for a in firsts for b in seconds if a != b and size[a] == size[b]]
    firsts = rt.figures(effect)
    return [(b,) for b in seconds if any(a != b and size[a] == size[b] for a in firsts)]


def swap_figures(rt: Runtime, effect: EffectSpec) -> None:
    """Swap two figures' places (same number of spaces each); nobody leaves an engagement by
    moving, so no leaving-engagement attacks::

        {effect: swap_figures, select: {relation: own, card_kind: [planeswalker]},
         with: {relation: own, card: illusionary-projections}}    # Illusionary Deception
    """
    state = rt.state
    if effect.target == "chosen":
        if len(rt.tokens) < 2:
            return
        a, b = rt.tokens[0], rt.tokens[1]
    else:
        firsts = rt.figures(effect)
        if not firsts or not rt.tokens:
            return
        a, b = firsts[0], rt.tokens[0]
    fa, fb = state.figures[a], state.figures[b]
    state.set_figure(a, replace(fa, hexes=fb.hexes))
    state.set_figure(b, replace(fb, hexes=fa.hexes))
    rt.ctx.emit(FiguresSwapped(a, state.static.figure_name(a), b, state.static.figure_name(b),
                               rt.scope.label))


# --- reserve and graveyard -----------------------------------------------------------------


def _reserve_targets(rt: Runtime, effect: EffectSpec) -> list[tuple[str, ...]]:
    return [t for t in card_targets(rt, effect)
            if not t or rt.state.static.card_def(t[0]).kind != "planeswalker"]


def return_to_reserve(rt: Runtime, effect: EffectSpec) -> None:
    """Return a squad to its owner's reserve: only its figures on the battlefield go (those
    in the graveyard stay), their damage is removed, every enchantment on the card goes to
    its owner's graveyard (guide "Returning a squad to owner's reserve"); counters leave with
    the card. Never a Planeswalker::

        {effect: return_to_reserve, select: {relation: opposing, card_kind: [squad]}}
    """
    state = rt.state
    for card in rt.cards(effect):
        if state.static.card_def(card).kind == "planeswalker":
            continue
        for f in state.figures_of_card(card, "battlefield"):
            state.set_figure(f, FigureState(zone="reserve"))
            lasting.figure_left(state, f)
            rt.ctx.emit(FigureReturnedToReserve(f, state.static.figure_name(f),
                                                state.static.figures[f].owner, rt.scope.label))
        cs = state.cards[card]
        for a in cs.enchantments:
            owner = state.static.spells[a.spell].owner
            p = state.players[owner]
            state.set_player(owner, replace(p, graveyard=(*p.graveyard, a.spell)))
            rt.ctx.emit(SpellDiscarded(owner, a.spell, state.static.spell_name(a.spell),
                                       "its army card returned to reserve"))
        state.set_card(card, replace(cs, zone="reserve", enchantments=()))


def _graveyard_candidates(rt: Runtime, effect: EffectSpec) -> list[str]:
    state = rt.state
    sel = effect.select or ANY
    plain = replace(sel, within=None, adjacent=False, clear_sight=False)
    pool = [f for f in state.figures if state.figures[f].zone == "graveyard"]
    found = select_figures(state, plain, rt.scope, pool)
    if not effect.of(ReturnFromGraveyard).restore_card:
        found = [f for f in found if state.cards[state.static.figures[f].card].zone == "play"]
    return found


def _placement_origin(rt: Runtime, effect: EffectSpec) -> str | None:
    state = rt.state
    origin = (effect.select or ANY).origin
    if origin == "planeswalker":
        figure: str | None = state.planeswalker_figure(rt.scope.player)
    elif origin == "target":
        figure = rt.scope.target
    else:  # the source's figure -- or, with none left on the battlefield, the Planeswalker
        figure = next((f for f in rt.scope.selves if state.figures[f].zone == "battlefield"),
                      state.planeswalker_figure(rt.scope.player))
    if figure is None or state.figures[figure].zone != "battlefield":
        return None
    return figure


def _placements(rt: Runtime, figure: str, origin: str, within: int, sight: bool,
                used: set[Hex]) -> list[str]:
    state = rt.state
    if sight:
        spaces = summon_spaces(state, figure, origin, within)
    else:
        board = state.board
        occupied = state.occupant_map()
        body = state.body(origin)
        height = state.static.figure_def(figure).height
        seen = {h for o in body.hexes for c in spiral(o, within) for h in board.spaces_at(c)
                if board.can_stand(h) and board.fits(h, height) and h not in occupied
                and h not in state.glyphs and min(distance(h, x) for x in body.hexes) <= within}
        if state.static.figure_def(figure).base != "double":
            spaces = sorted(seen)
        else:
            pairs = [(a, b) for a in seen for b in board.around(a)
                     if board.can_stand(b) and board.fits(b, height) and b not in occupied
                     and b not in state.glyphs and board.surface(a) == board.surface(b)]
            spaces = sorted(pairs)
    return [format_pos(p) for p in spaces if not set(pos_hexes(p)) & used]


def return_from_graveyard(rt: Runtime, effect: EffectSpec) -> None:
    """Put figures from the figure graveyard back on empty spaces (no figure, ruin or glyph:
    guide "Empty Spaces") within ``within`` spaces -- in clear sight unless switched off --
    of the selector's ``from`` figure (the Planeswalker, or the source's figure; with none of
    those on the battlefield, the Planeswalker: Rebirth). If a figure's army
    card was in the army-card graveyard it returns to play, without the enchantments it had
    (``restore_card: false``: only figures whose card is still in play return). ``count``
    figures (``all``: every one that fits), placed one by one by the controller::

        {effect: return_from_graveyard, select: {relation: this_card, from: planeswalker},
         count: all}                                                # Darkness Arises
    """
    state = rt.state
    origin = _placement_origin(rt, effect)
    if origin is None:
        return
    candidates = _graveyard_candidates(rt, effect)
    p = effect.of(ReturnFromGraveyard)
    wanted = len(candidates) if p.count == "all" or effect.target == "each" else p.count
    chosen: list[str] = list(candidates) if wanted >= len(candidates) else []
    left = list(candidates)
    for i in range(len(chosen), min(wanted, len(left))):
        figure = rt.ask(f"fig{i}", rt.scope.player, left,
                        f"{rt.scope.label}: choose a figure to return from the graveyard")
        left.remove(figure)
        chosen.append(figure)
    within, sight = p.within, p.clear_sight
    used: set[Hex] = set()
    plans: list[tuple[str, str]] = []
    for i, figure in enumerate(chosen):
        spaces = _placements(rt, figure, origin, within, sight, used)
        if not spaces:
            break
        at = rt.ask(f"place{i}", rt.scope.player, spaces,
                    f"{rt.scope.label}: place {state.static.figure_name(figure)}")
        used.update(pos_hexes(parse_pos(at)))
        plans.append((figure, at))
    for figure, at in plans:
        pos = parse_pos(at)
        state.set_figure(figure, FigureState("battlefield", pos_hexes(pos), 0))
        card = state.static.figures[figure].card
        if state.cards[card].zone != "play":
            state.set_card(card, CardState(zone="play"))
        rt.ctx.emit(FigureReturned(rt.scope.player, figure, state.static.figure_name(figure),
                                   pos, rt.scope.label))


def _graveyard_viable(rt: Runtime, effect: EffectSpec) -> bool:
    return _placement_origin(rt, effect) is not None and bool(_graveyard_candidates(rt, effect))


# --- dice ----------------------------------------------------------------------------------


def roll_d20(rt: Runtime, effect: EffectSpec) -> None:
    """Roll the d20; on ``at_least`` or more run ``then``. The targets ``then`` chooses are
    chosen first ("pick another Planeswalker ... and roll the d20"); with no legal target for
    any of them, nothing is rolled::

        {effect: roll_d20, at_least: 16, then: [{effect: take_turn_with, select: {...}}]}
    """
    p = effect.of(RollD20)
    then = p.then
    base = [*rt.path, "then"]
    possible = False
    for j, sub in enumerate(then):
        sub_rt = Runtime(rt.ctx, rt.job, [*base, j], rt.scope)
        options = effect_options(sub_rt, sub)
        if not options:
            continue
        possible = True
        if options != [()]:
            chosen = rt.pick(options, f"{rt.scope.label}: choose a target", key=f"pre{j}.")
            if chosen is not None:
                rt.preset([*base, j], chosen)
    if then and not possible:
        raise Fizzle("no legal target")
    value = rt.ctx.roll_d20(rt.scope.player, rt.scope.label)
    ok = value >= p.at_least
    rt.ctx.emit(EffectApplied(rt.scope.label, "roll_d20", (), f"rolled {value}: "
                              f"{'success' if ok else 'failure'} (needs "
                              f"{p.at_least}+)"))
    if ok:
        rt.call(base)


def _roll_viable(rt: Runtime, effect: EffectSpec) -> bool:
    then = effect.of(RollD20).then
    base = [*rt.path, "then"]
    return not then or any(effect_viable(Runtime(rt.ctx, rt.job, [*base, j], rt.scope), sub)
                           for j, sub in enumerate(then))


# --- special -------------------------------------------------------------------------------


def special(rt: Runtime, effect: EffectSpec) -> None:
    """A truly unique effect: resolves through the function registered under its name
    (`EffectRegistry.register_special`)::

        {effect: special, function: shuffle-library, target: controller}
    """
    function = effect.of(Special).function
    found = rt.registry.specials.get(function)
    if found is None:
        raise KeyError(f"no special effect function {function!r} is registered")
    found.run(rt, effect)


def shuffle_library(rt: Runtime, effect: EffectSpec) -> None:
    """Special ``shuffle-library``: shuffle the players' libraries (``target: controller``
    by default) through the game's RNG."""
    for seat in rt.players(effect):
        p = rt.state.players[seat]
        library = list(p.library)
        rt.state.rng.shuffle(library)
        rt.state.set_player(seat, replace(p, library=tuple(library)))
        rt.ctx.emit(LibraryShuffled(seat, len(library)))
        rt.ctx.commit()


# --- registration --------------------------------------------------------------------------


def register_standard(reg: EffectRegistry) -> None:
    """Register every standard primitive (one per vocabulary name) and the built-in
    specials."""
    reg.register("deal_damage", deal_damage, figure_targets, _damage_viable)
    reg.register("destroy", destroy, figure_targets, has_figures)
    reg.register("draw", draw, player_targets)
    reg.register("look_at_library", look_at_library, player_targets, _library_viable)
    reg.register("move_figure", move_figure, figure_targets, _move_viable)
    reg.register("swap_figures", swap_figures, _swap_targets)
    reg.register("return_to_reserve", return_to_reserve, _reserve_targets, has_cards)
    reg.register("return_from_graveyard", return_from_graveyard, None, _graveyard_viable)
    reg.register("counter_spell", counter_spell, None, counterable)
    reg.register("gain_control", gain_control, figure_targets, has_figures)
    reg.register("modify", modify, lasting_targets, has_figures)
    reg.register("switch_stats", switch_stats, lasting_targets, has_figures)
    reg.register("move_enchantment", move_enchantment, enchantment_targets)
    reg.register("extra_attack", extra_attack, figure_targets, has_figures)
    reg.register("forbid_choice", forbid_choice, card_targets, has_cards)
    reg.register("take_turn_with", take_turn_with, figure_targets, has_figures)
    reg.register("roll_d20", roll_d20, None, _roll_viable)
    reg.register("discard", discard, _discard_targets)
    reg.register("add_counter", add_counter, card_targets, has_cards)
    reg.register("remove_damage", remove_damage, figure_targets, has_figures)
    reg.register("special", special)
    reg.register_special("shuffle-library", shuffle_library, None)

