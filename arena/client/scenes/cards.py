"""The card browser: every army card and spell card, searchable (type to search), filtered
by colour and kind, the selected one drawn as a card with its stats, abilities, rules text
and provenance line (``arena.content.browser`` gives the entries)."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from arena.client import content, text
from arena.client.palette import MTG_COLOURS, UI, mix, shade
from arena.client.scenes.base import App
from arena.client.scenes.common import SearchListScene, backdrop, draw_title
from arena.client.ui import Button, Choice, Form, ListBox, TextField
from arena.content.browser import COLOUR_ORDER, CardEntry, browse, search

__all__ = ["CardBrowserScene", "draw_card_entry"]

KINDS = (("all", "All kinds"), ("army", "Army cards"), ("spell", "Spell cards"),
         ("planeswalker", "Planeswalkers"), ("squad", "Squads"), ("hero", "Heroes"),
         ("sorcery", "Sorceries"), ("aura", "Auras"),
         ("hidden_enchantment", "Hidden enchantments"))
PROVENANCE_TONE = {"verified": (120, 214, 130), "transcribed": (112, 206, 196),
                   "reconstructed": (214, 170, 96)}


class CardBrowserScene(SearchListScene[CardEntry]):
    """See the module docstring. Typing goes to the search box; Up/Down pick a card; Esc
    goes back."""

    title = "Card browser"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.entries = browse(content.catalog())
        self.shown: list[CardEntry] = list(self.entries)
        self.form = Form()
        self.field = TextField(name="search", placeholder="Search names, types, text…",
                               on_change=lambda _v: self.refilter())
        self.colour = Choice(name="colour", label="Colour",
                             options=[("all", "All")] + [(c, c.capitalize())
                                                         for c in COLOUR_ORDER],
                             on_change=lambda _v: self.refilter())
        self.kind = Choice(name="kind", label="Kind", options=list(KINDS),
                           on_change=lambda _v: self.refilter())
        self.list = ListBox(name="cards", row_h=46, px=19)
        self.detail_scroll = 0
        self.resize(app.size)
        self.refilter()
        self.form.focus_on(self.list)

    def refilter(self) -> None:
        colour = self.colour.value
        kind = self.kind.value
        matches = search(self.entries, self.field.value,
                         colours=None if colour == "all" else {colour},
                         kinds=None if kind == "all" else {kind})
        self.show(matches, [e.name for e in matches], "No card matches")
        self.list.subtitles = [f"{e.type_line}  ·  {e.cost}" for e in matches]

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        unit = min(w / 16.0, h / 9.0)
        x, y = int(unit * 0.6), int(h * 0.17)
        lw = min(420, int(w * 0.34))
        self.field.rect = pygame.Rect(x, y, lw, 38)
        self.colour.rect = pygame.Rect(x, y + 46, lw, 34)
        self.kind.rect = pygame.Rect(x, y + 86, lw, 34)
        self.list.rect = pygame.Rect(x, y + 130, lw, max(100, h - y - 130 - 76))
        self.card_rect = pygame.Rect(x + lw + 36, y, min(560, w - x - lw - 36 - x),
                                     h - y - 24)
        back = Button(rect=pygame.Rect(x, h - 62, 180, 42), label="Back", name="back",
                      hint="Esc", action=self.app.pop)
        self.form.set([self.field, self.colour, self.kind, self.list, back])

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.search_key(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
            shift = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
            self.form.move_focus(-1 if shift else 1)
            return
        self.form.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(backdrop(surface.get_size(), dim=True), (0, 0))
        draw_title(surface, "Card browser",
                   f"{len(self.shown)} of {len(self.entries)} cards  ·  type to search")
        self.form.draw(surface)
        entry = self.selected
        if entry is not None:
            draw_card_entry(surface, self.card_rect, entry)
        if self.app.top is self:
            self.form.draw_tooltip(surface)


def draw_card_entry(surface: pygame.Surface, area: pygame.Rect, entry: CardEntry) -> None:
    """One card drawn as a card: a coloured frame, the name and type line, a stats table,
    the abilities, the rules text and the provenance line."""
    mana = MTG_COLOURS.get(entry.colour, (160, 160, 160))
    card = pygame.Rect(area.x, area.y, area.width, area.height)
    pygame.draw.rect(surface, (6, 7, 12), card.move(0, 5), border_radius=16)
    pygame.draw.rect(surface, shade(mana, 0.6), card, border_radius=16)
    face = card.inflate(-18, -18)
    pygame.draw.rect(surface, mix(UI["panel"], mana, 0.1), face, border_radius=10)
    pygame.draw.rect(surface, shade(mana, 1.1), card, 2, border_radius=16)
    x, y, width = face.x + 16, face.y + 12, face.width - 32
    # the name bar with the cost gem
    bar = pygame.Rect(face.x + 8, face.y + 8, face.width - 16, 46)
    pygame.draw.rect(surface, mix(UI["panel-2"], mana, 0.3), bar, border_radius=8)
    gem = (bar.right - 26, bar.centery)
    pygame.draw.circle(surface, shade(mana, 0.5), gem, 20)
    pygame.draw.circle(surface, mana, gem, 20, 2)
    text.blit(surface, str(entry.cost), 18 if entry.cost < 100 else 15, UI["text"], gem,
              anchor="center", bold=True)
    text.blit(surface, entry.name, 28, UI["text"], (bar.x + 12, bar.centery),
              anchor="midleft", bold=True, width=bar.width - 70)
    y = bar.bottom + 8
    type_line = f"{' / '.join(c.capitalize() for c in entry.colours)}  {entry.type_line}"
    text.blit(surface, type_line, 19, mana, (x, y), width=width)
    y += 30
    # the stats table
    if entry.stats:
        cells = [s for s in entry.stats if s.label != "Cost"] or list(entry.stats)
        cols = min(len(cells), 6)
        cw = width // max(1, cols)
        rows = -(-len(cells) // cols)
        table = pygame.Rect(x, y, width, rows * 50)
        pygame.draw.rect(surface, shade(UI["panel-2"], 0.9), table, border_radius=8)
        for i, stat in enumerate(cells):
            cx = x + (i % cols) * cw + cw // 2
            cy = y + (i // cols) * 50
            text.blit(surface, stat.label.upper(), 13, UI["muted"], (cx, cy + 6),
                      anchor="midtop", bold=True)
            text.blit(surface, stat.value.split(" ")[0], 22, UI["text"], (cx, cy + 22),
                      anchor="midtop", bold=True, width=cw - 6)
        y = table.bottom + 12
    # abilities, then the rules text
    bottom = face.bottom - 62
    for ability in entry.abilities:
        if y > bottom - 20:
            break
        head = f"{ability.name}  ·  {ability.label}"
        text.blit(surface, head, 19, UI["accent"], (x, y), bold=True, width=width)
        y += 24
        y = _paragraph(surface, ability.text, x, y, width, bottom, UI["text"])
        y += 8
    if entry.text and y < bottom - 20:
        pygame.draw.line(surface, shade(mana, 0.8), (x, y), (x + width, y))
        y += 8
        y = _paragraph(surface, entry.text, x, y, width, bottom, mix(UI["muted"], UI["text"],
                                                                     0.5))
    # the provenance line
    tone = PROVENANCE_TONE.get(entry.provenance, UI["muted"])
    badge_text = entry.provenance.capitalize()
    bw = text.size(badge_text, 15, True)[0] + 16
    badge = pygame.Rect(x, face.bottom - 50, bw, 24)
    pygame.draw.rect(surface, shade(tone, 0.35), badge, border_radius=6)
    pygame.draw.rect(surface, tone, badge, 1, border_radius=6)
    text.blit(surface, badge_text, 15, tone, badge.center, anchor="center", bold=True)
    note = entry.provenance_note.split(": ", 1)[-1]
    for i, line in enumerate(text.wrap(note, 15, width - bw - 12)[:2]):
        text.blit(surface, line, 15, UI["muted"], (badge.right + 10, badge.y + 2 + i * 18))


def _paragraph(surface: pygame.Surface, body: str, x: int, y: int, width: int, bottom: int,
               color: tuple[int, int, int]) -> int:
    lines: Sequence[str] = text.wrap(body, 17, width)
    for line in lines:
        if y > bottom - 20:
            text.blit(surface, "…", 17, color, (x, y))
            return y + 21
        text.blit(surface, line, 17, color, (x, y))
        y += 21
    return y


