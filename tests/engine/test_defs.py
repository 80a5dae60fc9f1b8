"""Card definitions the engine builds by itself: each default written once, on the field."""

from __future__ import annotations

import dataclasses

from arena.engine.defs import (
    ArmyCardData,
    HitZoneData,
    SpellCardData,
    card_to_data,
)


def test_a_card_read_from_data_takes_the_fields_defaults() -> None:
    """Only the id given: every other field is the dataclass default, the name the id."""
    assert ArmyCardData.from_data({"id": "rhox"}) == ArmyCardData(id="rhox", name="rhox")
    assert SpellCardData.from_data({"id": "zap"}) == SpellCardData(id="zap", name="zap")
    nulls = {f.name: None for f in dataclasses.fields(ArmyCardData) if f.name != "id"}
    assert ArmyCardData.from_data({"id": "rhox", **nulls, "hit_zone": {}}) == ArmyCardData(
        id="rhox", name="rhox")


def test_a_card_round_trips_through_its_data() -> None:
    army = ArmyCardData(id="cats", name="Cats", colours=("green", "white"), kind="common_squad",
                        figures=2, life=3, move=6, range=2, attack=4, defense=1, height=3,
                        base="double", cost=70, price_per_figure=35, target_point=2.5,
                        hit_zone=HitZoneData(0.5, 2.5), creature_type="Cat")
    assert ArmyCardData.from_data(card_to_data(army)) == army
    spell = SpellCardData(id="ward", name="Ward", colour="blue", type="aura", cost=20,
                          effects=({"effect": "draw"},), enchants=("squad",))
    assert SpellCardData.from_data(card_to_data(spell)) == spell
