"""The engine's surface: action text round trips, illegal actions, undo, clones, views, saves
and replays, and the extension points (design note "The engine")."""

from __future__ import annotations

import json
import random
from collections.abc import Iterable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arena.engine import (
    Accept,
    Attack,
    BeginSummon,
    ChooseCard,
    Discard,
    EndAttack,
    EndMove,
    Game,
    GlyphSpec,
    IllegalAction,
    MoveFigure,
    OrderDamage,
    ParseError,
    Pass,
    PlaceFigure,
    PlayerSetup,
    UseAbility,
    new_game,
    parse_action,
    standard_rulebook,
)
from arena.engine.context import Ctx
from arena.engine.decisions import offer_optional
from arena.engine.effects import deal_simultaneous_damage, draw_card
from arena.engine.events import DamageDealt, Event, FigureDestroyed
from arena.engine.rng import ScriptedRng
from arena.engine.state import Attachment, Decision, GameState
from arena.engine.stats import StatQuery, StatValue, glyph_modifiers, height_advantage
from arena.engine.testkit import hex_field, planeswalker, random_policy, spell, squad
from arena.hexgrid import Hex

HIT, SHIELD, BLANK = 1, 4, 6
GIDEON = planeswalker("gideon")
JACE = planeswalker("jace", life=7, range=7, attack=5, defense=3, height=4)
RHOX = squad("rhox")
PROJ = squad("proj", life=2, range=6, height=4)
CATS = squad("cats", base="double", figures=2, height=3, target_point=2.5)
DECK = [spell(f"s{i}") for i in range(8)]


def random_game(seed: int, steps: int) -> Game:
    game = new_game(None, hex_field(radius=7), [[GIDEON, RHOX, CATS], [JACE, PROJ]],
                    [DECK, DECK], seed=seed)
    choose = random_policy(random.Random(seed))
    for _ in range(steps):
        if game.outcome() is not None:
            break
        game.apply(choose(game.legal_actions()))
    return game


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000), st.integers(0, 60))
def test_every_legal_action_round_trips_through_text(seed: int, steps: int) -> None:
    """Design note: actions have a text form that round-trips (python-chess `Move.uci`)."""
    game = random_game(seed, steps)
    for action in game.legal_actions():
        assert parse_action(action.text()) == action


@pytest.mark.parametrize("text", [
    "move p1.rhox.1 3,-1 via 1,0 2,-1/3,-1", "place 2,-4/3,-4", "place-pw 0,-5", "first p2",
    "choose p1:rhox-veterans~2", "summon p1:kor-hookmasters", "attack p1.a p2.b", "end-move",
    "end-attack", "end-turn", "discard p1/unsummon", "order-damage p2.x.1", "recall p1/s",
    "play p1/unsummon p2.leyline-phantoms.1 2,3", "use p1:liliana snuff-out p2.rhox.1",
    "accept", "pass", "answer yes",
])
def test_action_texts_parse_and_print_back(text: str) -> None:
    """Design note: logs, replays and fixtures use the text form."""
    assert parse_action(text).text() == text


@pytest.mark.parametrize("text", ["", "fly p1", "move p1.x", "attack p1.a", "first 2",
                                  "place 1;2", "move p1 1,1 over 2,2", "end-turn now"])
def test_bad_texts_are_parse_errors(text: str) -> None:
    with pytest.raises(ParseError):
        parse_action(text)


def position(**kw: Any) -> Game:
    kw.setdefault("phase", "pre_move")
    kw.setdefault("chosen", "p1:gideon")
    placed = kw.pop("placed", {"p1.gideon": Hex(0, 0), "p2.jace": Hex(0, 5)})
    p1 = kw.pop("p1", PlayerSetup([GIDEON, RHOX], hand=[spell("a")], library=[spell("b"),
                                                                              spell("c")]))
    p2 = kw.pop("p2", PlayerSetup([JACE, PROJ], hand=[spell("x"), spell("y")],
                                  library=[spell("z")]))
    return Game.from_position(hex_field(radius=7), [p1, p2], placed, turn=3, **kw)


def test_illegal_action_has_a_reason_and_changes_nothing() -> None:
    """Design note: apply raises `IllegalAction` with a reason; the state is untouched."""
    game = position()
    before = game.state_digest()
    with pytest.raises(IllegalAction) as info:
        game.apply("move p1.gideon 9,9")
    assert info.value.reason == "that figure cannot reach that position"
    with pytest.raises(IllegalAction, match="chosen army card"):
        game.apply("attack p2.jace p1.gideon")
    assert game.state_digest() == before


def test_undo_steps_back_but_not_past_a_commit_point() -> None:
    """Design note: undo keeps snapshots back to the last commit point (a die roll, a draw,
    a revealed card)."""
    placed = {"p1.gideon": Hex(0, 0), "p1.rhox.1": Hex(3, 0), "p2.jace": Hex(1, 0)}
    game = position(placed=placed, chosen="p1:rhox", rng=ScriptedRng([BLANK] * 6))
    start = game.state_digest()
    game.apply("move p1.rhox.1 4,0")
    game.apply("end-move")
    assert game.can_undo
    game.undo()
    game.undo()
    assert game.state_digest() == start and not game.can_undo and game.actions == []
    game.apply("move p1.rhox.1 4,0")
    game.apply("end-move")
    game.undo(to_commit_point=True)
    assert game.state_digest() == start and not game.can_undo
    game.apply("move p1.rhox.1 2,0")
    game.apply("attack p1.rhox.1 p2.jace")
    assert not game.can_undo
    with pytest.raises(IllegalAction):
        game.undo()


def test_clone_is_independent_and_shares_definitions() -> None:
    """Design note: cheap clone (AI search)."""
    game = position()
    other = game.clone()
    other.apply("move p1.gideon 2,0")
    assert game.state.figures["p1.gideon"].hexes == (Hex(0, 0),)
    assert other.state.static is game.state.static
    assert other.state.figures is not game.state.figures


def test_view_hides_what_the_player_may_not_see() -> None:
    """Brief: opponents' hands and libraries -> counts; library order hidden; others'
    face-down enchantments -> backs; face-down glyphs hidden; deterministic."""
    game = position(glyphs=[GlyphSpec(Hex(3, 0), "power", face_up=False)])
    state = game.state
    state.set_card("p2:jace", state.cards["p2:jace"].__class__(
        zone="play", enchantments=(Attachment("p2/y", face_up=False),)))
    p2 = state.players[2]
    state.set_player(2, p2.__class__(library=p2.library, hand=("p2/x",)))
    view = game.view(1)
    v = view.state
    assert len(v.players[2].hand) == 1 and v.players[2].hand[0].startswith("p2/hidden-")
    assert v.static.spell_def(v.players[2].hand[0]) is None
    assert v.players[1].hand == ("p1/a",)
    assert v.players[1].library == tuple(sorted(state.players[1].library))
    assert v.cards["p2:jace"].enchantments[0].spell.startswith("p2/hidden-")
    assert v.glyphs[Hex(3, 0)].kind is None
    assert v.rng.to_data() != state.rng.to_data()
    assert view.state_digest() == game.view(1).state_digest()
    own = game.view(2).state
    assert own.cards["p2:jace"].enchantments[0].spell == "p2/y"
    assert view.legal_actions() == game.legal_actions()
    assert set(v.static.spells) == {"p1/a", "p1/b", "p1/c", *v.players[2].hand,
                                    *v.players[2].library, v.cards["p2:jace"].enchantments[0].spell}
    assert not {"x", "y", "z"} & set(v.static.spell_defs)
    json.dumps(view.to_data())


def test_save_load_and_replay_reproduce_the_state() -> None:
    """Design note: saves serialise; same seed and actions = same state, byte for byte."""
    game = random_game(3, 80)
    data = json.loads(json.dumps(game.to_data()))
    assert data["format"] == "arena-game" and data["version"] == 2
    loaded = Game.from_data(data)
    assert loaded.state_digest() == game.state_digest()
    assert loaded.legal_actions() == game.legal_actions()
    replayed = Game.replay(data)
    assert replayed.state_digest() == game.state_digest()
    position_game = position()
    position_game.apply("move p1.gideon 2,0")
    data = json.loads(json.dumps(position_game.to_data()))
    assert Game.replay(data).state_digest() == position_game.state_digest()


def test_events_describe_themselves() -> None:
    """Design note: events drive the game log (plain-language lines)."""
    game = new_game(None, hex_field(radius=7), [[GIDEON, RHOX], [JACE, PROJ]], [DECK, DECK],
                    seed=11)
    events: list[Event] = list(game.initial_events)
    choose = random_policy(random.Random(11))
    for _ in range(120):
        if game.outcome() is not None:
            break
        events.extend(game.apply(choose(game.legal_actions())))
    assert len({type(e).__name__ for e in events}) > 12
    for e in events:
        assert e.describe() and e.describe(hidden=True)
        json.dumps(e.to_data())


def test_pending_describes_the_decision() -> None:
    """Brief: `pending` gives the phase, the player and a one-line description."""
    game = position(phase="choose", chosen=None)
    pending = game.pending
    assert (pending.phase, pending.player) == ("choose", 1) and "army card" in pending.description


# --- extension points ------------------------------------------------------------------------


def test_core_modifiers_are_registered_providers() -> None:
    """Brief: height advantage and glyphs go through the same provider registry."""
    book = standard_rulebook()
    assert book.modifier_providers[:2] == [height_advantage, glyph_modifiers]


def test_registered_modifier_provider_and_override_are_folded_with_sources() -> None:
    """Design note: static abilities fold at query points in a fixed order; sources shown."""
    rules = standard_rulebook()

    def aura(state: GameState, query: StatQuery) -> Iterable[tuple[str, int]]:
        if query.point == "attack_dice" and query.figure == "p1.gideon":
            return [("Test Aura", 2)]
        return []

    def switch(state: GameState, query: StatQuery, value: StatValue) -> StatValue:
        if query.point == "range" and query.figure == "p2.jace":
            return StatValue(value.point, value.figure, value.base,
                             (*value.sources, ("Test Override", -6)), 1)
        return value

    rules.register_modifier_provider(aura)
    rules.register_stat_override(switch)
    game = position(rules=rules, placed={"p1.gideon": Hex(0, 0), "p2.jace": Hex(1, 0)},
                    glyphs=[GlyphSpec(Hex(-1, 0), "power")])
    option = game.attack_options("p1.gideon")[0]
    assert option.attack_dice == 5 and option.attack_sources == (("Test Aura", 2),)
    assert game.stat("range", "p2.jace").total == 1


def test_trigger_handler_offers_an_optional_trigger() -> None:
    """Design note: optional triggers become decisions whose options are legal actions."""
    rules = standard_rulebook()

    def on_destroyed(ctx: Ctx, event: Event) -> None:
        if isinstance(event, FigureDestroyed) and event.owner == 2:
            offer_optional(ctx, 1, "test-draw", "Draw a card for the kill?")

    def resolve(ctx: Ctx, decision: Decision, accepted: bool) -> None:
        if accepted:
            draw_card(ctx, decision.player, "test trigger")

    rules.register_trigger_handler(on_destroyed)
    rules.register_optional_resolver("test-draw", resolve)
    placed = {"p1.gideon": Hex(0, 0), "p2.jace": Hex(0, 5), "p2.proj.1": Hex(1, 0)}
    game = position(rules=rules, placed=placed, phase="post_move",
                    rng=ScriptedRng([HIT, HIT, HIT, BLANK, BLANK]))
    game.apply("attack p1.gideon p2.proj.1")
    assert game.pending.phase == "optional" and game.legal_actions() == [Accept(), Pass()]
    game.apply("accept")
    assert game.state.players[1].hand == ("p1/a", "p1/b")


class TwoTargetAbility:
    """A test activated ability: 1 damage to each opposing figure adjacent to Gideon."""

    def legal(self, state: GameState, player: int) -> Iterable[UseAbility]:
        return [UseAbility("p1:gideon", "sweep")]

    def apply(self, ctx: Ctx, action: Any) -> bool:
        if not isinstance(action, UseAbility):
            return False
        deal_simultaneous_damage(ctx, [("p2.jace", 1, "Sweep"), ("p2.proj.1", 1, "Sweep")])
        return True


def test_action_source_and_simultaneous_damage_order() -> None:
    """Guide "Simultaneous Damage": the player whose turn it is chooses the order; activated
    abilities only before moving, between moving and attacking, or after attacking."""
    rules = standard_rulebook()
    rules.register_action_source(TwoTargetAbility())
    placed = {"p1.gideon": Hex(0, 0), "p2.jace": Hex(1, 0), "p2.proj.1": Hex(-1, 0)}
    game = position(rules=rules, placed=placed)
    assert UseAbility("p1:gideon", "sweep") in game.legal_actions()
    game.apply("move p1.gideon 0,1")
    game.apply("use p1:gideon sweep")
    assert game.phase == "post_move"  # using it ended moving
    assert game.pending.phase == "order_damage" and game.to_act == 1
    assert set(game.legal_actions()) == {OrderDamage("p2.jace"), OrderDamage("p2.proj.1")}
    events = game.apply("order-damage p2.proj.1")
    dealt = [e.figure for e in events if isinstance(e, DamageDealt)]
    assert dealt == ["p2.proj.1", "p2.jace"]
    state = game.state
    assert state.figures["p2.jace"].damage == 1 and state.figures["p2.proj.1"].damage == 1


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000), st.integers(0, 60), st.integers(0, 2**31))
def test_actions_not_offered_are_refused_and_change_nothing(seed: int, steps: int,
                                                            pick: int) -> None:
    """Design note: the client and the AI filter `legal_actions()`; `apply` agrees with it --
    anything not offered is an `IllegalAction` and leaves the state as it was."""
    game = random_game(seed, steps)
    if game.outcome() is not None:
        return
    rnd = random.Random(pick)
    state = game.state
    figures = sorted(state.figures)
    cards = sorted(state.static.cards)
    hexes = sorted(state.static.field.board.columns)
    candidates = [
        MoveFigure(rnd.choice(figures), rnd.choice(hexes)),
        Attack(rnd.choice(figures), rnd.choice(figures)),
        ChooseCard(rnd.choice(cards)), BeginSummon(rnd.choice(cards)),
        PlaceFigure(rnd.choice(hexes)), EndMove(), EndAttack(),
        Discard(rnd.choice(sorted(state.static.spells))), OrderDamage(rnd.choice(figures)),
    ]
    legal = game.legal_actions()
    before = game.state_digest()
    for action in candidates:
        if action in legal:
            continue
        with pytest.raises(IllegalAction):
            game.apply(action)
        assert game.state_digest() == before


def test_saves_are_versioned() -> None:
    """Brief: versioned plain data; a save of another format or version is refused."""
    from arena.engine import SetupError

    data = position().to_data()
    with pytest.raises(SetupError, match="version"):
        Game.from_data({**data, "version": 99})
    with pytest.raises(SetupError, match="not an Arena save"):
        Game.from_data({**data, "format": "other"})
