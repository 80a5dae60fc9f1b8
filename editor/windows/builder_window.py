"""The army and deck builder's window (a pygame_gui window over the map editor).

Left: the Planeswalker, a search field and the army cards that may be added (click one to add
it); the army (click a card to take it out), points used and left and every rule message.
Right: the same for the 12 spells. All rules come from `editor.core.builder` (the content layer's
`check_army` / `check_deck`). The army's and deck's names give their file names; Save puts
them in the player's folders, where the game's New game screen lists them, and "Play with
this army" saves both and starts the game (`BuilderEditing.play_with_army`).

The part (`BuilderEditing`) owns the builder (the army and deck being built, kept while its
window is closed) and the window; the game it starts is test play's to watch.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Protocol

import pygame
import pygame_gui
from pygame_gui.elements import (
    UIButton,
    UIDropDownMenu,
    UILabel,
    UISelectionList,
    UITextBox,
    UITextEntryLine,
    UIWindow,
)

from editor.core.builder import Builder, finding_text, shipped_catalog
from editor.windows import dialogs
from editor.windows.dialogs import DialogsHost
from editor.windows.strength_check import StrengthPanel

Items = list[str | tuple[str, str]]


class BuilderWindow:
    """The builder's widgets; `handle` takes pygame_gui events, returns True if used."""

    def __init__(self, manager: pygame_gui.UIManager, builder: Builder,
                 size: tuple[int, int]) -> None:
        self.builder = builder
        self.ui = manager
        w, h = size
        rect = pygame.Rect(20, 44, w - 40, h - 60)
        self.window = UIWindow(rect, manager, window_display_title="Army and deck builder")
        inner_w = rect.width - 40
        half = inner_w // 2
        self.army_ids: list[str] = []
        self.deck_ids: list[str] = []
        walkers = builder.planeswalkers()
        if not builder.planeswalker and walkers:
            builder.choose_planeswalker(walkers[0].id)
        self.walker_names = {f"{c.name} ({c.cost})": c.id for c in walkers}
        current = next((n for n, i in self.walker_names.items() if i == builder.planeswalker),
                       next(iter(self.walker_names), ""))
        c = self.window
        UILabel(pygame.Rect(8, 6, 110, 28), "Planeswalker", manager, container=c)
        self.walker_menu = UIDropDownMenu(list(self.walker_names) or ["(none)"], current,
                                          pygame.Rect(120, 6, 320, 28), manager, container=c)
        UILabel(pygame.Rect(452, 6, 70, 28), "Search", manager, container=c)
        self.search = UITextEntryLine(pygame.Rect(524, 6, 150, 28), manager, container=c)
        self.fits = UIButton(pygame.Rect(682, 6, 120, 28), "Only what fits", manager,
                             container=c)
        self.only_fits = False
        self.files: dict[str, UIButton] = {}
        x = 810
        for key, text in (("load-army", "Load army"), ("save-army", "Save army"),
                          ("load-deck", "Load deck"), ("save-deck", "Save deck")):
            self.files[key] = UIButton(pygame.Rect(x, 6, 94, 28), text, manager, container=c)
            x += 98
        UILabel(pygame.Rect(8, 40, 100, 28), "Army name", manager, container=c)
        self.army_name = UITextEntryLine(pygame.Rect(112, 40, 240, 28), manager, container=c)
        self.army_name.set_text(builder.army_name)
        dx = half + 24
        UILabel(pygame.Rect(dx, 40, 100, 28), "Deck name", manager, container=c)
        self.deck_name = UITextEntryLine(pygame.Rect(dx + 104, 40, 240, 28), manager,
                                         container=c)
        self.deck_name.set_text(builder.deck_name)
        self.play = UIButton(pygame.Rect(inner_w - 178, 40, 190, 28), "Play with this army",
                             manager, container=c,
                             tool_tip_text="save the army and deck, then start the game")
        top = 76
        list_h = (rect.height - top - 80) // 2 - 30
        quarter = half // 2 - 4
        self.army_label = UILabel(pygame.Rect(8, top, half, 24), "", manager, container=c)
        UILabel(pygame.Rect(8, top + 24, quarter, 22), "Army cards (click to add)", manager,
                container=c)
        UILabel(pygame.Rect(16 + quarter, top + 24, quarter, 22), "Your army (click: remove)",
                manager, container=c)
        self.army_choices = UISelectionList(pygame.Rect(8, top + 48, quarter, list_h), [],
                                            manager, container=c)
        self.army_list = UISelectionList(pygame.Rect(16 + quarter, top + 48, quarter, list_h),
                                         [], manager, container=c)
        self.army_findings = UITextBox("", pygame.Rect(8, top + 56 + list_h, half,
                                                       rect.height - top - list_h - 110),
                                       manager, container=c)
        self.deck_label = UILabel(pygame.Rect(dx, top, half, 24), "", manager, container=c)
        UILabel(pygame.Rect(dx, top + 24, quarter, 22), "Spells (click to add)", manager,
                container=c)
        UILabel(pygame.Rect(dx + quarter + 8, top + 24, quarter, 22),
                "Your deck (click: remove)", manager, container=c)
        self.spell_choices = UISelectionList(pygame.Rect(dx, top + 48, quarter, list_h), [],
                                             manager, container=c)
        self.deck_list = UISelectionList(pygame.Rect(dx + quarter + 8, top + 48, quarter,
                                                     list_h), [], manager, container=c)
        self.deck_findings = UITextBox("", pygame.Rect(dx, top + 56 + list_h, half,
                                                       rect.height - top - list_h - 110),
                                       manager, container=c)
        self.message = ""
        self.refresh()
        self.strength = StrengthPanel(self)

    def alive(self) -> bool:
        return bool(self.window.alive())  # type: ignore[no-untyped-call]

    def refresh(self) -> None:
        b = self.builder
        text = self.search.get_text()
        army = b.army_choices(text, fits=self.only_fits)
        self.army_ids = [c.id for c in army]
        items: Items = [f"{c.name} ({c.cost})" for c in army]
        self.army_choices.set_item_list(items)
        chosen: Items = [f"{i + 1}. {b.army_cards[cid].name} ({b.army_cards[cid].cost})"
                         if cid in b.army_cards else f"{i + 1}. {cid} (unknown)"
                         for i, cid in enumerate(b.cards)]
        self.army_list.set_item_list(chosen)
        spells = b.spell_choices(text)
        self.deck_ids = [s.id for s in spells]
        spell_items: Items = [f"{s.name} ({s.cost}, {s.colour})" for s in spells]
        self.spell_choices.set_item_list(spell_items)
        deck: Items = [f"{i + 1}. {b.spell_cards[sid].name} ({b.spell_cards[sid].cost})"
                       if sid in b.spell_cards else f"{i + 1}. {sid} (unknown)"
                       for i, sid in enumerate(b.spells)]
        self.deck_list.set_item_list(deck)
        self.army_label.set_text("Army: " + b.army_summary())
        self.deck_label.set_text("Deck: " + b.deck_summary())
        army_findings = b.army_totals()[0]
        deck_findings = b.deck_totals()[0]
        self.army_findings.set_text("<br>".join([*(finding_text(f) for f in army_findings),
                                                 *b.army_id_problems()])
                                    or "The army follows every rule.")
        self.deck_findings.set_text("<br>".join([*(finding_text(f) for f in deck_findings),
                                                 *b.deck_id_problems()])
                                    or "The deck follows every rule.")

    def handle(self, event: pygame.event.Event) -> str | None:
        """React to a pygame_gui event; returns a file action ("save-army", ...) for the
        app to ask a path for, else None."""
        b = self.builder
        element = getattr(event, "ui_element", None)
        if self.strength.handle(event):
            return None
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and element is self.walker_menu:
            b.choose_planeswalker(self.walker_names.get(event.text, ""))
        elif event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and element is self.search:
            pass
        elif event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and element is self.army_name:
            b.name_army(self.army_name.get_text())
        elif event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and element is self.deck_name:
            b.name_deck(self.deck_name.get_text())
        elif event.type == pygame_gui.UI_BUTTON_PRESSED and element is self.play:
            return "play"
        elif event.type == pygame_gui.UI_BUTTON_PRESSED and element is self.fits:
            self.only_fits = not self.only_fits
            if self.only_fits:
                self.fits.select()
            else:
                self.fits.unselect()
        elif event.type == pygame_gui.UI_BUTTON_PRESSED and element in self.files.values():
            return next(k for k, v in self.files.items() if v is element)
        elif event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION:
            if element is self.army_choices:
                self.add_army(event.text)
            elif element is self.spell_choices:
                self.add_spell(event.text)
            elif element is self.army_list:
                b.remove_card(int(event.text.split(".", 1)[0]) - 1)
            elif element is self.deck_list:
                b.remove_spell(int(event.text.split(".", 1)[0]) - 1)
            else:
                return None
        else:
            return None
        self.refresh()
        return None

    def add_army(self, text: str) -> None:
        for cid in self.army_ids:
            card = self.builder.army_cards[cid]
            if f"{card.name} ({card.cost})" == text:
                self.builder.add_card(cid)
                return

    def add_spell(self, text: str) -> None:
        for sid in self.deck_ids:
            spell = self.builder.spell_cards[sid]
            if f"{spell.name} ({spell.cost}, {spell.colour})" == text:
                self.builder.add_spell(sid)
                return

    def file_action(self, action: str, path: Path) -> str:
        """Load or save the army or deck; returns a message for the status line (a failure
        too: `run_file_action` raises it instead)."""
        try:
            return self.run_file_action(action, path)
        except Exception as exc:  # noqa: BLE001 - shown to the user, never fatal
            return f"{action.replace('-', ' ')} failed: {str(exc).splitlines()[0]}"

    def run_file_action(self, action: str, path: Path) -> str:
        """Load or save the army or deck; returns a message for the status line, raises
        (ContentError, OSError, ...) when it fails."""
        b = self.builder
        if action == "save-army":
            b.save_army(path)
        elif action == "save-deck":
            b.save_deck(path)
        elif action == "load-army":
            b.load_army(path)
        elif action == "load-deck":
            b.load_deck(path)
        self.refresh()
        if action.startswith("load"):
            self.army_name.set_text(b.army_name)
            self.deck_name.set_text(b.deck_name)
        name = next((n for n, i in self.walker_names.items() if i == b.planeswalker), None)
        if name is not None and action.startswith("load"):
            self.walker_menu.kill()  # type: ignore[no-untyped-call]
            self.walker_menu = UIDropDownMenu(list(self.walker_names), name,
                                              pygame.Rect(120, 6, 320, 28), self.ui,
                                              container=self.window)
        return f"{action.replace('-', ' ').capitalize()}: {path}"


class BuilderHost(DialogsHost, Protocol):
    """What the builder's part needs of the editor window."""

    def open_dialog(self, kind: str) -> None:
        """Ask for a path for a file action ("load-army", "save-deck" ...)."""

    def confirm_save(self, parts: tuple[str, ...], then: Callable[[], None]) -> None:
        """Run `then`, after asking Save anyway when the game would refuse `parts`."""

    def play_army(self, army_id: str, deck_id: str, saved: str) -> None:
        """Start the game with the army and deck just saved (`saved` says which files)."""


class BuilderEditing:
    """The editor window's side of the builder: open it, load and save its army and deck
    through the file dialog, and play with the army built."""

    def __init__(self, host: BuilderHost) -> None:
        self.host = host
        self.builder: Builder | None = None
        """The army and deck being built (None until the builder is first opened)."""
        self.window: BuilderWindow | None = None

    def alive(self) -> bool:
        return self.window is not None and self.window.alive()

    def handle(self, event: pygame.event.Event) -> bool:
        """Give an event to the open window; True when it asked for something."""
        if not self.alive():
            return False
        assert self.window is not None
        action = self.window.handle(event)
        if action == "play":
            self.play_with_army()
        elif action is not None:
            self.host.open_dialog(action)
        return action is not None

    def open(self) -> None:
        if self.alive():
            return
        if self.builder is None:
            catalog = shipped_catalog()
            self.builder = Builder(catalog.army_cards, catalog.spells,
                                   reserved_armies=frozenset(catalog.armies),
                                   reserved_decks=frozenset(catalog.decks))
        self.window = BuilderWindow(self.host.ui, self.builder, self.host.size)

    def builder_action(self, kind: str, path: Path) -> None:
        """Load or save the builder's army or deck (`BuilderWindow.run_file_action`); a
        save the game will refuse asks Save anyway first, a failure is shown in a dialog."""
        window = self.window
        if window is None:
            return

        def go() -> None:
            try:
                self.host.message = window.run_file_action(kind, path)
            except Exception as exc:  # noqa: BLE001 - shown to the user, never fatal
                doing = {"save-army": "Army not saved", "save-deck": "Deck not saved",
                         "load-army": "Could not load the army",
                         "load-deck": "Could not load the deck"}[kind]
                self.host.dialogs.error(dialogs.from_exception(doing, path, exc))
        if kind.startswith("save"):
            self.host.confirm_save((kind[5:],), go)
        else:
            go()

    def play_with_army(self) -> None:
        """Save the builder's army and deck into the player's folders and start the game
        (on this battlefield as "Test play" when it is playable) to play them."""
        b = self.builder
        if b is None:
            return
        army, deck = b.army_totals()[0], b.deck_totals()[0]
        problems = [f"army: {army[0].message}"] if army else []
        problems += [f"deck: {deck[0].message}"] if deck else []
        problems += b.id_problems()
        if problems:
            self.host.message = f"Play: not yet, {problems[0]}"
            return
        try:
            army_path, deck_path = b.save_army(), b.save_deck()
        except Exception as exc:  # noqa: BLE001 - shown to the user, never fatal
            self.host.dialogs.error(dialogs.from_exception(
                "Play: the army or deck could not be saved", b.default_army_path(), exc))
            return
        self.host.play_army(b.army_id, b.deck_id,
                            f"Saved {army_path.name} and {deck_path.name}; the game starts: "
                            f"'{b.army_name}' with '{b.deck_name}'")
