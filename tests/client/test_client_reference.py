"""The card browser and the rules reference, opened from the main menu and driven by
synthetic typing, keys and clicks."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from client_kit import click, frames, key, save_artifact

from arena.client import content
from arena.client.scenes.base import App
from arena.client.scenes.cards import CardBrowserScene
from arena.client.scenes.menu import MainMenu
from arena.client.scenes.rules import RULES_PATH, RulesScene, load_rules, search_sections
from arena.client.scenes.standard import standard_app
from arena.client.settings import Settings


@pytest.fixture
def app(screen: pygame.Surface) -> Iterator[App]:
    content.catalog()
    yield standard_app(screen.get_size(), Settings(animations="fast", ai_pace="instant"))



def type_text(scene: object, value: str) -> None:
    handle = scene.handle_event  # type: ignore[attr-defined]
    for ch in value:
        handle(pygame.event.Event(pygame.TEXTINPUT, text=ch))


def test_card_browser_searches_filters_and_draws_the_card(app: App,
                                                          screen: pygame.Surface) -> None:
    menu = MainMenu(app)
    app.push(menu)
    click(menu, menu.button("Card browser").rect.center)
    scene = app.top
    assert isinstance(scene, CardBrowserScene)
    frames(app, screen, 2)
    total = len(scene.entries)
    assert total >= 40 and len(scene.shown) == total
    save_artifact(screen, "cards_browser.png")
    # typing searches names, types and text
    type_text(scene, "gideon")
    assert scene.shown and all("gideon" in e.search_text() for e in scene.shown)
    assert scene.selected is not None and scene.selected.category == "army"
    frames(app, screen, 2)
    save_artifact(screen, "cards_browser_gideon.png")
    # backspace all, then filter by colour (blue) and kind (spells) with the arrows
    for _ in range(6):
        key(scene, pygame.K_BACKSPACE)
    assert len(scene.shown) == total
    scene.colour.set_value("blue")
    scene.refilter()
    assert scene.shown and all("blue" in e.colours for e in scene.shown)
    scene.kind.set_value("spell")
    scene.refilter()
    assert scene.shown and all(e.category == "spell" for e in scene.shown)
    key(scene, pygame.K_DOWN)
    assert scene.list.selected == 1
    frames(app, screen, 2)
    save_artifact(screen, "cards_browser_blue_spell.png")
    # the card area shows the frame colour of a blue card
    area = scene.card_rect
    r, g, b, *_ = screen.get_at((area.x + 4, area.centery))
    assert b > r, "a blue card has a blue frame"
    type_text(scene, "zzzz-no-such-card")
    assert scene.shown == [] and scene.selected is None
    frames(app, screen, 2)
    key(scene, pygame.K_ESCAPE)  # clears the search
    assert scene.field.value == "" and app.top is scene
    key(scene, pygame.K_ESCAPE)
    assert app.top is menu


def test_rules_text_has_the_sections_and_is_in_our_own_words() -> None:
    sections = load_rules()
    titles = [s.title.lower() for s in sections]
    for needed in ("five actions", "movement", "engagement", "attack", "line of sight",
                   "glyphs", "spells", "multiplayer", "scoring"):
        assert any(needed in t for t in titles), needed
    ours = RULES_PATH.read_text(encoding="utf-8")
    shared = RULES_PATH.parents[2].parent / "shared" / "rules"
    if shared.is_dir():
        for path in shared.iterdir():
            if not path.is_file():
                continue
            source = path.read_text(encoding="utf-8", errors="replace")
            words = source.split()
            # no run of 12 words of theirs appears in ours
            ours_flat = " ".join(ours.split())
            for i in range(0, max(0, len(words) - 12), 7):
                run = " ".join(words[i:i + 12])
                assert run not in ours_flat, f"copied from {path.name}: {run}"
    assert search_sections(sections, "engaged leaving")
    assert not search_sections(sections, "zzzz")


def test_rules_screen_searches_and_renders_headings(app: App, screen: pygame.Surface) -> None:
    menu = MainMenu(app)
    app.push(menu)
    click(menu, menu.button("Rules").rect.center)
    scene = app.top
    assert isinstance(scene, RulesScene)
    frames(app, screen, 2)
    save_artifact(screen, "rules_reference.png")
    type_text(scene, "glyph")
    assert scene.shown and all("glyph" in (s.title + s.body).lower() for s in scene.shown)
    assert scene.selected is not None
    frames(app, screen, 2)
    save_artifact(screen, "rules_search_glyph.png")
    # a long section scrolls (Page Down) but never past its end
    scene.field.clear()
    scene.list.select(next(i for i, sec in enumerate(scene.shown) if sec.title == "Spells"))
    frames(app, screen, 2)
    key(scene, pygame.K_PAGEDOWN)
    assert scene.scroll > 0
    for _ in range(10):
        key(scene, pygame.K_PAGEDOWN)
    frames(app, screen, 2)
    assert scene.scroll <= scene.content_h
    save_artifact(screen, "rules_scrolled.png")
    type_text(scene, "glyph")
    key(scene, pygame.K_ESCAPE)
    key(scene, pygame.K_ESCAPE)
    assert app.top is menu
