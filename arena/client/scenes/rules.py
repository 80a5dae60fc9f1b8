"""The rules reference: our own rules summary (``assets/rules/rules.md``) as searchable
sections. The section list on the left (filtered by the search: every word must appear),
the selected section on the right with its headings, paragraphs and lists; the wheel or
Page Up / Page Down scroll it."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pygame

from arena.client import text
from arena.client.palette import UI, mix
from arena.client.scenes.base import App
from arena.client.scenes.common import SearchListScene, backdrop, draw_title
from arena.client.ui import Button, Form, ListBox, TextField, draw_panel
from arena.content.locations import asset

__all__ = ["RULES_PATH", "RulesScene", "Section", "load_rules", "search_sections"]

RULES_PATH = asset("rules", "rules.md")


@dataclass
class Section:
    """A ``##`` section of the rules text: its title and its lines (markdown-light)."""

    title: str
    lines: list[str] = field(default_factory=list)

    @property
    def body(self) -> str:
        return "\n".join(self.lines)


def load_rules(path: Path = RULES_PATH) -> list[Section]:
    """The sections of the rules file (the text before the first ``##`` is the
    introduction)."""
    try:
        source = path.read_text(encoding="utf-8")
    except OSError as exc:
        return [Section("Rules unavailable", [f"The rules text could not be read: {exc}."])]
    sections: list[Section] = []
    current = Section("Introduction")
    for raw in source.splitlines():
        if raw.startswith("## "):
            if current.lines and any(line.strip() for line in current.lines):
                sections.append(current)
            current = Section(raw[3:].strip())
        elif raw.startswith("# "):
            continue
        else:
            current.lines.append(raw.rstrip())
    if current.lines:
        sections.append(current)
    return sections


def search_sections(sections: list[Section], query: str) -> list[Section]:
    """The sections where every word of the query appears (title or text)."""
    words = query.lower().split()
    found = [s for s in sections
             if all(w in (s.title + "\n" + s.body).lower() for w in words)]
    # sections named by the query first
    return sorted(found, key=lambda s: not any(w in s.title.lower() for w in words))


def _blocks(section: Section) -> list[tuple[str, str]]:
    """Paragraphs and list items: (kind, text) with kind ``p``, ``li``, ``h``."""
    out: list[tuple[str, str]] = []
    buffer: list[str] = []
    kind = "p"

    def flush() -> None:
        nonlocal buffer
        if buffer:
            out.append((kind, " ".join(buffer)))
            buffer = []

    for line in section.lines:
        stripped = line.strip()
        if not stripped:
            flush()
            continue
        if stripped.startswith("### "):
            flush()
            out.append(("h", stripped[4:]))
            continue
        marker = stripped.split(" ", 1)[0]
        if marker in ("-", "*") or (marker.endswith(".") and marker[:-1].isdigit()):
            flush()
            kind = "li"
            buffer = [stripped]
            continue
        if line.startswith("  ") and kind == "li" and buffer:
            buffer.append(stripped)
            continue
        if kind == "li":
            flush()
            kind = "p"
        buffer.append(stripped)
    flush()
    return out


class RulesScene(SearchListScene[Section]):
    """See the module docstring."""

    title = "Rules"

    def __init__(self, app: App, path: Path = RULES_PATH) -> None:
        super().__init__(app)
        self.sections = load_rules(path)
        self.shown = list(self.sections)
        self.form = Form()
        self.field = TextField(name="search", placeholder="Search the rules…",
                               on_change=lambda _v: self.refilter())
        self.list = ListBox(name="sections", row_h=38, px=19,
                            on_select=lambda _i: self._reset_scroll())
        self.scroll = 0
        self.content_h = 0
        self.resize(app.size)
        self.refilter()
        self.form.focus_on(self.list)

    def _reset_scroll(self) -> None:
        self.scroll = 0

    def refilter(self) -> None:
        matches = search_sections(self.sections, self.field.value)
        self.show(matches, [s.title for s in matches], "Nothing matches")
        self.scroll = 0

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        unit = min(w / 16.0, h / 9.0)
        x, y = int(unit * 0.6), int(h * 0.17)
        lw = min(340, int(w * 0.27))
        self.field.rect = pygame.Rect(x, y, lw, 38)
        self.list.rect = pygame.Rect(x, y + 48, lw, max(100, h - y - 48 - 76))
        self.page = pygame.Rect(x + lw + 30, y, w - 2 * x - lw - 30, h - y - 24)
        back = Button(rect=pygame.Rect(x, h - 62, 180, 42), label="Back", name="back",
                      hint="Esc", action=self.app.pop)
        self.form.set([self.field, self.list, back])

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.search_key(event):
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
            step = self.page.height // 2
            self.scroll = max(0, self.scroll + (step if event.key == pygame.K_PAGEDOWN
                                                else -step))
            return
        if event.type == pygame.MOUSEWHEEL and self.form.mouse is not None and \
                self.page.collidepoint(self.form.mouse):
            self.scroll = max(0, self.scroll - event.y * 40)
            return
        self.form.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(backdrop(surface.get_size(), dim=True), (0, 0))
        subtitle = "Our own summary of the rules; the game enforces them"
        if self.field.value:
            subtitle = f"{len(self.shown)} section(s) mention \u201c{self.field.value}\u201d"
        draw_title(surface, "Rules", subtitle)
        self.form.draw(surface)
        inner = draw_panel(surface, self.page)
        section = self.selected
        if section is not None:
            self._draw_section(surface, inner, section)
        if self.app.top is self:
            self.form.draw_tooltip(surface)

    def _draw_section(self, surface: pygame.Surface, inner: pygame.Rect,
                      section: Section) -> None:
        clip = surface.get_clip()
        surface.set_clip(inner)
        words = [w for w in self.field.value.lower().split() if w]
        y = inner.y + 6 - self.scroll
        text.blit(surface, section.title, 30, UI["accent"], (inner.x + 6, y), bold=True)
        y += 44
        pygame.draw.line(surface, UI["border"], (inner.x + 6, y - 8), (inner.right - 6, y - 8))
        px, line_h = 19, 25
        for kind, body in _blocks(section):
            if kind == "h":
                text.blit(surface, body, 22, UI["teal"], (inner.x + 6, y), bold=True)
                y += 32
                continue
            indent = 0
            if kind == "li":
                marker, _, rest = body.partition(" ")
                bullet = "•" if marker in ("-", "*") else marker
                text.blit(surface, bullet, px, UI["accent"], (inner.x + 12, y), bold=True)
                body, indent = rest, 34
            for line in text.wrap(body, px, inner.width - 16 - indent):
                hit = words and any(w in line.lower() for w in words)
                if hit:
                    mark = pygame.Rect(inner.x + 2 + indent, y - 2,
                                       inner.width - 8 - indent, line_h)
                    pygame.draw.rect(surface, mix(UI["panel"], UI["accent"], 0.22), mark,
                                     border_radius=4)
                text.blit(surface, line, px, UI["text"], (inner.x + 6 + indent, y))
                y += line_h
            y += 10
        self.content_h = y + self.scroll - inner.y
        surface.set_clip(clip)
        limit = max(0, self.content_h - inner.height)
        if self.scroll > limit:  # never scroll past the end (takes effect next frame)
            self.scroll = limit
