"""Static abilities at the query points: applies_to measured from any figure of the source
card, cumulative or not, ``when``, count amounts, named sources (design note "Card abilities":
"the engine folds all active modifiers in a fixed order")."""

from __future__ import annotations

from typing import Any

from abilities_kit import position

from arena.engine.testkit import planeswalker, squad
from arena.hexgrid import Hex

GIDEON = planeswalker("gideon")
JACE = planeswalker("jace", defense=3)


def banner(cumulative: bool, stat: str = "defense", when: str = "always",
           amount: Any = 1, **applies: Any) -> dict[str, Any]:
    return {"id": "banner", "name": "Banner", "kind": "static", "text": "t",
            "modifier": {"stat": stat, "amount": amount, "when": when, "cumulative": cumulative,
                         "applies_to": applies or {"relation": "friendly", "within": 2}}}


def game_with(source: Any, placed: dict[str, Hex], **kw: Any):  # type: ignore[no-untyped-def]
    foot = squad("foot", defense=2, move=5, range=1)
    return position([[GIDEON, source, foot], [JACE, squad("foe")]],
                    {"p1.gideon": Hex(0, -7), "p2.jace": Hex(0, 7), **placed}, **kw)


def test_a_squad_static_reaches_from_any_of_its_figures() -> None:
    bearers = squad("bearers", abilities=(banner(False),))
    game = game_with(bearers, {"p1.bearers.1": Hex(0, 0), "p1.bearers.2": Hex(6, -3),
                               "p1.foot.1": Hex(6, -1), "p1.foot.2": Hex(-5, 3)})
    assert game.stat("defense_dice", "p1.foot.1").sources == (("Banner (Bearers)", 1),)
    assert game.stat("defense_dice", "p1.foot.2").sources == ()


def test_not_cumulative_counts_once_near_several_source_figures() -> None:
    bearers = squad("bearers", abilities=(banner(False),))
    game = game_with(bearers, {"p1.bearers.1": Hex(0, 0), "p1.bearers.2": Hex(2, 0),
                               "p1.foot.1": Hex(1, 0)})
    assert game.stat("defense_dice", "p1.foot.1").total == 3


def test_cumulative_counts_once_per_source_figure() -> None:
    bearers = squad("bearers", abilities=(banner(True),))
    game = game_with(bearers, {"p1.bearers.1": Hex(0, 0), "p1.bearers.2": Hex(2, 0),
                               "p1.foot.1": Hex(1, 0)})
    assert game.stat("defense_dice", "p1.foot.1").total == 4
    # The bearers reach each other too (friendly, within 2).
    assert game.stat("defense_dice", "p1.bearers.1").total == 2 + 1 + 1


def test_two_copies_of_a_card_with_a_non_cumulative_static_still_count_once() -> None:
    bearers = squad("bearers", abilities=(banner(False),))
    foot = squad("foot")
    game = position([[GIDEON, bearers, bearers, foot], [JACE]],
                    {"p1.gideon": Hex(0, -7), "p2.jace": Hex(0, 7), "p1.bearers.1": Hex(0, 0),
                     "p1.bearers~2.1": Hex(2, 0), "p1.foot.1": Hex(1, 0)})
    assert game.stat("defense_dice", "p1.foot.1").total == 3


def test_when_limits_a_modifier_to_its_query_point() -> None:
    runner = squad("runner", abilities=(banner(True, stat="move", when="moving",
                                               relation="self"),
                                        banner(True, stat="attack", when="defending",
                                               relation="self") | {"id": "odd"}))
    game = game_with(runner, {"p1.runner.1": Hex(0, 0), "p2.foe.1": Hex(1, 0)})
    assert game.stat("move", "p1.runner.1").total == 6
    option = next(o for o in game.attack_options("p1.runner.1") if o.target == "p2.foe.1")
    assert option.attack_dice == 3  # an attack bonus "when defending" never adds


def test_an_ability_whose_card_has_no_figure_on_the_battlefield_does_nothing() -> None:
    bearers = squad("bearers", abilities=(banner(False),))
    game = game_with(bearers, {"p1.foot.1": Hex(1, 0)})
    assert game.stat("defense_dice", "p1.foot.1").total == 2


def test_count_amounts_and_opposing_relations() -> None:
    hater = squad("hater", abilities=(banner(True, stat="attack", relation="self",
                                             amount={"count": {"relation": "opposing",
                                                               "within": 3},
                                                     "times": 2}),))
    game = game_with(hater, {"p1.hater.1": Hex(0, 0), "p2.foe.1": Hex(1, 0),
                             "p2.foe.2": Hex(0, 3), "p2.foe.3": Hex(0, 4)})
    option = next(o for o in game.attack_options("p1.hater.1") if o.target == "p2.foe.1")
    assert option.attack_dice == 3 + 4
    assert option.attack_sources == (("Banner (Hater)", 4),)


def test_a_life_modifier_counts_toward_destruction() -> None:
    tough = squad("tough", life=1, abilities=(banner(True, stat="life", relation="self",
                                                     amount=2),))
    game = game_with(tough, {"p1.tough.1": Hex(0, 0)}, damage={"p1.tough.1": 2})
    assert game.stat("life", "p1.tough.1").total == 3
    assert game.state.figures["p1.tough.1"].zone == "battlefield"
