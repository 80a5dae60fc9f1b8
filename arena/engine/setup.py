"""Set-up: the static part of a game, the first-player roll, Planeswalker placement, hands.

Guide "Get ready to play" and "Playing the multiplayer game" / "Team rules":

1. Everyone rolls the d20 (a team rolls once, its leftmost member rolling); ties among the
   highest roll again. In a two-player game the high roller chooses who goes first and places
   first (a ``first_player`` decision); otherwise the high roller (the high team's leftmost
   player) goes first. Play then passes to the left around the table (`seating_order`): in a
   team game from the first player across to the opposing side, along it, and back to the
   first player's teammate.
2. In turn order each player places their Planeswalker in a starting zone (a
   ``place_planeswalker`` decision listing the legal spaces): never in a zone an opponent
   occupies; teammates may share a zone where the scenario's zone mode allows it
   (``one_team_per_zone``); ``any_free_space`` (the Melee) allows any free starting space;
   a zone never takes more Planeswalkers than its capacity.
3. The Planeswalker's army card is in play; every other army card and figure is in reserve.
4. Libraries are shuffled through the game's RNG and each player draws a hand of three.

Glyph set-up ``shuffle_onto_glyph_spaces`` (The Skirmish): the glyphs are turned Planeswalker
side up, shuffled and laid on the glyph spaces (or, without glyph spaces, on the glyph hexes).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from arena.engine.actions import (
    Action,
    ChooseFirstPlayer,
    PlacePlaneswalker,
    Pos,
    format_hex,
    pos_hexes,
)
from arena.engine.context import Ctx
from arena.engine.defs import (
    ArmyCardDef,
    FieldSetup,
    GlyphSpec,
    ScenarioRules,
    SpellCardDef,
    ZoneSpec,
    card_to_data,
)
from arena.engine.errors import IllegalAction, SetupError
from arena.engine.events import (
    FirstPlayerChosen,
    FirstPlayerRolled,
    GameStarted,
    HandDealt,
    LibraryShuffled,
    PlaneswalkerPlaced,
)
from arena.engine.rng import Rng
from arena.engine.rulebook import RuleBook
from arena.engine.state import (
    OPENING_HAND,
    CardInfo,
    CardState,
    Decision,
    FigureInfo,
    FigureState,
    GameState,
    GlyphState,
    PlayerInfo,
    PlayerState,
    SpellInfo,
    Static,
    TurnState,
)
from arena.engine.vocab import Phase
from arena.hexgrid import Hex, distance

__all__ = [
    "PlayerSetup",
    "build_static",
    "check_zones",
    "first_player_apply",
    "first_player_legal",
    "initial_state",
    "place_apply",
    "place_legal",
    "placement_spaces",
    "position_state",
    "seating_order",
    "turn_order",
    "zone_room",
]


def _unique_ids(prefix: str, sep: str, ids: Sequence[str]) -> list[str]:
    """``p1:rhox-veterans``, and ``~2``, ``~3`` for further copies of the same id."""
    seen: dict[str, int] = {}
    out = []
    for i in ids:
        seen[i] = seen.get(i, 0) + 1
        out.append(f"{prefix}{sep}{i}" + (f"~{seen[i]}" if seen[i] > 1 else ""))
    return out


def _register(table: dict[str, Any], card: Any) -> str:
    """Add a definition to a table keyed by id; the same id must mean the same card."""
    found = table.get(card.id)
    if found is None:
        table[card.id] = card
    elif found is not card and card_to_data(found) != card_to_data(card):
        raise SetupError(f"two different cards share the id {card.id!r}")
    return str(card.id)


def build_static(
    field: FieldSetup,
    scenario: ScenarioRules,
    rules: RuleBook,
    armies: Sequence[Sequence[ArmyCardDef]],
    decks: Sequence[Sequence[SpellCardDef]],
    teams: Sequence[Sequence[int]] | None,
    origin: Mapping[str, Any],
    play_order: Sequence[int] | None = None,
) -> Static:
    """The static part of a game: seats 1..N, the order play passes around the table
    (``play_order``: by default the guide's seating of the teams, `seating_order`; a replay
    passes the order its save recorded), card and figure ids."""
    n = len(armies)
    if n < 2:
        raise SetupError("a game needs at least two players")
    seats = tuple(range(1, n + 1))
    team_lists = [tuple(t) for t in (teams or scenario.teams or [[s] for s in seats])]
    if sorted(s for t in team_lists for s in t) != list(seats):
        raise SetupError(f"teams {team_lists} must list seats 1..{n} once each")
    order = tuple(play_order) if play_order is not None else seating_order(team_lists)
    if sorted(order) != list(seats):
        raise SetupError(f"the order of play {list(order)} must list seats 1..{n} once each")
    team_of = {s: i + 1 for i, t in enumerate(team_lists) for s in t}
    army_defs: dict[str, ArmyCardDef] = {}
    spell_defs: dict[str, SpellCardDef] = {}
    players: dict[int, PlayerInfo] = {}
    cards: dict[str, CardInfo] = {}
    figures: dict[str, FigureInfo] = {}
    spells: dict[str, SpellInfo] = {}
    for seat, army in zip(seats, armies, strict=True):
        walkers = [c for c in army if c.kind == "planeswalker"]
        if len(walkers) != 1:
            raise SetupError(f"player {seat}'s army needs exactly one Planeswalker")
        ordered = [walkers[0], *(c for c in army if c is not walkers[0])]
        uids = _unique_ids(f"p{seat}", ":", [c.id for c in ordered])
        for uid, card in zip(uids, ordered, strict=True):
            def_id = _register(army_defs, card)
            base = f"p{seat}." + uid.split(":", 1)[1]
            count = int(card.figures)
            figs = (base,) if count == 1 else tuple(f"{base}.{i}" for i in range(1, count + 1))
            cards[uid] = CardInfo(uid, seat, def_id, figs)
            for i, fid in enumerate(figs):
                figures[fid] = FigureInfo(fid, uid, seat, 0 if count == 1 else i + 1)
        deck = decks[seat - 1] if seat - 1 < len(decks) else ()
        for uid, spell in zip(_unique_ids(f"p{seat}", "/", [s.id for s in deck]), deck,
                              strict=True):
            spells[uid] = SpellInfo(uid, seat, _register(spell_defs, spell))
        players[seat] = PlayerInfo(seat, team_of[seat], uids[0], tuple(uids))
    return Static(
        field=field,
        scenario=scenario,
        rules=rules,
        army_defs=army_defs,
        spell_defs=spell_defs,
        seats=seats,
        play_order=order,
        players=players,
        cards=cards,
        figures=figures,
        spells=spells,
        turn_limit=scenario.limit_for(n),
        origin=dict(origin),
    )


def check_zones(field: FieldSetup, scenario: ScenarioRules,
                teams: list[tuple[int, ...]]) -> None:
    """Raise `SetupError` when the starting zones cannot take every Planeswalker."""
    problem = zone_room(field.zones, scenario.zone_mode, teams)
    if problem is not None:
        raise SetupError(problem)


def zone_room(zones: Sequence[ZoneSpec], mode: str,
              teams: Sequence[Sequence[int]]) -> str | None:
    """Why the starting zones cannot take every Planeswalker (None when they can). The one
    test of room, run by `check_zones` before a game starts and by the content layer's
    verdict on a battlefield (`arena.content.fits`), so the two never disagree.

    A zone takes at most `capacity` Planeswalkers and never more than it has spaces; guide
    "Get ready to play": "You cannot place your Planeswalker in a starting zone occupied by
    your opponent", so ``one_player_per_zone`` needs a zone per player and
    ``one_team_per_zone`` a zone per team with room for the whole team."""
    players = sum(len(t) for t in teams)
    if not zones:
        return "the battlefield has no starting zones"
    takes = sorted((min(z.capacity, len(z.spaces)) for z in zones), reverse=True)
    if mode == "one_player_per_zone":
        if len(zones) < players:
            return (f"the starting zones cannot take {players} Planeswalkers: each player "
                    f"needs a zone of their own, and there are {len(zones)}")
    elif mode == "one_team_per_zone":
        sizes = sorted((len(t) for t in teams), reverse=True)
        if len(takes) < len(sizes) or any(c < s for c, s in zip(takes, sizes, strict=False)):
            return (f"the starting zones cannot take {players} Planeswalkers: each of the "
                    f"{len(sizes)} teams needs a zone of its own with room for "
                    f"{max(sizes)}, and the zones take "
                    f"{', '.join(map(str, takes))}")
    elif sum(takes) < players:
        return (f"the starting zones cannot take {players} Planeswalkers: together they take "
                f"{sum(takes)} (a zone takes no more than its capacity)")
    return None


def _glyph_states(static: Static, glyphs: Sequence[GlyphSpec] | None) -> dict[Hex, GlyphState]:
    """The glyphs at set-up. A glyph's amount: the battlefield's (or position's) for that
    glyph, else the scenario's for its kind (``glyph_amounts``), else `defs.GLYPH_AMOUNTS`."""
    out = {}
    for g in glyphs or static.field.glyphs:
        amount = g.amount
        if amount is None:
            amount = static.scenario.glyph_amount(g.kind)
        out[g.at] = GlyphState(g.kind, g.face_up, g.value if amount is None else amount)
    return out


def _blank_state(static: Static, rng: Rng) -> GameState:
    state = GameState(static=static, rng=rng)
    for seat in static.seats:
        state.players[seat] = PlayerState(
            library=tuple(u for u, s in static.spells.items() if s.owner == seat))
    for uid, info in static.cards.items():
        is_pw = static.players[info.owner].planeswalker == uid
        state.cards[uid] = CardState(zone="play" if is_pw else "reserve")
    for fid in static.figures:
        state.figures[fid] = FigureState()
    state.glyphs = _glyph_states(static, None)
    return state


def seating_order(teams: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """The seats in the order play passes to the left around the table, from the first
    team's leftmost player.

    Guide "Team rules": "teammates should sit next to each other on one side of the table,
    facing their opponents. [...] The player who goes first and places first is always the
    player sitting farthest to the left. [...] Play passes to the left." A team sits on its
    side in seat-number order from its left, so its lowest seat is its leftmost player (the
    one who rolls and, when the team wins, goes first) and its teammate number 1 ("Teammates
    are always numbered 1 and 2"). Passing to the left runs along a side from its right end to
    its left end, then crosses to the right end of the next side: with teams [[1, 2], [3, 4]]
    the table reads 1, 4, 3, 2 -- the first player, both opponents, then the teammate, so the
    team that won the roll does not open with two turns. A player alone (every game without
    teams) is a side of one, so the order is the seats' own, 1, 2 ... N ("Playing the
    multiplayer game": "Play passes to the left"). The guide seats two teams facing each
    other; with more sides (teams the New game screen makes in a scenario without its own,
    such as the Melee) the sides follow one another to the left in the order the teams are
    listed."""
    sides = [sorted(team) for team in teams]
    circle = [seat for side in sides for seat in reversed(side)]
    start = circle.index(sides[0][0])
    return tuple(circle[start:] + circle[:start])


def turn_order(static: Static, first: int) -> tuple[int, ...]:
    """Seats in playing order from ``first`` (guide: "Play passes to the left"; the table's
    order is `Static.play_order`)."""
    order = static.play_order
    i = order.index(first)
    return order[i:] + order[:i]


def initial_state(ctx_factory: Any, static: Static, rng: Rng) -> tuple[GameState, Ctx]:
    """A new game's state after the glyph set-up and the first-player roll (events on the
    returned `Ctx`). The driver (`arena.engine.turn.advance`) then asks for placements."""
    state = _blank_state(static, rng)
    ctx: Ctx = ctx_factory(state)
    teams = _teams(static)
    ctx.emit(GameStarted(static.seats, tuple(tuple(t) for t in teams), static.scenario.name))
    if static.scenario.glyph_setup == "shuffle_onto_glyph_spaces" and state.glyphs:
        _shuffle_glyphs(state)
    _roll_first_player(ctx, teams)
    return state, ctx


def _teams(static: Static) -> list[list[int]]:
    teams: dict[int, list[int]] = {}
    for seat in static.seats:
        teams.setdefault(static.players[seat].team, []).append(seat)
    return [teams[k] for k in sorted(teams)]


def _shuffle_glyphs(state: GameState) -> None:
    """Guide "Battlefield 2: The Skirmish": glyphs Planeswalker side up, shuffled, placed."""
    field = state.static.field
    kinds = [(g.kind, g.amount) for g in state.glyphs.values()]
    state.rng.shuffle(kinds)
    spaces = list(field.glyph_spaces) or sorted(state.glyphs)
    state.glyphs = {}
    for at, (kind, amount) in zip(spaces, kinds, strict=False):
        state.glyphs[at] = GlyphState(kind, False, amount)


def _roll_first_player(ctx: Ctx, teams: list[list[int]]) -> None:
    """Guide "Get ready to play" 1, "Playing the multiplayer game", "Team rules"."""
    state = ctx.state
    by_team = any(len(t) > 1 for t in teams)
    units = teams if by_team else [[s] for s in state.static.seats]

    def label(unit: list[int]) -> str:
        if by_team:
            return f"Team {state.static.players[unit[0]].team}"
        return f"Player {unit[0]}"

    contenders = units
    while True:
        rolls = [(u, ctx.roll_d20(u[0], "first player")) for u in contenders]
        high = max(v for _, v in rolls)
        top = [u for u, v in rolls if v == high]
        ctx.emit(FirstPlayerRolled(tuple((label(u), v) for u, v in rolls),
                                   label(top[0]) if len(top) == 1 else None))
        if len(top) == 1:
            break
        contenders = top
    winner = top[0][0]  # a team's leftmost member goes first
    if len(state.static.seats) == 2 and not by_team:
        ctx.push(Decision("first_player", winner,
                          "You rolled highest: choose who goes first and places first"))
        state.phase = Phase.SETUP_FIRST
        return
    _set_first(ctx, winner, winner)


def _set_first(ctx: Ctx, first: int, chosen_by: int) -> None:
    state = ctx.state
    state.first_player = first
    state.active = first
    state.setup_queue = turn_order(state.static, first)
    state.phase = Phase.SETUP_PLACE
    ctx.emit(FirstPlayerChosen(first, chosen_by, state.setup_queue))


def first_player_legal(state: GameState, decision: Decision) -> list[Action]:
    """Either player may be named."""
    return [ChooseFirstPlayer(s) for s in state.static.seats]


def first_player_apply(ctx: Ctx, decision: Decision, action: Action) -> None:
    """Record the choice and start placing."""
    assert isinstance(action, ChooseFirstPlayer)
    ctx.pop()
    _set_first(ctx, action.seat, decision.player)


# --- placement -----------------------------------------------------------------------------


def _zone_of(state: GameState, hexes: Sequence[Hex]) -> str | None:
    for zone in state.static.field.zones:
        if any(h in zone.spaces for h in hexes):
            return zone.id
    return None


def _free(state: GameState, h: Hex) -> bool:
    """Guide "Empty spaces": no figure, ruin or glyph."""
    return (state.board.can_stand(h) and h not in state.occupant_map()
            and h not in state.glyphs)


def placement_spaces(state: GameState, seat: int) -> list[Pos]:
    """Where a seat may place its Planeswalker now (see the module docstring)."""
    static = state.static
    mode = static.scenario.zone_mode
    walker_zones: dict[str, list[int]] = {}
    for s in static.seats:
        fid = state.planeswalker_figure(s)
        if state.figures[fid].zone == "battlefield":
            zone_id = _zone_of(state, state.figures[fid].hexes)
            if zone_id is not None:
                walker_zones.setdefault(zone_id, []).append(s)
    allowed: set[str] | None = None
    if mode == "one_team_per_zone":
        # Guide "The Skirmish": "One team starts in the yellow starting zone": a player joins
        # a teammate's zone while it has room (so the other team keeps a zone of its own).
        allowed = {z.id for z in static.field.zones
                   if any(not static.opposed(seat, s) for s in walker_zones.get(z.id, []))
                   and len(walker_zones.get(z.id, [])) < z.capacity} or None
    pw_def = static.card_def(static.players[seat].planeswalker)
    double = pw_def.base == "double"
    out: list[Pos] = []
    for zone in static.field.zones:
        present = walker_zones.get(zone.id, [])
        if allowed is not None and zone.id not in allowed:
            continue
        if len(present) >= zone.capacity:
            continue
        if mode == "one_player_per_zone" and present:
            continue
        if any(static.opposed(seat, s) for s in present) and mode != "any_free_space":
            continue
        # Spaces above spaces: the Planeswalker must fit under a ceiling (`Board.fits`).
        spaces = sorted(h for h in zone.spaces
                        if _free(state, h) and state.board.fits(h, pw_def.height))
        if not double:
            out.extend(spaces)
            continue
        board = state.board
        for a in spaces:
            for b in spaces:
                if distance(a, b) == 1 and board.surface(a) == board.surface(b):
                    out.append((a, b))
    return out


def place_legal(state: GameState, decision: Decision) -> list[Action]:
    """One `PlacePlaneswalker` per legal space."""
    return [PlacePlaneswalker(p) for p in placement_spaces(state, decision.player)]


def place_apply(ctx: Ctx, decision: Decision, action: Action) -> None:
    """Put the Planeswalker on the battlefield; the next player places next."""
    assert isinstance(action, PlacePlaneswalker)
    state = ctx.state
    seat = decision.player
    ctx.pop()
    fid = state.planeswalker_figure(seat)
    hexes = pos_hexes(action.position)
    state.set_figure(fid, replace(state.figures[fid], zone="battlefield", hexes=hexes))
    state.setup_queue = tuple(s for s in state.setup_queue if s != seat)
    ctx.emit(PlaneswalkerPlaced(seat, fid, state.static.figure_name(fid), action.position,
                                _zone_of(state, hexes) or "?"))


def placement_decision(state: GameState, seat: int) -> Decision:
    """The decision asking a seat to place its Planeswalker."""
    if not placement_spaces(state, seat):
        raise SetupError(f"player {seat} has no starting space left to place a Planeswalker")
    return Decision("place_planeswalker", seat,
                    "Place your Planeswalker in a starting zone")


def deal_hands(ctx: Ctx) -> None:
    """Guide "Get ready to play" 3: shuffle each library, draw a hand of three."""
    state = ctx.state
    for seat in turn_order(state.static, state.first_player):
        p = state.players[seat]
        library = list(p.library)
        state.rng.shuffle(library)
        ctx.emit(LibraryShuffled(seat, len(library)))
        state.set_player(seat, replace(p, library=tuple(library[OPENING_HAND:]),
                                       hand=(*p.hand, *library[:OPENING_HAND])))
        ctx.emit(HandDealt(seat, min(OPENING_HAND, len(library))))
    ctx.commit()


# --- positions (tests and puzzles) ---------------------------------------------------------


@dataclass(frozen=True)
class PlayerSetup:
    """One seat of a position: its army (the Planeswalker among it), spell cards by zone
    (library top first) and its team (None: a team of its own)."""

    army: Sequence[ArmyCardDef]
    hand: Sequence[SpellCardDef] = ()
    library: Sequence[SpellCardDef] = ()
    graveyard: Sequence[SpellCardDef] = ()
    team: int | None = None


def position_state(
    static: Static,
    rng: Rng,
    players: Sequence[PlayerSetup],
    placed: Mapping[str, Pos],
    damage: Mapping[str, int],
    *,
    turn: int,
    active: int,
    phase: Phase | str,
    chosen: str | None,
    first_player: int,
    glyphs: Sequence[GlyphSpec] | None,
    moved: Sequence[str],
) -> GameState:
    """A state from a position: figures in ``placed`` are on the battlefield; the other
    figures of a card with a placed figure (and an unplaced Planeswalker) are in the
    graveyard; everything else is in reserve."""
    state = _blank_state(static, rng)
    state.glyphs = _glyph_states(static, glyphs)
    board = static.field.board
    taken: dict[Hex, str] = {}
    for fid, pos in placed.items():
        if fid not in static.figures:
            raise SetupError(f"no figure {fid!r} in this position (figures: "
                             f"{', '.join(static.figures)})")
        hexes = pos_hexes(pos)
        for h in hexes:
            if not board.can_stand(h) or not board.fits(h, static.figure_def(fid).height):
                raise SetupError(f"{fid} cannot stand on {format_hex(h)}")
            if h in taken:
                raise SetupError(f"{fid} and {taken[h]} both stand on {format_hex(h)}")
            taken[h] = fid
        state.figures[fid] = FigureState("battlefield", hexes, int(damage.get(fid, 0)))
    for uid, info in static.cards.items():
        on = [f for f in info.figures if f in placed]
        is_pw = static.players[info.owner].planeswalker == uid
        if on or is_pw:
            zone = "play" if on else "graveyard"
            state.cards[uid] = CardState(zone=zone)
            for f in info.figures:
                if f not in placed:
                    state.figures[f] = FigureState("graveyard")
    for seat, ps in zip(static.seats, players, strict=True):
        mine = [u for u, s in static.spells.items() if s.owner == seat]
        n_hand, n_lib = len(ps.hand), len(ps.library)
        state.players[seat] = PlayerState(
            hand=tuple(mine[:n_hand]),
            library=tuple(mine[n_hand:n_hand + n_lib]),
            graveyard=tuple(mine[n_hand + n_lib:]),
        )
    state.turn = turn
    state.active = active
    state.first_player = first_player
    try:
        state.phase = Phase(phase)
    except ValueError:
        raise SetupError(f"no phase {phase!r} (phases: {', '.join(p.value for p in Phase)})"
                         ) from None
    state.turn_state = TurnState(chosen=chosen, moved=tuple(moved))
    return state


def check_placement(state: GameState, action: PlacePlaneswalker, seat: int) -> None:
    """Raise `IllegalAction` unless the placement is legal."""
    if action.position not in placement_spaces(state, seat):
        raise IllegalAction(action, "not a free space of a starting zone you may use")
