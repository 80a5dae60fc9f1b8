"""The eleven shipped army cards (cards/army) on the engine: one test per ability that it
works, plus its key edge case (cards.md; guide "Terms and clarifications")."""

from __future__ import annotations

import pytest
from abilities_kit import (
    BLANK,
    CHANDRA,
    GIDEON,
    HIT,
    JACE,
    LILIANA,
    NISSA,
    SHIELD,
    answers,
    events_of,
    fig,
    of_type,
    position,
    shipped,
    spell_card,
)

from arena.engine import IllegalAction
from arena.engine.actions import Accept, Answer, Attack, ChooseCard, Pass, UseAbility
from arena.engine.testkit import squad
from arena.hexgrid import Hex

RHOX, KOR, PHANTOMS, PROJ = ("rhox-veterans", "kor-hookmasters", "leyline-phantoms",
                             "illusionary-projections")
ZOMBIES, REAVERS = "restless-zombies", "blighted-reavers"
G, J, L, C, N = fig(1, GIDEON), fig(2, JACE), fig(2, LILIANA), fig(1, CHANDRA), fig(1, NISSA)


def white_vs_black(placed: dict[str, Hex], rolls: list[int] = (), **kw: object):  # type: ignore
    return position([[shipped(GIDEON), shipped(RHOX), shipped(KOR)],
                     [shipped(LILIANA), shipped(ZOMBIES), shipped(REAVERS)]], placed, rolls,
                    **kw)


# --- Gideon ----------------------------------------------------------------------------------


@pytest.mark.covers("gideon-jura-combat-mage/avatar-of-justice")
def test_avatar_of_justice_counts_opposing_figures_within_two_clear_sight_spaces() -> None:
    """cards.md: +1 attack die per opposing figure within 2 clear-sight spaces of Gideon,
    counted when he attacks."""
    game = white_vs_black({G: Hex(0, 0), L: Hex(0, 6), fig(2, ZOMBIES, 1): Hex(1, 0),
                           fig(2, ZOMBIES, 2): Hex(-2, 0), fig(2, ZOMBIES, 3): Hex(3, 0),
                           fig(1, RHOX, 1): Hex(0, 1)},
                          phase="post_move", chosen=f"p1:{GIDEON}")
    option = next(o for o in game.attack_options(G) if o.target == fig(2, ZOMBIES, 1))
    assert option.attack_dice == 3 + 2  # zombies 1 and 2; zombie 3 is 3 away; Rhox is his
    assert ("Avatar of Justice (Gideon)", 2) in option.attack_sources
    # Only when he attacks: his defense is untouched.
    assert game.stat("defense_dice", G, fig(2, ZOMBIES, 1)).sources == ()


@pytest.mark.covers("gideon-jura-combat-mage/avatar-of-justice")
def test_avatar_of_justice_needs_clear_sight() -> None:
    from arena.engine import ObstacleSpec
    from arena.engine.testkit import hex_field

    wall = ObstacleSpec("ruin", "ruin", (Hex(-1, 0),), 8)
    game = white_vs_black({G: Hex(0, 0), L: Hex(0, 6), fig(2, ZOMBIES, 1): Hex(1, 0),
                           fig(2, ZOMBIES, 2): Hex(-2, 0)},
                          phase="post_move", chosen=f"p1:{GIDEON}",
                          field=hex_field(radius=8, obstacles=[wall]))
    option = next(o for o in game.attack_options(G) if o.target == fig(2, ZOMBIES, 1))
    assert option.attack_dice == 4  # the zombie behind the ruin is not counted


@pytest.mark.covers("gideon-jura-combat-mage/counter-strike")
def test_counter_strike_turns_extra_shields_into_damage_on_an_adjacent_attacker() -> None:
    """Counter Strike: each shield beyond those blocking every hit deals 1 unblockable damage
    to an adjacent attacker."""
    game = white_vs_black({G: Hex(0, 0), L: Hex(0, 6), fig(2, REAVERS, 1): Hex(1, 0)},
                          [HIT, BLANK, BLANK, SHIELD, SHIELD, SHIELD, BLANK, BLANK],
                          phase="post_move", chosen=f"p2:{REAVERS}", active=2)
    events = game.apply(Attack(fig(2, REAVERS, 1), G))
    dealt = events_of(events, "DamageDealt")
    assert [(d.figure, d.amount, d.source) for d in dealt] == [
        (fig(2, REAVERS, 1), 2, "Counter Strike (Gideon)")]
    assert game.state.figures[G].damage == 0


@pytest.mark.covers("gideon-jura-combat-mage/counter-strike")
def test_counter_strike_only_against_adjacent_attackers() -> None:
    """Edge case: a ranged attacker is not punished."""
    game = position([[shipped(GIDEON)], [shipped(JACE)]], {G: Hex(0, 0), J: Hex(0, 4)},
                    [HIT, BLANK, BLANK, BLANK, BLANK, SHIELD, SHIELD, SHIELD, BLANK, BLANK],
                    phase="post_move", chosen=f"p2:{JACE}", active=2)
    events = game.apply(Attack(J, G))
    assert events_of(events, "DamageDealt") == []
    assert game.state.figures[J].damage == 0


# --- Liliana -------------------------------------------------------------------------------


@pytest.mark.covers("liliana-vess-necromancer/zombie-toughness")
def test_zombie_toughness_gives_own_zombies_within_four_clear_sight_spaces_a_defense_die(
) -> None:
    game = white_vs_black({G: Hex(0, -6), L: Hex(0, 0), fig(2, ZOMBIES, 1): Hex(0, 3),
                           fig(2, ZOMBIES, 2): Hex(0, 5), fig(2, REAVERS, 1): Hex(1, 0),
                           fig(1, RHOX, 1): Hex(-1, 0)})
    source = ("Zombie Toughness (Liliana)", 1)
    assert source in game.stat("defense_dice", fig(2, ZOMBIES, 1)).sources
    assert source in game.stat("defense_dice", fig(2, REAVERS, 1)).sources
    assert source not in game.stat("defense_dice", fig(2, ZOMBIES, 2)).sources  # 5 away
    assert source not in game.stat("defense_dice", fig(1, RHOX, 1)).sources  # not a Zombie
    assert game.stat("defense_dice", fig(2, ZOMBIES, 1)).total == 2


@pytest.mark.covers("liliana-vess-necromancer/snuff-out")
def test_snuff_out_destroys_a_damaged_squad_creature_and_liliana_may_still_attack() -> None:
    game = white_vs_black({G: Hex(0, -6), L: Hex(0, 0), fig(1, RHOX, 1): Hex(0, 3),
                           fig(1, RHOX, 2): Hex(1, 0), fig(1, KOR, 1): Hex(2, 0)},
                          [HIT, BLANK, BLANK, BLANK, BLANK, BLANK],
                          damage={fig(1, RHOX, 1): 1}, phase="post_move",
                          chosen=f"p2:{LILIANA}", active=2)
    uses = of_type(game, "UseAbility")
    assert uses == [UseAbility(f"p2:{LILIANA}", "snuff-out", (fig(1, RHOX, 1),))]
    events = game.apply(uses[0])
    assert events_of(events, "FigureDestroyed")[0].figure == fig(1, RHOX, 1)
    assert of_type(game, "UseAbility") == []  # once per turn
    assert Attack(L, fig(1, RHOX, 2)) in game.legal_actions()  # usable besides her attack
    game.apply(Attack(L, fig(1, RHOX, 2)))
    assert game.state.figures[fig(1, RHOX, 2)].damage == 1


@pytest.mark.covers("liliana-vess-necromancer/snuff-out")
def test_snuff_out_needs_an_existing_damage_marker() -> None:
    game = white_vs_black({G: Hex(0, -6), L: Hex(0, 0), fig(1, RHOX, 1): Hex(0, 3)},
                          phase="post_move", chosen=f"p2:{LILIANA}", active=2)
    assert of_type(game, "UseAbility") == []
    with pytest.raises(IllegalAction):
        game.apply(UseAbility(f"p2:{LILIANA}", "snuff-out", (fig(1, RHOX, 1),)))


@pytest.mark.covers("liliana-vess-necromancer/snuff-out")
def test_snuff_out_only_on_a_turn_liliana_is_chosen_and_never_mid_move() -> None:
    placed = {G: Hex(0, -6), L: Hex(0, 0), fig(2, ZOMBIES, 1): Hex(-3, 0),
              fig(1, RHOX, 1): Hex(0, 3)}
    game = white_vs_black(placed, damage={fig(1, RHOX, 1): 1}, phase="post_move",
                          chosen=f"p2:{ZOMBIES}", active=2)
    assert of_type(game, "UseAbility") == []
    game = white_vs_black(placed, damage={fig(1, RHOX, 1): 1}, phase="choose", active=2)
    assert of_type(game, "UseAbility") == []
    game.apply(ChooseCard(f"p2:{LILIANA}"))
    assert len(of_type(game, "UseAbility")) == 1  # before moving


# --- Chandra -------------------------------------------------------------------------------


def red_vs_black(placed: dict[str, Hex], rolls: list[int] = (), **kw: object):  # type: ignore
    return position([[shipped(CHANDRA)], [shipped(LILIANA), shipped(ZOMBIES)]], placed, rolls,
                    **kw)


@pytest.mark.covers("chandra-nalaar-pyromancer/double-attack")
def test_double_attack_lets_chandra_attack_once_more_once_per_turn() -> None:
    placed = {C: Hex(0, 0), L: Hex(0, 4), fig(2, ZOMBIES, 1): Hex(4, 0)}
    game = red_vs_black(placed, [BLANK, BLANK, BLANK, BLANK, BLANK, BLANK,
                                 BLANK, BLANK, BLANK, BLANK, BLANK, BLANK],
                        phase="post_move", chosen=f"p1:{CHANDRA}")
    game.apply(Attack(C, L))
    assert game.pending.phase == "optional" and "Double Attack" in game.pending.description
    game.apply(Accept())
    assert Attack(C, L) in game.legal_actions()
    game.apply(Attack(C, L))
    assert game.pending.phase == "attack"  # no second offer: once per turn
    assert [a for a in game.legal_actions() if isinstance(a, Attack)] == []


@pytest.mark.covers("chandra-nalaar-pyromancer/double-attack")
def test_double_attack_declined_gives_no_second_attack() -> None:
    game = red_vs_black({C: Hex(0, 0), L: Hex(0, 4)}, [BLANK] * 6, phase="post_move",
                        chosen=f"p1:{CHANDRA}")
    game.apply(Attack(C, L))
    game.apply(Pass())
    assert [a for a in game.legal_actions() if isinstance(a, Attack)] == []


@pytest.mark.covers("chandra-nalaar-pyromancer/super-heated")
def test_super_heated_discards_a_red_spell_to_deal_one_damage() -> None:
    fire = spell_card("fire", colour="red", effects=[{"effect": "draw"}])
    frost = spell_card("frost", colour="blue", effects=[{"effect": "draw"}])
    placed = {C: Hex(0, 0), L: Hex(0, 7), fig(2, ZOMBIES, 1): Hex(0, 5),
              fig(2, ZOMBIES, 2): Hex(7, -7)}
    game = red_vs_black(placed, hands=[[fire, frost]], phase="post_move",
                        chosen=f"p1:{CHANDRA}")
    uses = of_type(game, "UseAbility")
    # Creatures within 6 clear-sight spaces (not Liliana: a Planeswalker), paid with the red
    # card only.
    assert uses == [UseAbility(f"p1:{CHANDRA}", "super-heated", ("p1/fire", fig(2, ZOMBIES, 1)))]
    events = game.apply(uses[0])
    assert "p1/fire" in game.state.players[1].graveyard
    assert game.state.players[1].hand == ("p1/frost",)
    assert events_of(events, "FigureDestroyed")[0].figure == fig(2, ZOMBIES, 1)
    assert of_type(game, "UseAbility") == []


@pytest.mark.covers("chandra-nalaar-pyromancer/super-heated")
def test_super_heated_needs_a_red_spell_card() -> None:
    frost = spell_card("frost", colour="blue", effects=[{"effect": "draw"}])
    game = red_vs_black({C: Hex(0, 0), L: Hex(0, 7), fig(2, ZOMBIES, 1): Hex(0, 5)},
                        hands=[[frost]], phase="post_move", chosen=f"p1:{CHANDRA}")
    assert of_type(game, "UseAbility") == []


# --- Nissa ---------------------------------------------------------------------------------

ELVES = squad("elves", colours=("green",), range=5, creature_type="Elf")
ROOTS = squad("roots", colours=("green",), range=1, creature_type="Elemental")


def green(placed: dict[str, Hex], rolls: list[int] = (), **kw: object):  # type: ignore
    return position([[shipped(NISSA), ELVES, ROOTS], [shipped(JACE)]], placed, rolls, **kw)


@pytest.mark.covers("nissa-revane-animist/keen-sight")
def test_keen_sight_gives_green_creatures_with_range_two_or_more_plus_two_range() -> None:
    game = green({N: Hex(0, 0), J: Hex(0, 8), "p1.elves.1": Hex(0, 3), "p1.elves.2": Hex(0, -5),
                  "p1.roots.1": Hex(1, 0)})
    assert game.stat("range", "p1.elves.1").total == 7
    assert ("Keen Sight (Nissa)", 2) in game.stat("range", "p1.elves.1").sources
    assert game.stat("range", "p1.elves.2").total == 5  # 5 spaces away
    assert game.stat("range", "p1.roots.1").total == 1  # range 1: Keen Sight's condition
    assert game.stat("range", N).total == 7  # Nissa is no creature


@pytest.mark.covers("nissa-revane-animist/sprint")
def test_sprint_moves_nissa_up_to_three_more_spaces_at_the_end_of_her_turn() -> None:
    game = green({N: Hex(0, 0), J: Hex(0, 8)}, phase="post_attack", chosen=f"p1:{NISSA}")
    game.apply("end-turn")
    assert game.pending.phase == "optional" and "Sprint" in game.pending.description
    game.apply(Accept())
    options = answers(game)
    assert "stay" in options and "0,3" in options and "0,4" not in options
    game.apply(Answer("0,3"))
    assert game.state.figures[N].hexes == (Hex(0, 3),)
    assert game.active == 2


@pytest.mark.covers("nissa-revane-animist/sprint")
def test_sprint_declined_leaves_nissa_and_only_on_her_turn() -> None:
    game = green({N: Hex(0, 0), J: Hex(0, 8), "p1.elves.1": Hex(3, 0)}, phase="post_attack",
                 chosen="p1:elves")
    game.apply("end-turn")
    assert game.active == 2  # Nissa was not chosen: no Sprint
    game = green({N: Hex(0, 0), J: Hex(0, 8)}, phase="post_attack", chosen=f"p1:{NISSA}")
    game.apply("end-turn")
    game.apply(Pass())
    assert game.state.figures[N].hexes == (Hex(0, 0),) and game.active == 2


# --- Jace ----------------------------------------------------------------------------------

CARDS = [spell_card(f"card-{i}", effects=[{"effect": "draw"}]) for i in range(3)]


@pytest.mark.covers("jace-beleren-mindmage/focused-thoughts")
def test_focused_thoughts_looks_at_the_top_card_and_may_put_it_on_the_bottom() -> None:
    game = position([[shipped(JACE)], [shipped(GIDEON)]], {fig(1, JACE): Hex(0, 0),
                                                           fig(2, GIDEON): Hex(0, 6)},
                    libraries=[CARDS], phase="pre_move", chosen=f"p1:{JACE}")
    game.apply(UseAbility(f"p1:{JACE}", "focused-thoughts"))
    assert game.pending.decision is not None
    assert game.pending.decision.data["card"] == "p1/card-0"
    assert answers(game) == ["top", "bottom"]
    # The other player sees neither the card nor its id.
    view = game.view(2)
    assert view.pending.decision is not None and "card" in view.pending.decision.data
    assert view.pending.decision.data["card"] == "hidden"
    game.apply(Answer("bottom"))
    assert game.state.players[1].library == ("p1/card-1", "p1/card-2", "p1/card-0")
    assert of_type(game, "UseAbility") == []  # once per turn


@pytest.mark.covers("jace-beleren-mindmage/focused-thoughts")
def test_focused_thoughts_needs_a_library() -> None:
    game = position([[shipped(JACE)], [shipped(GIDEON)]], {fig(1, JACE): Hex(0, 0),
                                                           fig(2, GIDEON): Hex(0, 6)},
                    phase="pre_move", chosen=f"p1:{JACE}")
    assert of_type(game, "UseAbility") == []


def mind_stealer(roll: int, gideon_at: Hex | None = None):  # type: ignore
    game = position([[shipped(JACE), shipped(PROJ)], [shipped(GIDEON), shipped(RHOX)]],
                    {fig(1, JACE): Hex(0, 0), fig(2, GIDEON): gideon_at or Hex(0, 3),
                     fig(2, RHOX, 1): Hex(5, 0)},
                    [roll], phase="post_attack", chosen=f"p1:{JACE}")
    game.apply("end-turn")
    return game


@pytest.mark.covers("jace-beleren-mindmage/mind-stealer")
def test_mind_stealer_takes_a_turn_with_the_other_planeswalker_on_sixteen() -> None:
    game = mind_stealer(16)
    assert "Mind Stealer" in game.pending.description
    events = game.apply(Accept())
    assert events_of(events, "D20Rolled")[0].value == 16
    gideon = fig(2, GIDEON)
    assert game.active == 1 and game.phase == "pre_move"
    assert game.state.turn_state.chosen == f"p2:{GIDEON}"
    assert game.state.controller(gideon) == 1
    assert any(a.text().startswith(f"move {gideon}") for a in game.legal_actions())
    game.apply(f"move {gideon} 4,0")
    assert Attack(gideon, fig(2, RHOX, 1)) in game.legal_actions()  # his own squad now
    game.apply("end-turn")
    assert game.state.controller(gideon) == 2
    assert game.active == 2 and game.phase == "choose"


@pytest.mark.covers("jace-beleren-mindmage/mind-stealer")
def test_mind_stealer_fails_below_sixteen_and_needs_a_planeswalker_in_range() -> None:
    game = mind_stealer(15)
    game.apply(Accept())
    assert game.active == 2 and game.state.controller(fig(2, GIDEON)) == 2
    game = mind_stealer(20, gideon_at=Hex(0, 5))  # 5 spaces: not offered, nothing rolled
    assert game.active == 2 and game.pending.phase == "choose"


# --- squads --------------------------------------------------------------------------------


@pytest.mark.covers("illusionary-projections/collective-knowledge")
def test_collective_knowledge_draws_a_card_when_the_projections_are_summoned() -> None:
    game = position([[shipped(JACE), shipped(PROJ)], [shipped(GIDEON)]],
                    {fig(1, JACE): Hex(0, 0), fig(2, GIDEON): Hex(0, 7)},
                    libraries=[CARDS], phase="pre_move", chosen=f"p1:{JACE}")
    game.apply(f"summon p1:{PROJ}")
    game.apply("place 1,0")
    game.apply("place -1,0")
    assert game.state.players[1].hand == ()
    events = game.apply("place 0,1")
    assert events_of(events, "CardDrawn")[0].spell == "p1/card-0"
    assert game.state.players[1].hand == ("p1/card-0",)


@pytest.mark.covers("illusionary-projections/illusionary-deception")
def test_illusionary_deception_swaps_jace_with_a_projection_without_leaving_attacks() -> None:
    placed = {fig(1, JACE): Hex(0, 0), fig(1, PROJ, 1): Hex(0, 4), fig(1, PROJ, 2): Hex(3, 0),
              fig(2, GIDEON): Hex(1, 0), fig(2, RHOX, 1): Hex(0, 5)}
    game = position([[shipped(JACE), shipped(PROJ)], [shipped(GIDEON), shipped(RHOX)]],
                    placed, [], phase="choose")
    game.apply(ChooseCard(f"p1:{JACE}"))
    assert "Illusionary Deception" in game.pending.description
    game.apply(Accept())
    assert answers(game) == [fig(1, PROJ, 1), fig(1, PROJ, 2)]
    events = game.apply(Answer(fig(1, PROJ, 1)))  # no dice scripted: no attack may happen
    assert events_of(events, "FiguresSwapped")
    assert game.state.figures[fig(1, JACE)].hexes == (Hex(0, 4),)
    assert game.state.figures[fig(1, PROJ, 1)].hexes == (Hex(0, 0),)


@pytest.mark.covers("illusionary-projections/illusionary-deception")
def test_illusionary_deception_only_when_the_blue_planeswalker_is_chosen() -> None:
    placed = {fig(1, JACE): Hex(0, 0), fig(1, PROJ, 1): Hex(0, 4), fig(2, GIDEON): Hex(0, 7)}
    game = position([[shipped(JACE), shipped(PROJ)], [shipped(GIDEON)]], placed,
                    phase="choose")
    game.apply(ChooseCard(f"p1:{PROJ}"))
    assert game.pending.phase == "pre_move"


@pytest.mark.covers("kor-hookmasters/detain")
def test_detain_forbids_the_squad_and_its_namesakes_on_the_opponents_next_turn() -> None:
    placed = {G: Hex(0, 0), L: Hex(0, 7), fig(2, ZOMBIES, 1): Hex(0, 5),
              fig(2, REAVERS, 1): Hex(2, 4)}
    game = white_vs_black(placed, phase="pre_move", chosen=f"p1:{GIDEON}")
    game.apply(f"summon p1:{KOR}")
    for at in ("1,0", "-1,0"):
        game.apply(f"place {at}")
    game.apply("place 0,1")
    assert sorted(answers(game)) == [f"p2:{REAVERS}", f"p2:{ZOMBIES}"]
    game.apply(Answer(f"p2:{ZOMBIES}"))
    game.apply("end-turn")
    assert game.active == 2
    chosen = [a.card for a in of_type(game, "ChooseCard")]  # type: ignore[attr-defined]
    assert f"p2:{ZOMBIES}" not in chosen and f"p2:{REAVERS}" in chosen
    game.apply(ChooseCard(f"p2:{REAVERS}"))
    game.apply("end-turn")
    game.apply(ChooseCard(f"p1:{GIDEON}"))
    game.apply("end-turn")
    chosen = [a.card for a in of_type(game, "ChooseCard")]  # type: ignore[attr-defined]
    assert f"p2:{ZOMBIES}" in chosen  # only the next turn


@pytest.mark.covers("kor-hookmasters/detain")
def test_detain_also_forbids_a_second_squad_of_the_same_name() -> None:
    placed = {G: Hex(0, 0), L: Hex(0, 7), fig(2, ZOMBIES, 1): Hex(0, 5),
              "p2.restless-zombies~2.1": Hex(3, 3)}
    game = position([[shipped(GIDEON), shipped(KOR)],
                     [shipped(LILIANA), shipped(ZOMBIES), shipped(ZOMBIES)]], placed,
                    phase="pre_move", chosen=f"p1:{GIDEON}")
    game.apply(f"summon p1:{KOR}")
    for at in ("1,0", "-1,0", "0,1"):
        game.apply(f"place {at}")
    game.apply(Answer(f"p2:{ZOMBIES}"))
    game.apply("end-turn")
    chosen = [a.card for a in of_type(game, "ChooseCard")]  # type: ignore[attr-defined]
    assert chosen == [f"p2:{LILIANA}"]


@pytest.mark.covers("leyline-phantoms/phantom-walk")
def test_phantom_walk_moves_through_figures_without_leaving_engagement_attacks() -> None:
    placed = {fig(1, JACE): Hex(0, 6), fig(1, PHANTOMS, 1): Hex(0, 0),
              fig(2, GIDEON): Hex(0, 1), fig(2, RHOX, 1): Hex(1, 0)}
    game = position([[shipped(JACE), shipped(PHANTOMS)], [shipped(GIDEON), shipped(RHOX)]],
                    placed, [], phase="pre_move", chosen=f"p1:{PHANTOMS}")
    assert Hex(0, 2) in game.reachable_spaces(fig(1, PHANTOMS, 1))  # through Gideon
    events = game.apply(f"move {fig(1, PHANTOMS, 1)} 0,2")  # no dice scripted
    assert events_of(events, "LeavingEngagementAttacked") == []


def darkness(roll: int, zombies_dead: bool = True):  # type: ignore
    placed = {L: Hex(0, 0), G: Hex(0, 7)}
    if not zombies_dead:
        placed[fig(2, ZOMBIES, 1)] = Hex(4, 0)
    game = position([[shipped(GIDEON)], [shipped(LILIANA), shipped(ZOMBIES)]], placed,
                    [roll], phase="choose", active=2)
    if zombies_dead:
        from arena.engine.state import CardState, FigureState

        for n in (1, 2, 3):
            game.state.set_figure(fig(2, ZOMBIES, n), FigureState("graveyard"))
        game.state.set_card(f"p2:{ZOMBIES}", CardState("graveyard"))
    game.apply(ChooseCard(f"p2:{LILIANA}"))
    return game


@pytest.mark.covers("restless-zombies/darkness-arises")
def test_darkness_arises_returns_every_restless_zombie_on_twelve() -> None:
    game = darkness(12)
    spaces = answers(game)
    assert "1,0" in spaces and "0,4" in spaces and "0,5" not in spaces
    for at in ("1,0", "-1,0", "0,1"):
        game.apply(Answer(at))
    assert [game.state.figures[fig(2, ZOMBIES, n)].zone for n in (1, 2, 3)] == [
        "battlefield"] * 3
    assert game.state.cards[f"p2:{ZOMBIES}"].zone == "play"
    assert f"p2:{ZOMBIES}" in [a.card for a in of_type(game, "ChooseCard")] or True


@pytest.mark.covers("restless-zombies/darkness-arises")
def test_darkness_arises_fails_below_twelve_and_only_when_all_are_destroyed() -> None:
    game = darkness(11)
    assert game.pending.phase == "pre_move"
    assert game.state.cards[f"p2:{ZOMBIES}"].zone == "graveyard"
    game = darkness(20, zombies_dead=False)  # one zombie still stands: no roll (none scripted)
    assert game.pending.phase == "pre_move"


@pytest.mark.covers("blighted-reavers/necrotic-stench")
def test_necrotic_stench_is_minus_two_defense_once_near_several_reavers() -> None:
    placed = {G: Hex(0, -6), L: Hex(0, 7), fig(2, REAVERS, 1): Hex(0, 0),
              fig(2, REAVERS, 2): Hex(2, 0), fig(1, RHOX, 1): Hex(1, 0),
              fig(1, RHOX, 2): Hex(5, 0), fig(2, ZOMBIES, 1): Hex(-1, 0),
              fig(1, KOR, 1): Hex(0, -2)}
    game = white_vs_black(placed)
    near_both = game.stat("defense_dice", fig(1, RHOX, 1))
    assert near_both.sources.count(("Necrotic Stench (Blighted Reavers)", -2)) == 1
    assert near_both.total == 0
    assert game.stat("defense_dice", fig(1, KOR, 1)).total == 0  # 2 spaces away
    assert game.stat("defense_dice", fig(1, RHOX, 2)).total == 2  # 3 spaces away
    assert game.stat("defense_dice", fig(2, ZOMBIES, 1)).total == 1  # a Zombie
    assert game.stat("defense_dice", G).total == 5  # not a creature


@pytest.mark.covers("rhox-veterans/battle-formation")
def test_battle_formation_counts_other_adjacent_rhox_veterans() -> None:
    placed = {G: Hex(0, -6), L: Hex(0, 7), fig(1, RHOX, 1): Hex(0, 0),
              fig(1, RHOX, 2): Hex(1, 0), fig(1, RHOX, 3): Hex(-1, 0)}
    game = white_vs_black(placed)
    assert game.stat("defense_dice", fig(1, RHOX, 1)).total == 4
    assert game.stat("defense_dice", fig(1, RHOX, 2)).total == 3
    assert ("Battle Formation (Rhox Veterans)", 1) in game.stat(
        "defense_dice", fig(1, RHOX, 2)).sources
    game = white_vs_black({**placed, fig(1, RHOX, 3): Hex(4, 0)})
    assert game.stat("defense_dice", fig(1, RHOX, 3)).total == 2


@pytest.mark.covers("rhox-veterans/trample")
def test_trample_deals_the_leftover_damage_to_a_figure_next_to_the_destroyed_one() -> None:
    placed = {G: Hex(0, -6), L: Hex(0, 7), fig(1, RHOX, 1): Hex(0, 0),
              fig(2, ZOMBIES, 1): Hex(1, 0), fig(2, ZOMBIES, 2): Hex(2, 0),
              fig(2, REAVERS, 1): Hex(1, 1)}
    game = white_vs_black(placed, [HIT, HIT, HIT, BLANK], phase="post_move",
                          chosen=f"p1:{RHOX}")
    game.apply(Attack(fig(1, RHOX, 1), fig(2, ZOMBIES, 1)))
    assert "Trample" in game.pending.description
    game.apply(Accept())
    # Figures next to where the zombie stood (the Rhox itself too).
    assert sorted(answers(game)) == sorted([fig(1, RHOX, 1), fig(2, ZOMBIES, 2),
                                            fig(2, REAVERS, 1)])
    events = game.apply(Answer(fig(2, REAVERS, 1)))
    assert [(d.figure, d.amount) for d in events_of(events, "DamageDealt")] == [
        (fig(2, REAVERS, 1), 2)]


@pytest.mark.covers("rhox-veterans/trample")
def test_trample_is_not_offered_without_leftover_damage() -> None:
    placed = {G: Hex(0, -6), L: Hex(0, 7), fig(1, RHOX, 1): Hex(0, 0),
              fig(2, ZOMBIES, 1): Hex(1, 0), fig(2, ZOMBIES, 2): Hex(2, 0)}
    game = white_vs_black(placed, [HIT, BLANK, BLANK, BLANK], phase="post_move",
                          chosen=f"p1:{RHOX}")
    game.apply(Attack(fig(1, RHOX, 1), fig(2, ZOMBIES, 1)))
    assert game.pending.phase == "attack"
