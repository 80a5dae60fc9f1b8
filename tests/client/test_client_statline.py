"""Army cards and the hover box show a figure's stats as they stand, with their sources
("Att 1 (3 - 2 Oath of Peace)"), from the engine's stat queries."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pygame
import pytest
from client_kit import frames, save_artifact

from arena.client import content
from arena.client.bench import duel_all_summoned
from arena.client.scenes.army_panel import card_row
from arena.client.scenes.base import App
from arena.client.scenes.battle import BattleScene
from arena.client.scenes.handoff import HandOffScene
from arena.client.scenes.standard import standard_app
from arena.client.settings import Settings
from arena.client.statline import figure_stat_line, life_text, stat_text
from arena.engine import Game
from arena.engine.state import Attachment
from arena.engine.stats import StatValue
from arena.engine.vocab import Point

SQUAD = "p1:kor-hookmasters"
OATH = "p1/oath-of-peace"


@pytest.fixture
def app(screen: pygame.Surface) -> Iterator[App]:
    content.catalog()
    yield standard_app(screen.get_size(), Settings(animations="off", ai_pace="instant"))


def test_a_stat_reads_plainly_with_each_source() -> None:
    plain = StatValue(Point.ATTACK_DICE, "f", 3, (), 3)
    assert stat_text("Att", plain) == "Att 3"
    lowered = StatValue(Point.ATTACK_DICE, "f", 3, (("Oath of Peace", -2),), 1)
    assert stat_text("Att", lowered) == "Att 1 (3 - 2 Oath of Peace)"
    both = StatValue(Point.DEFENSE_DICE, "f", 2, (("Glyph of Dagmar", 1), ("Shield", 2)), 5)
    assert stat_text("Def", both) == "Def 5 (2 + 1 Glyph of Dagmar + 2 Shield)"
    switched = StatValue(Point.ATTACK_DICE, "f", 2, (("Twisted Image: switched", 0),), 2)
    assert stat_text("Att", switched) == "Att 2 (Twisted Image: switched)"


def _enchanted() -> tuple[Game, str]:
    """The Duel with Oath of Peace (-2 attack) on the Kor Hookmasters."""
    game, _ = duel_all_summoned(5)
    state = game.state
    assert state.static.spells[OATH].def_id == "oath-of-peace"
    cs = state.cards[SQUAD]
    state.set_card(SQUAD, replace(cs, enchantments=(Attachment(OATH, True),)))
    state.cache.clear()
    figure = next(f for f in state.static.cards[SQUAD].figures
                  if state.figures[f].zone == "battlefield")
    return game, figure


def test_the_engines_folded_value_is_what_the_line_shows() -> None:
    game, figure = _enchanted()
    printed = game.state.static.figure_def(figure).attack
    value = game.stat(Point.ATTACK_DICE, figure)
    assert value.total == max(0, printed - 2) and ("Oath of Peace", -2) in value.sources
    line = figure_stat_line(game, figure)
    assert f"Att {value.total} ({printed} - 2 Oath of Peace)" in line
    assert life_text(game, figure).startswith("Life ")


def test_army_card_and_hover_show_the_lowered_attack(app: App, screen: pygame.Surface) -> None:
    game, figure = _enchanted()
    printed = game.state.static.figure_def(figure).attack
    scene = BattleScene(app, game, [content.SeatSetup("human", army="gideon-premade"),
                                    content.SeatSetup("human", army="jace-premade")],
                        autosave=False)
    app.push(scene)
    frames(app, screen, 2)
    if isinstance(app.top, HandOffScene):
        app.top.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN,
                                                mod=0, unicode="\r"))
        frames(app, screen, 2)
    row, _, _ = card_row(scene, scene, 1, SQUAD, (255, 255, 255))
    # the row says how much (its names would not fit it: the hover box names them)
    assert f"Att {max(0, printed - 2)} (-2)" in row.stats
    scene.hover_hex = game.state.figures[figure].hexes[0]
    scene.hover_figure = figure
    texts = [line for line, _ in scene.hover_lines()]
    assert any("Oath of Peace" in t and t.startswith("Move ") for t in texts), texts
    frames(app, screen, 2)
    save_artifact(screen, "stat-sources.png")
