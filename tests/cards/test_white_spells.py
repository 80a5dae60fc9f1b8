"""The twelve white spells (cards/spells, white premade deck) on the engine: each works, does
nothing when its condition fails, and its edge cases hold (white: protection and formation)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))

from abilities_kit import (  # noqa: E402
    BLANK,
    GIDEON,
    HIT,
    JACE,
    LILIANA,
    army,
    events_of,
    fig,
    position,
    shipped,
    shipped_spell,
)

from arena.content import load_file  # noqa: E402
from arena.content.catalog import project_root  # noqa: E402
from arena.engine import ObstacleSpec  # noqa: E402
from arena.engine.actions import Accept, Answer, Attack, ChooseCard, Pass, PlaySpell  # noqa: E402
from arena.engine.testkit import hex_field  # noqa: E402
from arena.hexgrid import Hex  # noqa: E402

RHOX, KOR, ZOMBIES, REAVERS = ("rhox-veterans", "kor-hookmasters", "restless-zombies",
                               "blighted-reavers")
PHANTOMS, PROJ = "leyline-phantoms", "illusionary-projections"
G, L, J = fig(1, GIDEON), fig(2, LILIANA), fig(2, JACE)
R1, R2, R3 = fig(1, RHOX, 1), fig(1, RHOX, 2), fig(1, RHOX, 3)
K1, K2 = fig(1, KOR, 1), fig(1, KOR, 2)
Z1, Z2 = fig(2, ZOMBIES, 1), fig(2, ZOMBIES, 2)


def white_vs_black(placed: dict[str, Any], rolls: list[int] | None = None,
                   hand: list[str] = (), **kw: Any) -> Any:  # type: ignore[assignment]
    """Gideon, Rhox Veterans and Kor Hookmasters (player 1) against Liliana, Restless Zombies
    and Blighted Reavers (player 2); player 1's hand holds the named shipped spells."""
    kw.setdefault("phase", "pre_move")
    kw.setdefault("chosen", f"p1:{GIDEON}")
    armies = kw.pop("armies", None) or [
        [shipped(GIDEON), shipped(RHOX), shipped(KOR)],
        [shipped(LILIANA), shipped(ZOMBIES), shipped(REAVERS)]]
    return position(armies, placed, rolls or [], hands=[[shipped_spell(s) for s in hand], []], **kw)


def plays(game: Any, spell_id: str | None = None) -> list[str]:
    texts = sorted(a.text() for a in game.legal_actions() if isinstance(a, PlaySpell))
    return [t for t in texts if spell_id is None or t.split()[1] == f"p1/{spell_id}"]


def to_player_2(game: Any, card: str) -> None:
    """End player 1's turn; player 2 chooses ``card``."""
    game.apply("end-turn")
    game.apply(ChooseCard(card))


def attack_die_total(game: Any, figure: str) -> int:
    return game.stat("attack_dice", figure).total


def defense_die_total(game: Any, figure: str) -> int:
    return game.stat("defense_dice", figure).total


# --- Honor of the Pure ---------------------------------------------------------------------


@pytest.mark.covers("honor-of-the-pure")
def test_honor_of_the_pure_gives_each_figure_of_the_squad_plus_one_attack_and_defense() -> None:
    game = white_vs_black({G: Hex(0, 0), L: Hex(0, 7), R1: Hex(3, 0), R2: Hex(-3, 0),
                           Z1: Hex(3, 3)}, hand=["honor-of-the-pure"])
    game.apply(f"play p1/honor-of-the-pure p1:{RHOX}")
    assert game.state.cards[f"p1:{RHOX}"].enchantments[0].face_up
    for rhox in (R1, R2):  # every figure of the card, wherever it stands
        assert attack_die_total(game, rhox) == 4
        assert defense_die_total(game, rhox) == 3
        assert ("Honor of the Pure", 1) in game.stat("defense_dice", rhox).sources
    assert attack_die_total(game, Z1) == 3
    game.apply("end-turn")
    assert defense_die_total(game, R1) == 3  # while attached: not only this turn


@pytest.mark.covers("honor-of-the-pure")
def test_honor_of_the_pure_enchants_common_squads_only_any_players() -> None:
    game = white_vs_black({G: Hex(0, 0), J: Hex(0, 7), R1: Hex(3, 0),
                           fig(2, PHANTOMS, 1): Hex(3, 3), fig(2, PROJ, 1): Hex(-3, 3)},
                          hand=["honor-of-the-pure"],
                          armies=[[shipped(GIDEON), shipped(RHOX)],
                                  [shipped(JACE), shipped(PHANTOMS), shipped(PROJ)]])
    # Not a Planeswalker, not the unique Leyline Phantoms, not a squad in reserve (Kor).
    assert plays(game) == [f"play p1/honor-of-the-pure p1:{RHOX}",
                           f"play p1/honor-of-the-pure p2:{PROJ}"]
    game.apply(f"play p1/honor-of-the-pure p2:{PROJ}")  # it helps whoever's card it is on
    assert attack_die_total(game, fig(2, PROJ, 1)) == 4
    assert attack_die_total(game, R1) == 3


@pytest.mark.covers("honor-of-the-pure")
def test_honor_of_the_pure_goes_to_its_owners_graveyard_with_the_squad() -> None:
    game = white_vs_black({G: Hex(0, -7), L: Hex(0, 3), R1: Hex(0, 0)},
                          [HIT, HIT, HIT, HIT, BLANK, BLANK, BLANK], hand=["honor-of-the-pure"])
    game.apply(f"play p1/honor-of-the-pure p1:{RHOX}")
    to_player_2(game, f"p2:{LILIANA}")
    game.apply(Attack(L, R1))  # 4 hits against 3 defense dice (2 + Honor): destroyed
    assert game.state.cards[f"p1:{RHOX}"].zone == "graveyard"
    assert game.state.players[1].graveyard == ("p1/honor-of-the-pure",)


# --- Banner of Unity -----------------------------------------------------------------------


@pytest.mark.covers("banner-of-unity")
def test_banner_of_unity_counts_your_adjacent_squad_figures_as_defense() -> None:
    placed = {G: Hex(0, 0), L: Hex(0, 7), R1: Hex(1, 0), R2: Hex(-1, 0), K1: Hex(0, 1),
              Z1: Hex(0, -1), R3: Hex(5, 0)}
    game = white_vs_black(placed, hand=["banner-of-unity"])
    assert plays(game) == [f"play p1/banner-of-unity p1:{GIDEON}",
                           f"play p1/banner-of-unity p2:{LILIANA}"]  # Planeswalkers only
    game.apply(f"play p1/banner-of-unity p1:{GIDEON}")
    # Rhox 1, Rhox 2 and Kor 1 are adjacent; the Zombie is not yours, Rhox 3 is far off.
    assert ("Banner of Unity", 3) in game.stat("defense_dice", G).sources
    assert defense_die_total(game, G) == 8


@pytest.mark.covers("banner-of-unity")
def test_banner_of_unity_is_counted_anew_as_figures_come_and_go() -> None:
    from arena.engine.state import FigureState

    game = white_vs_black({G: Hex(0, 0), L: Hex(0, 7), R1: Hex(1, 0), Z1: Hex(0, -1)},
                          hand=["banner-of-unity"])
    game.apply(f"play p1/banner-of-unity p1:{GIDEON}")
    assert defense_die_total(game, G) == 6
    game.state.set_figure(R1, FigureState("battlefield", (Hex(4, 0),), 0))
    assert defense_die_total(game, G) == 5  # no squad figure of yours adjacent: +0
    assert not [s for s, _ in game.stat("defense_dice", G).sources if s == "Banner of Unity"]


# --- Battle Hymn ---------------------------------------------------------------------------


@pytest.mark.covers("battle-hymn")
def test_battle_hymn_gives_your_squad_figures_near_the_planeswalker_plus_one_attack() -> None:
    placed = {G: Hex(0, 0), L: Hex(0, 7), R1: Hex(4, 0), R2: Hex(5, 0), K1: Hex(-2, 0),
              Z1: Hex(3, 1)}
    game = white_vs_black(placed, hand=["battle-hymn"])
    game.apply("play p1/battle-hymn")
    assert attack_die_total(game, R1) == 4 and attack_die_total(game, K1) == 4
    assert attack_die_total(game, R2) == 3  # 5 spaces away
    assert attack_die_total(game, Z1) == 3  # not yours
    assert game.state.players[1].graveyard == ("p1/battle-hymn",)
    game.apply("end-turn")
    assert attack_die_total(game, R1) == 3  # only this turn


@pytest.mark.covers("battle-hymn")
def test_battle_hymn_needs_clear_sight_and_skips_the_planeswalker() -> None:
    ruin = ObstacleSpec("ruin", "ruin", (Hex(0, -2),), 8)
    placed = {G: Hex(0, 0), L: Hex(0, 7), K1: Hex(0, -3), R1: Hex(0, 2), Z1: Hex(6, 0)}
    game = white_vs_black(placed, hand=["battle-hymn"],
                          field=hex_field(radius=8, obstacles=[ruin]))
    game.apply("play p1/battle-hymn")
    assert attack_die_total(game, K1) == 3  # behind the ruin
    assert attack_die_total(game, R1) == 4
    assert attack_die_total(game, G) == 3  # a Planeswalker is no squad figure


# --- Mending Light -------------------------------------------------------------------------


@pytest.mark.covers("mending-light")
def test_mending_light_removes_up_to_two_damage_from_one_of_your_figures() -> None:
    placed = {G: Hex(0, 0), L: Hex(0, 7), R1: Hex(2, 0), R2: Hex(7, 0),
              fig(2, REAVERS, 1): Hex(0, 3)}
    damage = {G: 3, R1: 2, R2: 1, fig(2, REAVERS, 1): 1}
    game = white_vs_black(placed, hand=["mending-light"], damage=damage)
    # Damaged, yours, within 6 clear-sight spaces: not Rhox 2 (7 away), not the Reaver.
    assert plays(game) == [f"play p1/mending-light {G}", f"play p1/mending-light {R1}"]
    game.apply(f"play p1/mending-light {G}")
    assert game.state.figures[G].damage == 1  # 2 of 3 removed
    game = white_vs_black(placed, hand=["mending-light"], damage=damage)
    game.apply(f"play p1/mending-light {R1}")
    assert game.state.figures[R1].damage == 0


@pytest.mark.covers("mending-light")
def test_mending_light_needs_a_damaged_figure_of_yours() -> None:
    game = white_vs_black({G: Hex(0, 0), L: Hex(0, 7), R1: Hex(2, 0), Z1: Hex(0, 3)},
                          hand=["mending-light"])
    assert plays(game) == []


# --- Guardian's Vigil ----------------------------------------------------------------------


def vigil_game() -> Any:
    game = white_vs_black({G: Hex(0, 0), L: Hex(0, 7), R1: Hex(-3, 0), Z1: Hex(0, 4),
                           Z2: Hex(4, -4)}, hand=["guardians-vigil"])
    assert plays(game) == [f"play p1/guardians-vigil p1:{GIDEON}"]  # your Planeswalker only
    game.apply(f"play p1/guardians-vigil p1:{GIDEON}")
    return game


@pytest.mark.covers("guardians-vigil")
def test_guardians_vigil_flips_when_an_opposing_figure_moves_next_to_your_planeswalker(
) -> None:
    game = vigil_game()
    to_player_2(game, f"p2:{ZOMBIES}")
    game.apply(f"move {Z1} 0,3")  # not adjacent: nothing to flip
    assert game.pending.phase != "optional"
    game.apply(f"move {Z2} 1,-1")
    assert game.pending.phase == "optional" and game.to_act == 1
    events = game.apply(Accept())
    assert events_of(events, "EnchantmentFlipped")[0].spell == "p1/guardians-vigil"
    assert defense_die_total(game, G) == 7
    assert game.state.players[1].graveyard == ("p1/guardians-vigil",)
    game.apply("end-turn")  # until the end of that turn
    assert defense_die_total(game, G) == 5


@pytest.mark.covers("guardians-vigil")
def test_guardians_vigil_ignores_your_own_figures_and_is_lost_if_declined() -> None:
    game = vigil_game()
    game.apply("end-turn")
    game.apply(ChooseCard(f"p2:{LILIANA}"))
    game.apply("end-turn")
    game.apply(ChooseCard(f"p1:{RHOX}"))
    game.apply(f"move {R1} -1,0")  # your own figure next to Gideon: no flip
    assert game.pending.phase != "optional"
    game.apply("end-turn")
    game.apply(ChooseCard(f"p2:{ZOMBIES}"))
    game.apply(f"move {Z2} 1,-1")
    game.apply(Pass())
    assert game.state.players[1].removed == ("p1/guardians-vigil",)
    assert defense_die_total(game, G) == 5


# --- Shield Formation ----------------------------------------------------------------------


@pytest.mark.covers("shield-formation")
def test_shield_formation_shields_the_squad_and_your_figures_next_to_it() -> None:
    placed = {G: Hex(0, 0), L: Hex(0, 7), R1: Hex(1, 0), R2: Hex(-4, 0), K1: Hex(-5, 0),
              K2: Hex(-4, 4), Z1: Hex(3, 3)}
    game = white_vs_black(placed, hand=["shield-formation"])
    assert plays(game) == [f"play p1/shield-formation p1:{KOR}",
                           f"play p1/shield-formation p1:{RHOX}"]  # your common squads
    game.apply(f"play p1/shield-formation p1:{RHOX}")
    to_player_2(game, f"p2:{ZOMBIES}")
    game.apply(f"move {Z1} 2,0")  # next to Rhox 1
    assert game.pending.phase == "optional" and game.to_act == 1
    game.apply(Accept())
    assert defense_die_total(game, R1) == 3 and defense_die_total(game, R2) == 3
    assert defense_die_total(game, G) == 6  # next to Rhox 1
    assert defense_die_total(game, K1) == 3  # next to Rhox 2
    assert defense_die_total(game, K2) == 2  # next to neither
    assert defense_die_total(game, Z1) == 1  # not yours
    game.apply("end-turn")
    assert defense_die_total(game, R1) == 2


@pytest.mark.covers("shield-formation")
def test_shield_formation_stays_down_when_no_opposing_figure_comes_adjacent() -> None:
    game = white_vs_black({G: Hex(0, 0), L: Hex(0, 7), R1: Hex(1, 0), Z1: Hex(4, 4)},
                          hand=["shield-formation"])
    game.apply(f"play p1/shield-formation p1:{RHOX}")
    to_player_2(game, f"p2:{ZOMBIES}")
    game.apply(f"move {Z1} 4,1")
    assert game.pending.phase != "optional"
    assert not game.state.cards[f"p1:{RHOX}"].enchantments[0].face_up


# --- Oath of Peace -------------------------------------------------------------------------


@pytest.mark.covers("oath-of-peace")
def test_oath_of_peace_takes_two_attack_from_the_enchanted_squad() -> None:
    game = white_vs_black({G: Hex(0, 0), L: Hex(0, 7), Z1: Hex(0, 4), Z2: Hex(4, 0)},
                          hand=["oath-of-peace"])
    assert plays(game) == [f"play p1/oath-of-peace p2:{ZOMBIES}"]  # no Planeswalker
    game.apply(f"play p1/oath-of-peace p2:{ZOMBIES}")
    assert attack_die_total(game, Z1) == 1 and attack_die_total(game, Z2) == 1
    assert ("Oath of Peace", -2) in game.stat("attack_dice", Z1).sources


@pytest.mark.covers("oath-of-peace")
def test_oath_of_peace_never_takes_attack_below_zero() -> None:
    weak = army(ZOMBIES, attack=1)
    game = white_vs_black({G: Hex(0, 0), L: Hex(0, 7), Z1: Hex(0, 4)}, hand=["oath-of-peace"],
                          armies=[[shipped(GIDEON)], [shipped(LILIANA), weak]])
    game.apply(f"play p1/oath-of-peace p2:{ZOMBIES}")
    assert attack_die_total(game, Z1) == 0


# --- Stand Down ----------------------------------------------------------------------------


@pytest.mark.covers("stand-down")
def test_stand_down_keeps_an_opposing_squad_from_being_chosen_on_its_owners_next_turn(
) -> None:
    placed = {G: Hex(0, 0), L: Hex(0, 8), Z1: Hex(0, 5), fig(2, REAVERS, 1): Hex(7, 0)}
    game = white_vs_black(placed, hand=["stand-down"])
    assert plays(game) == [f"play p1/stand-down p2:{ZOMBIES}"]  # the Reavers are 7 away
    game.apply(f"play p1/stand-down p2:{ZOMBIES}")
    game.apply("end-turn")
    choices = [a.card for a in game.legal_actions() if isinstance(a, ChooseCard)]
    assert f"p2:{ZOMBIES}" not in choices and f"p2:{REAVERS}" in choices
    game.apply(ChooseCard(f"p2:{LILIANA}"))
    game.apply("end-turn")
    game.apply(ChooseCard(f"p1:{GIDEON}"))
    game.apply("end-turn")
    choices = [a.card for a in game.legal_actions() if isinstance(a, ChooseCard)]
    assert f"p2:{ZOMBIES}" in choices  # only that next turn


@pytest.mark.covers("stand-down")
def test_stand_down_needs_clear_sight_to_the_squad() -> None:
    ruin = ObstacleSpec("ruin", "ruin", (Hex(0, 2),), 8)
    game = white_vs_black({G: Hex(0, 0), L: Hex(0, 8), Z1: Hex(0, 4)}, hand=["stand-down"],
                          field=hex_field(radius=8, obstacles=[ruin]))
    assert plays(game) == []


# --- Riposte -------------------------------------------------------------------------------


def riposte_game(rolls: list[int]) -> Any:
    game = white_vs_black({G: Hex(0, -6), L: Hex(0, 5), R1: Hex(0, 0), R2: Hex(5, -5),
                           Z1: Hex(1, 0)}, rolls, hand=["riposte"])
    game.apply(f"play p1/riposte p1:{RHOX}")
    return game


@pytest.mark.covers("riposte")
def test_riposte_hurts_an_adjacent_attacker_after_the_attack() -> None:
    game = riposte_game([BLANK, BLANK, BLANK, BLANK, BLANK])
    to_player_2(game, f"p2:{ZOMBIES}")
    game.apply(Attack(Z1, R1))
    assert game.pending.phase == "optional" and game.to_act == 1
    events = game.apply(Accept())
    assert [(d.figure, d.amount) for d in events_of(events, "DamageDealt")] == [(Z1, 1)]
    assert game.state.figures[Z1].zone == "graveyard"
    assert game.state.players[1].graveyard == ("p1/riposte",)


@pytest.mark.covers("riposte")
def test_riposte_ignores_ranged_attackers_and_attacks_that_destroy_the_figure() -> None:
    game = riposte_game([BLANK] * 6)
    to_player_2(game, f"p2:{LILIANA}")
    game.apply(Attack(L, R1))  # from 5 spaces away
    assert game.pending.phase != "optional"
    game = riposte_game([HIT, HIT, HIT, BLANK, BLANK])
    to_player_2(game, f"p2:{ZOMBIES}")
    game.apply(Attack(Z1, R1))  # Rhox 1 is destroyed; Rhox 2 keeps the card in play
    assert game.state.figures[R1].zone == "graveyard"
    assert game.pending.phase != "optional"
    assert not game.state.cards[f"p1:{RHOX}"].enchantments[0].face_up


# --- Close Ranks ---------------------------------------------------------------------------


@pytest.mark.covers("close-ranks")
def test_close_ranks_moves_one_squad_figure_without_leaving_engagement_attacks() -> None:
    placed = {G: Hex(0, 0), L: Hex(0, 8), R1: Hex(3, 0), R2: Hex(6, 0), Z1: Hex(4, 0)}
    game = white_vs_black(placed, hand=["close-ranks"])
    assert plays(game) == [f"play p1/close-ranks {R1}"]  # Rhox 2 is 6 away; no Planeswalker
    game.apply(f"play p1/close-ranks {R1}")
    options = game.pending.decision.data["options"]
    assert "stay" in options and "3,-3" in options and "3,-4" not in options
    events = game.apply(Answer("3,-3"))  # leaves the Zombie; no die is scripted
    assert events_of(events, "LeavingEngagementAttacked") == []
    assert game.state.figures[R1].hexes == (Hex(3, -3),)


@pytest.mark.covers("close-ranks")
def test_close_ranks_may_leave_the_figure_where_it_is() -> None:
    game = white_vs_black({G: Hex(0, 0), L: Hex(0, 8), R1: Hex(3, 0)}, hand=["close-ranks"])
    game.apply(f"play p1/close-ranks {R1}")
    game.apply(Answer("stay"))
    assert game.state.figures[R1].hexes == (Hex(3, 0),)


# --- Divine Blessing -----------------------------------------------------------------------


@pytest.mark.covers("divine-blessing")
def test_divine_blessing_lasts_while_the_figure_stays_on_the_battlefield() -> None:
    game = white_vs_black({G: Hex(0, 0), L: Hex(0, 8), R1: Hex(2, 0), R2: Hex(7, 0)},
                          hand=["divine-blessing"])
    assert plays(game) == [f"play p1/divine-blessing {G}", f"play p1/divine-blessing {R1}"]
    game.apply(f"play p1/divine-blessing {R1}")
    assert defense_die_total(game, R1) == 3
    game.apply("end-turn")
    assert defense_die_total(game, R1) == 3  # not only this turn
    assert defense_die_total(game, R2) == 2


@pytest.mark.covers("divine-blessing")
def test_divine_blessing_ends_when_the_figure_leaves_the_battlefield() -> None:
    unsummon = load_file(project_root() / "cards" / "spells" / "unsummon.yaml")
    game = position([[shipped(GIDEON), shipped(RHOX)], [shipped(JACE)]],
                    {G: Hex(0, 0), J: Hex(0, 8), R1: Hex(2, 0)},
                    hands=[[shipped_spell("divine-blessing")], [unsummon]], phase="pre_move",
                    chosen=f"p1:{GIDEON}")
    game.apply(f"play p1/divine-blessing {R1}")
    game.apply("end-turn")
    game.apply(ChooseCard(f"p2:{JACE}"))
    game.apply(f"play p2/unsummon p1:{RHOX}")
    game.apply("end-turn")
    game.apply(ChooseCard(f"p1:{GIDEON}"))
    game.apply(f"summon p1:{RHOX}")
    game.apply("place 2,0")
    assert game.state.figures[R1].hexes == (Hex(2, 0),)
    assert defense_die_total(game, R1) == 2


# --- Call to Arms --------------------------------------------------------------------------


def call_game() -> Any:
    game = white_vs_black({G: Hex(0, 0), L: Hex(0, 8), R1: Hex(3, 0)}, hand=["call-to-arms"])
    game.apply(f"play p1/call-to-arms p1:{RHOX}")
    game.apply("end-turn")
    game.apply(ChooseCard(f"p2:{LILIANA}"))
    assert game.pending.phase != "optional"  # the opponent choosing is no occasion
    game.apply("end-turn")
    return game


@pytest.mark.covers("call-to-arms")
def test_call_to_arms_flips_when_you_choose_the_squad() -> None:
    game = call_game()
    game.apply(ChooseCard(f"p1:{RHOX}"))
    assert game.pending.phase == "optional" and game.to_act == 1
    game.apply(Accept())
    assert attack_die_total(game, R1) == 4
    assert game.stat("move", R1).total == 6
    assert game.state.players[1].graveyard == ("p1/call-to-arms",)
    game.apply("end-turn")
    assert attack_die_total(game, R1) == 3 and game.stat("move", R1).total == 5


@pytest.mark.covers("call-to-arms")
def test_call_to_arms_waits_while_another_card_is_chosen() -> None:
    game = call_game()
    game.apply(ChooseCard(f"p1:{GIDEON}"))
    assert game.pending.phase == "pre_move"
    assert not game.state.cards[f"p1:{RHOX}"].enchantments[0].face_up
    assert attack_die_total(game, R1) == 3
