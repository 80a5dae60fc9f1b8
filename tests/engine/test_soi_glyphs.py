"""Shadows over Innistrad glyphs through the engine: Glyph of Recall (temporary), Glyph of
Healing (permanent), and the Glyph of Movement's amount as data (core +2, Shadows over
Innistrad +1) from the battlefield or the scenario."""

from __future__ import annotations

from typing import Any

from arena.content.battlefield import Battlefield
from arena.content.to_engine import field_from_battlefield
from arena.engine import Game, GlyphSpec, PlayerSetup, ScenarioRules
from arena.engine.events import DamageRemoved, GlyphFlipped, GlyphTaken, SpellRecalled
from arena.engine.rng import ScriptedRng
from arena.engine.testkit import hex_field, planeswalker, spell, squad
from arena.hexgrid import Hex

HIT, SHIELD, BLANK = 1, 4, 6
GIDEON = planeswalker("gideon")
JACE = planeswalker("jace", life=7, range=7, attack=5, defense=3, height=4)
RHOX = squad("rhox")


def game_with(placed: dict[str, Any], glyphs: list[GlyphSpec], **kw: Any) -> Game:
    kw.setdefault("phase", "pre_move")
    kw.setdefault("chosen", "p1:gideon")
    p1 = kw.pop("p1", PlayerSetup([GIDEON, RHOX]))
    p2 = kw.pop("p2", PlayerSetup([JACE, RHOX]))
    return Game.from_position(hex_field(radius=6), [p1, p2], placed, turn=3, glyphs=glyphs,
                              rng=ScriptedRng(kw.pop("rolls", [])), **kw)


# --- Glyph of Recall -----------------------------------------------------------------------


def test_a_face_down_glyph_of_recall_flips_returns_a_spell_and_leaves() -> None:
    """Summary "Glyph of Recall": "Return any spell from your graveyard to your hand"; a
    temporary glyph is removed once used."""
    p1 = PlayerSetup([GIDEON, RHOX], hand=[spell("a")], graveyard=[spell("b"), spell("c")])
    game = game_with({"p1.gideon": Hex(0, 0), "p2.jace": Hex(0, 5)},
                     [GlyphSpec(Hex(2, 0), "recall", face_up=False)], p1=p1)
    events = game.apply("move p1.gideon 2,0")
    names = [type(e).__name__ for e in events]
    assert names[:3] == ["FigureMoved", "GlyphFlipped", "GlyphTaken"]
    flipped = next(e for e in events if isinstance(e, GlyphFlipped))
    assert flipped.name == "Glyph of Recall"
    assert Hex(2, 0) not in game.state.glyphs
    assert game.pending.phase == "recall" and game.pending.player == 1
    assert [a.text() for a in game.legal_actions()] == ["recall p1/b", "recall p1/c"]
    events = game.apply("recall p1/c")
    assert isinstance(events[-1], SpellRecalled) and events[-1].name == "C"
    assert game.state.players[1].hand == ("p1/a", "p1/c")
    assert game.state.players[1].graveyard == ("p1/b",)
    assert game.pending.phase == "move"  # the turn goes on


def test_a_glyph_of_recall_with_an_empty_graveyard_is_used_up_for_nothing() -> None:
    p1 = PlayerSetup([GIDEON, RHOX], hand=[spell("a")])
    game = game_with({"p1.gideon": Hex(0, 0), "p2.jace": Hex(0, 5)},
                     [GlyphSpec(Hex(2, 0), "recall")], p1=p1)
    events = game.apply("move p1.gideon 2,0")
    assert any(isinstance(e, GlyphTaken) for e in events)
    assert game.pending.phase == "move" and game.state.players[1].hand == ("p1/a",)
    assert Hex(2, 0) not in game.state.glyphs


# --- Glyph of Healing ----------------------------------------------------------------------


def test_glyph_of_healing_heals_its_holder_each_of_its_controllers_turns() -> None:
    """Summary "Glyph of Healing": "At the start of this figure's controller's turn, remove 1
    damage marker from this figure" -- a permanent glyph: it stays and heals again."""
    placed = {"p1.gideon": Hex(0, 0), "p2.jace": Hex(0, 5), "p2.rhox.1": Hex(3, 0)}
    glyphs = [GlyphSpec(Hex(2, 0), "healing"), GlyphSpec(Hex(3, 0), "healing")]
    game = game_with(placed, glyphs, damage={"p1.gideon": 3, "p2.rhox.1": 2})
    game.apply("move p1.gideon 2,0")
    events = game.apply("end-turn")  # player 2's turn starts: their Rhox heals, not Gideon
    healed = [(e.figure, e.amount) for e in events if isinstance(e, DamageRemoved)]
    assert healed == [("p2.rhox.1", 1)]
    assert game.state.figures["p1.gideon"].damage == 3
    events = game.apply("end-turn")  # player 1's turn: Gideon heals
    healed = [(e.figure, e.amount) for e in events if isinstance(e, DamageRemoved)]
    assert healed == [("p1.gideon", 1)]
    assert game.state.figures["p1.gideon"].damage == 2
    assert game.state.glyphs[Hex(2, 0)].kind == "healing"
    game.apply("end-turn")
    game.apply("end-turn")
    assert game.state.figures["p1.gideon"].damage == 1


def test_glyph_of_healing_does_nothing_to_an_unhurt_figure() -> None:
    placed = {"p1.gideon": Hex(2, 0), "p2.jace": Hex(0, 5)}
    game = game_with(placed, [GlyphSpec(Hex(2, 0), "healing")], phase="turn_start", chosen=None)
    assert not any(isinstance(e, DamageRemoved) for e in game.initial_events)


# --- Glyph of Movement amount --------------------------------------------------------------


def test_glyph_of_movement_amount_from_the_scenario() -> None:
    """cards.md "Glyphs": Movement +2 in the core guide, +1 in Shadows over Innistrad: the
    scenario's ``glyph_amounts`` sets it where the battlefield does not."""
    placed = {"p1.gideon": Hex(0, 0), "p1.rhox.1": Hex(2, 0), "p2.jace": Hex(0, 5)}
    core = game_with(placed, [GlyphSpec(Hex(2, 0), "movement")])
    assert core.stat("move", "p1.gideon").total == 6 + 2
    soi = ScenarioRules(glyph_amounts=(("movement", 1),))
    game = game_with(placed, [GlyphSpec(Hex(2, 0), "movement")], scenario=soi)
    assert game.state.glyphs[Hex(2, 0)].amount == 1
    assert game.stat("move", "p1.gideon").sources == (("Glyph of Movement", 1),)
    assert game.stat("move", "p1.gideon").total == 7
    own = game_with(placed, [GlyphSpec(Hex(2, 0), "movement", amount=3)], scenario=soi)
    assert own.stat("move", "p1.gideon").total == 9  # the battlefield's own number wins


def test_glyph_amount_from_a_battlefield_file() -> None:
    """The battlefield format's optional glyph ``amount`` reaches the engine."""
    columns = [{"at": [q, r], "levels": ["land"]} for q in range(-2, 3) for r in range(-2, 3)]
    bf = Battlefield.model_validate(dict(
        format="battlefield", id="tiny", name="Tiny", provenance="reconstructed",
        columns=columns,
        glyphs=[{"at": [0, 0], "glyph": "movement", "amount": 1},
                {"at": [1, 0], "glyph": "power"}],
    ))
    field = field_from_battlefield(bf)
    assert [(g.kind, g.amount, g.value) for g in field.glyphs] == [
        ("movement", 1, 1), ("power", None, 1)]
