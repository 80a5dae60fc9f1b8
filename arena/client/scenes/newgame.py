"""New game: scenario, battlefield, players (human or computer, army, spell deck, team) and
seed, then Start.

The defaults play at once: The Duel, you (Gideon's army) against a normal computer player
(Jace's army), a random seed -- one click on Start (or Enter). The scenario list shows a
picture of each battlefield drawn by the game's renderer. The Battlefield choice offers, besides
the scenario's own, every other battlefield the game's verdict lets it play on (the player's
own and imported community maps among them), and last the community maps shipped with the
game, as a "Community map" group; the info panel says what a community map's import
approximated. Typing digits while the seed box has the focus
sets the seed (Backspace deletes; R picks a new random one).

Armies are the shipped premade ones and the player's own from the editor's builder (marked
"(yours)"); the deck choice lists the decks that fit the seat's army (its Planeswalker's
colours) and follows the army, starting on that Planeswalker's premade deck. A user file that
breaks a rule (over budget, a card of the wrong colour, a typo) is listed in a notice with its
reason, so it never just goes missing. Every choice is a widget: Tab moves between them, Left
and Right change them, the mouse clicks their arrows.
"""

from __future__ import annotations

import random
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from arena.client import content, text
from arena.client.content import GameSetup, SeatSetup
from arena.client.palette import UI, palette
from arena.client.render import render_preview
from arena.client.scenes.base import App, Scene, SceneName
from arena.client.scenes.common import Dialog, backdrop, draw_title
from arena.client.ui import Button, Choice, Form, ListBox, Widget, draw_panel
from arena.content.to_engine import field_from_battlefield

if TYPE_CHECKING:
    from arena.content.lists import ArmyList
    from arena.content.scenario import Scenario
    from arena.content.userfiles import UserFiles

__all__ = ["NewGameScene", "SeedBox", "SkippedNotice"]

WHO = [("human", "Human"), ("ai:easy", "AI (easy)"), ("ai:normal", "AI (normal)"),
       ("ai:hard", "AI (hard)"), ("ai:expert", "AI (expert)")]
TEAMS = [(0, "Alone"), (1, "Team A"), (2, "Team B")]
DEFAULT_ARMIES = ("gideon-premade", "jace-premade", "liliana-premade")
YOURS = " (yours)"
NOTICE_LINES = 4
"""Lines of the skipped-files notice shown at most (the rest are counted)."""


class SeedBox(Widget):
    """The seed: digits typed while focused replace it."""

    def __init__(self, rect: pygame.Rect, seed: int, on_change: Any) -> None:
        super().__init__(rect=rect, name="seed",
                         note="The seed fixes the dice: the same seed and the same moves "
                              "replay the same game. Type digits, or R for a new one.")
        self.seed = seed
        self.on_change = on_change
        self.fresh = True

    def key(self, event: pygame.event.Event) -> bool:
        char = getattr(event, "unicode", "")
        if char and char.isdigit():
            digits = char if self.fresh else f"{self.seed}{char}"
            self.fresh = False
            self.seed = int(digits[-9:])
            self.on_change(self.seed)
            return True
        if event.key == pygame.K_BACKSPACE:
            self.fresh = False
            self.seed = self.seed // 10
            self.on_change(self.seed)
            return True
        return False

    def activate(self) -> None:
        self.fresh = True

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool,
             pressed: bool) -> None:
        text.blit(surface, "Seed", 20, UI["muted"], (self.rect.x, self.rect.centery),
                  anchor="midleft")
        box = pygame.Rect(self.rect.x + 60, self.rect.y, self.rect.width - 60,
                          self.rect.height)
        pygame.draw.rect(surface, UI["panel-2"], box, border_radius=6)
        pygame.draw.rect(surface, UI["focus"] if focused else UI["border"], box,
                         2 if focused else 1, border_radius=6)
        text.blit(surface, str(self.seed), 22, UI["text"], (box.x + 10, box.centery),
                  anchor="midleft")


class SkippedNotice(Widget):
    """The user files that cannot be played: a warning panel with one line per file (cut to
    fit); Enter or a click opens every reason in full."""

    LINE = 20
    FILES = 4
    """File lines shown at most (the rest are counted)."""
    DIALOG_FILES = 8

    def __init__(self, rect: pygame.Rect, name: str, lines: list[str], on_open: Any) -> None:
        super().__init__(rect=rect, name=name,
                         note="Open the reasons in full (Enter or click).")
        self.lines = lines
        self.on_open = on_open

    @classmethod
    def height_for(cls, lines: list[str]) -> int:
        """The panel's height for a notice (0 when there is nothing to say)."""
        if not lines:
            return 0
        files = len(lines) - 1
        shown = min(files, cls.FILES) + (1 if files > cls.FILES else 0)
        return (1 + shown) * cls.LINE + 16

    def activate(self) -> None:
        self.on_open()

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool,
             pressed: bool) -> None:
        rect = self.rect
        fill = (64, 42, 38) if hovered else (52, 36, 34)
        pygame.draw.rect(surface, fill, rect, border_radius=8)
        pygame.draw.rect(surface, UI["focus"] if focused else UI["bad"], rect,
                         2 if focused else 1, border_radius=8)
        centre = (rect.x + 23, rect.y + 8 + self.LINE // 2)
        pygame.draw.circle(surface, UI["bad"], centre, 10)
        text.blit(surface, "!", 17, UI["text"], centre, anchor="center", bold=True)
        text.blit(surface, "Details", 16, UI["muted"], (rect.right - 12, centre[1]),
                  anchor="midright")
        width = rect.width - 56
        files = self.lines[1:]
        rows = [self.lines[0], *files[:self.FILES]]
        if len(files) > self.FILES:
            rest = len(files) - self.FILES
            rows.append(f"… and {rest} more file{'s' if rest != 1 else ''}")
        y = rect.y + 8
        for n, row in enumerate(rows):
            colour = UI["accent"] if n == 0 else UI["text"]
            text.blit(surface, row, 17, colour, (rect.x + 42, y),
                      width=width - (70 if n == 0 else 0))
            y += self.LINE


class NewGameScene(Scene):
    """See the module docstring."""

    title = "New game"

    def __init__(self, app: App, setup: GameSetup | None = None) -> None:
        super().__init__(app)
        self.form = Form()
        self.scenarios: list[Scenario] = []
        self.setup = setup or GameSetup(seed=random.randrange(1, 1_000_000))
        self.previews: dict[tuple[str, tuple[int, int]], pygame.Surface] = {}
        self.field_choices: dict[str, list[tuple[str, str]]] = {}
        self.loaded = False
        self.community_listed = False
        """Whether the battlefield choices were made with the community maps (they load in
        the background after the catalogue: listed as soon as they are there)."""
        self.preview_rect = pygame.Rect(0, 0, 0, 0)
        self.info_rect = pygame.Rect(0, 0, 0, 0)
        self.scenario_list = ListBox(name="scenarios", row_h=54, px=22)
        self.user: UserFiles | None = None
        self.notice_rect = pygame.Rect(0, 0, 0, 0)
        self.seats_top = 0
        self.columns: dict[str, tuple[int, int]] = {}
        content.preload()
        if content.ready():
            self._loaded()

    # --- set-up state -------------------------------------------------------------------------

    def _loaded(self) -> None:
        self.loaded = True
        self.community_listed = content.community_ready()
        self.scenarios = content.playable_scenarios()
        ids = [s.id for s in self.scenarios]
        if self.setup.scenario not in ids and ids:
            self._pick_scenario(ids[0])
        else:
            self._read_user_files()
        self.scenario_list.selected = ids.index(self.setup.scenario) if ids else 0
        self.resize(self.app.size)

    def _read_user_files(self) -> None:
        """Read the player's armies and decks by the scenario's rules, and make every seat's
        army and deck one that is on offer."""
        self.user = content.user_files(self.scenario)
        seats = tuple(self._valid_seat(i, s) for i, s in enumerate(self.setup.seats))
        self.setup = replace(self.setup, seats=seats)

    def show_skipped(self) -> None:
        """Every skipped file with its whole reason, in a dialog."""
        entries = self.notice[1:]
        shown = entries[:SkippedNotice.DIALOG_FILES]
        more = len(entries) - len(shown)
        message = "\n\n".join(["Fix these in the editor's army and deck builder:", *shown,
                                *([f"… and {more} more."] if more else [])])
        self.app.push(Dialog(self.app, self.notice[0].split(" (", 1)[0], message, error=True))

    @property
    def notice(self) -> list[str]:
        """The skipped-files notice: a heading, then one line per file ("file — reason")."""
        if self.user is None or not self.user.skipped:
            return []
        count = len(self.user.skipped)
        head = (f"{count} file{'s' if count != 1 else ''} skipped (fix them in the editor's "
                "builder):")
        return [head, *(str(s) for s in self.user.skipped)]

    def armies(self) -> list[tuple[ArmyList, bool]]:
        """The armies on offer: premade, then the player's own (True)."""
        if self.user is None:
            return [(a, False) for a in content.catalog().armies.values()]
        return content.army_choices(self.user)

    def _army(self, army_id: str) -> ArmyList | None:
        return next((a for a, _own in self.armies() if a.id == army_id), None)

    def deck_options(self, army_id: str) -> list[tuple[str, str]]:
        """(id, label) of the decks the army may play, the default first."""
        army = self._army(army_id)
        if army is None or self.user is None:
            return []
        return [(o.deck.id, o.deck.name + (YOURS if o.user else ""))
                for o in content.deck_choices(army, self.user, self.scenario)]

    def _valid_seat(self, index: int, seat: SeatSetup) -> SeatSetup:
        """`seat` with an army on offer (else a premade one) and a deck that fits it (else the
        army's default deck)."""
        if self._army(seat.army) is None:
            seat = replace(seat, army=self._default_army(index), deck="")
        decks = [d for d, _label in self.deck_options(seat.army)]
        if seat.deck not in decks:
            seat = replace(seat, deck=decks[0] if decks else "")
        return seat

    def _default_army(self, index: int) -> str:
        ids = {a.id for a, _own in self.armies()}
        armies = [a for a in DEFAULT_ARMIES if a in ids] or sorted(ids)
        return armies[index % len(armies)]

    @property
    def scenario(self) -> Scenario | None:
        for s in self.scenarios:
            if s.id == self.setup.scenario:
                return s
        return None

    def _pick_scenario(self, scenario_id: str) -> None:
        scenario = next(s for s in self.scenarios if s.id == scenario_id)
        count = min(max(len(self.setup.seats), scenario.players.min), scenario.players.max)
        self.setup = replace(self.setup, scenario=scenario_id, battlefield="",
                             seats=self._seats_for(count, scenario))
        self._read_user_files()  # the army budget and deck rules are the scenario's

    def _seats_for(self, count: int, scenario: Scenario) -> tuple[SeatSetup, ...]:
        seats = list(self.setup.seats[:count])
        while len(seats) < count:
            seats.append(SeatSetup("ai", "normal", self._default_army(len(seats))))
        if scenario.teams:
            seats = [replace(s, team=0) for s in seats]
        return tuple(self._valid_seat(i, s) for i, s in enumerate(seats))

    def _set_seat(self, index: int, **changes: Any) -> None:
        seats = list(self.setup.seats)
        seats[index] = replace(seats[index], **changes)
        self.setup = replace(self.setup, seats=tuple(seats))

    def _on_scenario(self, index: int) -> None:
        self._pick_scenario(self.scenarios[index].id)
        self.resize(self.app.size)

    def _on_activate(self, index: int) -> None:
        self.start()

    def _set_army(self, index: int, army: str) -> None:
        """A new army brings the deck along: the one the seat had if it still fits, else the
        new Planeswalker's premade deck."""
        seat = replace(self.setup.seats[index], army=army)
        self._set_seat(index, army=army, deck=self._valid_seat(index, seat).deck)
        self.resize(self.app.size)

    def _set_deck(self, index: int, deck: str) -> None:
        self._set_seat(index, deck=deck)

    def _set_team(self, index: int, team: int) -> None:
        self._set_seat(index, team=team)

    def _set_who(self, index: int, value: str) -> None:
        if value == "human":
            self._set_seat(index, kind="human")
        else:
            self._set_seat(index, kind="ai", difficulty=value.split(":", 1)[1])

    def _set_count(self, count: int) -> None:
        scenario = self.scenario
        if scenario is not None:
            self.setup = replace(self.setup, seats=self._seats_for(count, scenario))
            self.resize(self.app.size)

    def battlefields(self) -> list[tuple[str, str]]:
        """The battlefields the chosen scenario can be played on (its own first), cached per
        scenario: `content.battlefield_choices`, the game's own verdict."""
        scenario = self.scenario
        if scenario is None:
            return []
        found = self.field_choices.get(scenario.id)
        if found is None:
            found = self.field_choices[scenario.id] = content.battlefield_choices(scenario)
        return found

    def _on_battlefield(self, field_id: str) -> None:
        self.setup = replace(self.setup, battlefield=field_id)

    def _set_seed(self, seed: int) -> None:
        self.setup = replace(self.setup, seed=seed)

    def reroll(self) -> None:
        self._set_seed(random.randrange(1, 1_000_000))
        self.resize(self.app.size)

    # --- start --------------------------------------------------------------------------------

    def start(self) -> None:
        """Start the battle with this set-up (a dialog explains a set-up that cannot be
        played)."""
        if not self.loaded:
            return
        try:
            game = content.new_game(self.setup)
        except Exception as exc:  # noqa: BLE001 - any refusal becomes a message
            self.app.push(Dialog(self.app, "This game cannot start", str(exc), error=True))
            return
        self.app.reset(self.app.scene(SceneName.BATTLE, game, self.setup.seats, setup=self.setup))

    # --- layout ---------------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        if not self.loaded:
            return
        w, h = size
        unit = min(w / 16.0, h / 9.0)
        top = int(unit * 1.9)
        left_w = max(260, int(w * 0.24))
        x0 = int(unit * 0.6)
        self.scenario_list.rect = pygame.Rect(x0, top, left_w, h - top - int(unit * 1.5))
        self.scenario_list.rows = [s.name for s in self.scenarios]
        self.scenario_list.subtitles = [
            f"{_players(s)} · {content.catalog().battlefields[s.battlefield].name}"
            for s in self.scenarios]
        self.scenario_list.on_select = self._on_scenario
        self.scenario_list.on_activate = self._on_activate

        x1 = x0 + left_w + int(unit * 0.5)
        right_w = w - x1 - x0
        scenario = self.scenario
        row_h, gap, head_h = 38, 6, 24
        count_row = scenario is not None and scenario.players.min != scenario.players.max
        fields = self.battlefields()
        field_row = len(fields) > 1
        notice_h = SkippedNotice.height_for(self.notice)
        rows_h = (head_h + len(self.setup.seats) * (row_h + gap) + 12 + 44
                  + (44 if count_row else 0) + (44 if field_row else 0)
                  + (notice_h + 12 if notice_h else 0))
        room = h - int(unit * 1.3) - 10 - top - rows_h - 20
        preview_h = max(100, int(min(h * 0.36, right_w * 0.5, room)))
        self.preview_rect = pygame.Rect(x1, top, int(right_w * 0.55), preview_h)
        self.info_rect = pygame.Rect(self.preview_rect.right + 16, top,
                                     right_w - self.preview_rect.width - 16, preview_h)
        y = top + preview_h + 20
        widgets: list[Widget] = [self.scenario_list]
        if scenario is not None and count_row:
            count = Choice(rect=pygame.Rect(x1, y, min(420, right_w), 36), label="Players",
                           name="count", px=20,
                           options=[(n, str(n)) for n in range(scenario.players.min,
                                                                scenario.players.max + 1)],
                           on_change=self._set_count)
            count.set_value(len(self.setup.seats))
            widgets.append(count)
            y += 44
        if field_row:
            field = Choice(rect=pygame.Rect(x1, y, min(560, right_w), 36), label="Battlefield",
                           name="battlefield", px=20, options=fields,
                           on_change=self._on_battlefield,
                           note="Where to play: the scenario's own battlefield, any of "
                                "yours (imported maps too), or a community map shipped with "
                                "the game, that the scenario fits.")
            field.set_value(self.setup.battlefield)
            widgets.append(field)
            y += 44
        free_teams = (scenario is not None and not scenario.teams
                      and len(self.setup.seats) > 2)
        self.columns = self._columns(x1 + 118, right_w - 118, free_teams)
        self.seats_top = y
        y += head_h
        armies = [(a.id, a.name + (YOURS if own else "")) for a, own in self.armies()]
        for i, seat in enumerate(self.setup.seats):
            ry = y + i * (row_h + gap)

            def cell(key: str, ry: int = ry) -> pygame.Rect:
                cx, cw = self.columns[key]
                return pygame.Rect(cx, ry, cw, row_h)

            who = Choice(rect=cell("who"), name=f"who{i}", options=WHO, px=18,
                         on_change=partial(self._set_who, i),
                         note="Who plays this seat: you (or a friend at this screen) or "
                              "the computer, at a difficulty.")
            who.set_value("human" if seat.kind == "human" else f"ai:{seat.difficulty}")
            army = Choice(rect=cell("army"), name=f"army{i}", options=armies, px=18,
                          on_change=partial(self._set_army, i),
                          note="The army: a premade one, or one you built in the editor "
                               "(yours).")
            army.set_value(seat.army)
            decks = self.deck_options(seat.army)
            deck = Choice(rect=cell("deck"), name=f"deck{i}", px=18,
                          options=decks or [("", "No deck fits")],
                          on_change=partial(self._set_deck, i),
                          note="The spell deck: the decks whose spells the army's "
                               "Planeswalker can cast.")
            deck.set_value(seat.deck)
            widgets += [who, army, deck]
            if free_teams:
                team = Choice(rect=cell("team"), name=f"team{i}", options=TEAMS, px=18,
                              on_change=partial(self._set_team, i))
                team.set_value(seat.team)
                widgets.append(team)
        y += len(self.setup.seats) * (row_h + gap) + 12
        seed = SeedBox(pygame.Rect(x1, y, 220, 38), self.setup.seed, self._set_seed)
        reroll = Button(rect=pygame.Rect(x1 + 232, y, 150, 38), label="New seed", hint="R",
                        name="reroll", hotkeys=(pygame.K_r,), action=self.reroll, px=20)
        widgets += [seed, reroll]
        y += 44 + 12
        self.notice_rect = pygame.Rect(x1, y, right_w, notice_h)
        if self.notice:
            widgets.append(SkippedNotice(rect=self.notice_rect, name="skipped",
                                         lines=self.notice, on_open=self.show_skipped))
        start = Button(rect=pygame.Rect(w - x0 - 220, h - int(unit * 1.2), 220, 48),
                       label="Start", name="start", hint="Enter", style="primary",
                       hotkeys=(pygame.K_RETURN, pygame.K_KP_ENTER), action=self.start)
        back = Button(rect=pygame.Rect(w - x0 - 440, h - int(unit * 1.2), 200, 48),
                      label="Back", name="back", hint="Esc", action=self.app.pop)
        widgets += [back, start]
        focus = self.form.focused.name if self.form.focused else "start"
        self.form.set(widgets)
        for i, wdg in enumerate(widgets):
            if wdg.name == focus:
                self.form.focus = i

    def _columns(self, x: int, width: int, teams: bool) -> dict[str, tuple[int, int]]:
        """Left edge and width of each seat column (who, army, deck and maybe team)."""
        shares = {"who": 0.24, "army": 0.40, "deck": 0.36}
        if teams:
            shares = {"who": 0.21, "army": 0.33, "deck": 0.30, "team": 0.16}
        out: dict[str, tuple[int, int]] = {}
        for key, share in shares.items():
            cw = int(width * share)
            out[key] = (x, cw - 8)
            x += cw
        return out

    def widget(self, name: str) -> Widget:
        for w in self.form.widgets:
            if w.name == name:
                return w
        raise KeyError(name)

    # --- scene ----------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        if not self.loaded and content.ready():
            self._loaded()
        elif self.loaded and not self.community_listed and content.community_ready():
            self.community_listed = True
            self.field_choices.clear()
            self.resize(self.app.size)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        if not self.loaded:
            return
        self.form.handle_event(event)

    def _preview(self, field_id: str, size: tuple[int, int]) -> pygame.Surface:
        key = (field_id, size)
        found = self.previews.get(key)
        if found is None:
            bf = content.catalog().battlefields[field_id]
            found = render_preview(field_from_battlefield(bf), size, content.zone_colours(bf),
                                   looks=content.terrain_looks(bf))
            self.previews[key] = found
        return found

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(backdrop(surface.get_size(), dim=True), (0, 0))
        draw_title(surface, "New game", "Pick a scenario and the players, then Start")
        if not self.loaded:
            text.blit(surface, "Loading cards and scenarios…", 26, UI["text"],
                      (surface.get_width() // 2, surface.get_height() // 2), anchor="center")
            return
        scenario = self.scenario
        if scenario is not None:
            draw_panel(surface, self.preview_rect.inflate(16, 16), fill=(20, 23, 34))
            image = self._preview(self.setup.battlefield or scenario.battlefield,
                                  self.preview_rect.size)
            surface.blit(image, self.preview_rect)
            title = scenario.name
            if self.setup.battlefield:
                title += f" on {dict(self.battlefields()).get(self.setup.battlefield, '')}"
            inner = draw_panel(surface, self.info_rect.inflate(16, 16), title)
            # A community map's source and approximations first: the panel is small.
            lines = [*_community_lines(self.setup.battlefield), scenario.description, "",
                     _rules_line(scenario)]
            y = inner.y
            for paragraph in lines:
                for line in text.wrap(paragraph, 19, inner.width):
                    if y > inner.bottom - 18:
                        break
                    text.blit(surface, line, 19, UI["text"], (inner.x, y))
                    y += 20
            pal = palette(self.app.settings.colour_blind)
            heads = {"who": "Played by", "army": "Army", "deck": "Spell deck", "team": "Team"}
            for key, (cx, _cw) in self.columns.items():
                text.blit(surface, heads[key], 16, UI["muted"], (cx + 6, self.seats_top + 2))
            for i in range(len(self.setup.seats)):
                who = self.widget(f"who{i}").rect
                swatch = pygame.Rect(self.preview_rect.x, who.y + 8, 22, who.height - 16)
                pygame.draw.rect(surface, pal.player(i + 1), swatch, border_radius=4)
                team = ""
                if scenario.teams:
                    team = next((f" (team {'AB'[k] if k < 2 else k + 1})"
                                 for k, t in enumerate(scenario.teams) if i + 1 in t), "")
                text.blit(surface, f"Player {i + 1}{team}", 20, UI["text"],
                          (swatch.right + 8, who.centery), anchor="midleft")
        self.form.draw(surface)
        if self.app.top is self:
            self.form.draw_tooltip(surface)


def _community_lines(field_id: str) -> list[str]:
    """What the info panel says of a community map chosen as the battlefield: where it comes
    from, and what its import approximated (nothing for other battlefields)."""
    found = content.community_map(field_id) if field_id else None
    if found is None:
        return []
    approximated = found.short_approximations()
    return [f"{content.COMMUNITY}, imported from {found.source}. Approximated: "
            + ("; ".join(approximated) + "." if approximated else
               "nothing, every piece plays as in AotP."), ""]


def _players(scenario: Scenario) -> str:
    lo, hi = scenario.players.min, scenario.players.max
    return f"{lo} players" if lo == hi else f"{lo}–{hi} players"


def _rules_line(scenario: Scenario) -> str:
    victory = {"destroy_planeswalkers": "Destroy the other Planeswalkers",
               "score_at_turn_limit": "Most points at the turn limit"}.get(
        scenario.victory, scenario.victory)
    limits = ", ".join(f"{n} players: turn {t}" for n, t in sorted(scenario.turn_limit.items()))
    return f"Victory: {victory}. Turn limit: {limits}."
