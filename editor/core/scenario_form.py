"""The scenario settings form, headless: text fields in, a validated `Scenario` out.

Every field is a string as typed in the window (numbers, ``2:30, 3:25`` for turn limits per
player count, ``1,2; 3,4`` for teams). `ScenarioForm.build` checks them through the content
loader, so the rules are the ones `arena validate` applies to a file, and `check_on_map`
adds the game's verdict on playing it on the map being edited (`arena.content.fits`); every
problem is listed at once, named by the form's own field and with its fix.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

from arena.content import writer, yamlio
from arena.content.battlefield import Battlefield
from arena.content.errors import ContentError
from arena.content.fits import fit
from arena.content.loader import load_document, load_file
from arena.content.locations import save_path
from arena.content.scenario import Scenario

CHOICES: dict[str, tuple[str, ...]] = {
    "victory": ("destroy_planeswalkers", "score_at_turn_limit"),
    "scoring": ("battlefield", "power_spaces"),
    "glyph_setup": ("as_placed", "shuffle_onto_glyph_spaces"),
    "zone_mode": ("one_player_per_zone", "one_team_per_zone", "any_free_space"),
    "tie_break": ("most_figures_then_planeswalker_life", "draw"),
}
"""The fields chosen from a list (drop-down menus in the window)."""

CHOICE_WORDS: dict[str, str] = {
    "destroy_planeswalkers": "Destroy the other Planeswalkers",
    "score_at_turn_limit": "Most points at the turn limit",
    "battlefield": "Every figure on the battlefield scores",
    "power_spaces": "Figures on power spaces score",
    "as_placed": "Glyphs stay as placed on the map",
    "shuffle_onto_glyph_spaces": "Glyphs shuffled onto glyph spaces",
    "one_player_per_zone": "One player per zone",
    "one_team_per_zone": "One team per zone",
    "any_free_space": "Any free starting space",
    "most_figures_then_planeswalker_life": "Most figures, then Planeswalker life",
    "draw": "A draw",
}
"""Each choice of `CHOICES` as the window shows it (the file keeps the value)."""

LABELS: dict[str, str] = {
    "id": "Id (file name)", "name": "Name", "description": "Description",
    "players_min": "Players, fewest", "players_max": "Players, most",
    "teams": "Teams (1,2; 3,4)", "army_budget": "Army budget (points)",
    "deck_cards": "Spells in a deck", "deck_max_cost": "Deck cost cap",
    "turn_limits": "Turn limit (players: turns)", "victory": "Victory",
    "scoring": "Scoring", "glyph_setup": "Glyph set-up", "zone_mode": "Zones",
    "zone_order": "Zone order", "tie_break": "Tie break", "provenance": "Provenance",
}
"""Each form field's label in the window (and in the problems about it)."""

_FIELD_OF_KEY = {"players": "players_max", "players.min": "players_min",
                 "players.max": "players_max", "deck.cards": "deck_cards",
                 "deck.max_cost": "deck_max_cost", "turn_limit": "turn_limits",
                 "zones": "zone_mode", "zones.mode": "zone_mode", "zones.order": "zone_order",
                 "deck": "deck_cards"}
"""The form field a scenario file's key is typed in (keys not listed have the same name)."""


def _field_label(path: str) -> str:
    """The label of the field a key path of the scenario file is typed in."""
    key = re.sub(r"\[\d+\]", "", path)
    while key:
        name = _FIELD_OF_KEY.get(key, key)
        if name in LABELS:
            return LABELS[name]
        key = key.rpartition(".")[0]
    return ""


_KEY_WORDS: dict[str, str] = {
    "players.min": "the fewest players", "players.max": "the most players",
    "zones.mode": "the Zones choice", "zones.order": "the zone order",
    "deck.cards": "spells in a deck", "deck.max_cost": "the deck cost cap",
    "army_budget": "the army budget", "turn_limit": "the turn limit",
    "glyph_setup": "the glyph set-up", "tie_break": "the tie break",
    "max_cost": "the deck cost cap", "players_min": "the fewest players",
    "players_max": "the most players", "deck_cards": "spells in a deck",
    "deck_max_cost": "the deck cost cap", "turn_limits": "the turn limit",
    "zone_mode": "the Zones choice", "zone_order": "the zone order",
}
"""A scenario file's keys as a sentence of the window names them (the field's label, in
words that read inside a sentence)."""
_QUOTED_WORDS: dict[str, str] = {
    "cards": "spells in a deck", "min": "the fewest players", "max": "the most players",
    "mode": "the Zones choice", "order": "the zone order", "teams": "the teams",
    "victory": "the victory", "scoring": "the scoring", "players": "the players",
}
"""Keys that a sentence names only in quotes (``'cards'``): alone they are ordinary words."""


def in_words(text: str) -> str:
    """A loader's or the game's sentence with the file's keys and values replaced by what the
    window shows: ``write a whole number for 'army_budget'`` names "the army budget",
    ``one_team_per_zone`` reads "One team per zone"."""
    for key, words in {**_KEY_WORDS, **_QUOTED_WORDS}.items():
        text = re.sub(rf"[`']{re.escape(key)}[`']", words, text)
    for key, words in sorted(_KEY_WORDS.items(), key=lambda kv: -len(kv[0])):
        text = re.sub(rf"(?<![\w.]){re.escape(key)}\b", words, text)
    for value, words in CHOICE_WORDS.items():
        if "_" in value:
            text = re.sub(rf"\b{re.escape(value)}\b", f'"{words}"', text)
    return text


def _sentence(label: str, message: str, fix: str) -> str:
    where = f"{label}: " if label else ""
    message, fix = in_words(message), in_words(fix)
    message = message[:1].upper() + message[1:] if not where else message
    stop = "" if message.endswith(".") else "."
    return f"{where}{message}{stop}" + (f" Fix: {fix}" if fix else "")


@dataclass
class ScenarioForm:
    id: str = "new-scenario"
    name: str = "New scenario"
    description: str = ""
    players_min: str = "2"
    players_max: str = "2"
    teams: str = ""
    army_budget: str = "500"
    deck_cards: str = "12"
    deck_max_cost: str = "200"
    turn_limits: str = "2: 30"
    victory: str = "destroy_planeswalkers"
    scoring: str = "battlefield"
    glyph_setup: str = "as_placed"
    zone_mode: str = "one_player_per_zone"
    zone_order: str = ""
    tie_break: str = "most_figures_then_planeswalker_life"
    provenance: str = "reconstructed"

    @classmethod
    def field_names(cls) -> list[str]:
        return [f.name for f in fields(cls)]

    @classmethod
    def from_scenario(cls, sc: Scenario) -> ScenarioForm:
        return cls(
            id=sc.id, name=sc.name, description=sc.description,
            players_min=str(sc.players.min), players_max=str(sc.players.max),
            teams="; ".join(",".join(str(s) for s in team) for team in sc.teams),
            army_budget=str(sc.army_budget), deck_cards=str(sc.deck.cards),
            deck_max_cost=str(sc.deck.max_cost),
            turn_limits=", ".join(f"{k}: {v}" for k, v in sc.turn_limit.items()),
            victory=sc.victory, scoring=sc.scoring, glyph_setup=sc.glyph_setup,
            zone_mode=sc.zones.mode, zone_order=", ".join(sc.zones.order),
            tie_break=sc.tie_break, provenance=sc.provenance,
        )

    @classmethod
    def for_zones(cls, battlefield_id: str, zone_ids: list[str]) -> ScenarioForm:
        """A two-player scenario for a new battlefield, zones in map order."""
        return cls(id=f"{battlefield_id}-scenario", zone_order=", ".join(zone_ids))

    def data(self, battlefield: str) -> dict[str, Any]:
        """Plain scenario data from the fields (numbers parsed where they are numbers)."""
        def num(text: str) -> Any:
            text = text.strip()
            return int(text) if text.lstrip("-").isdigit() else text

        limits: dict[str, Any] = {}
        for part in filter(None, (p.strip() for p in self.turn_limits.split(","))):
            key, _, value = part.partition(":")
            limits[key.strip()] = num(value)
        teams = [[num(s) for s in team.split(",") if s.strip()]
                 for team in self.teams.split(";") if team.strip()]
        data: dict[str, Any] = {
            "format": "scenario", "id": self.id.strip(), "name": self.name.strip(),
            "description": self.description.strip(), "battlefield": battlefield,
            "players": {"min": num(self.players_min), "max": num(self.players_max)},
            "teams": teams,
            "zones": {"mode": self.zone_mode,
                      "order": [z.strip() for z in self.zone_order.split(",") if z.strip()]},
            "army_budget": num(self.army_budget),
            "deck": {"cards": num(self.deck_cards), "max_cost": num(self.deck_max_cost)},
            "glyph_setup": self.glyph_setup, "turn_limit": limits, "victory": self.victory,
            "scoring": self.scoring, "tie_break": self.tie_break,
            "provenance": self.provenance,
        }
        return data

    def build(self, battlefield: str) -> tuple[Scenario | None, list[str]]:
        """The scenario, or None and every problem in words."""
        doc = yamlio.parse(yamlio.dump(self.data(battlefield)), f"{self.id or 'scenario'}.yaml")
        try:
            sc = load_document(doc, Scenario)
        except ContentError as exc:
            return None, [_sentence(_field_label(p.path), p.message, p.fix)
                          for p in exc.problems]
        assert isinstance(sc, Scenario)
        return sc, []

    def check_on_map(self, field: Battlefield | None, battlefield_id: str
                     ) -> tuple[Scenario | None, list[str]]:
        """The scenario when it is valid and the game would start it on `field` (the map
        being edited, None while the map itself has problems), else None and every problem,
        the game's refusals (`arena.content.fits.fit`) after the form's own."""
        sc, problems = self.build(battlefield_id)
        if sc is None:
            return None, problems
        if field is None:
            return None, ["The map has problems of its own: fix those first (Problems panel)."]
        verdict = fit(sc, field)
        if verdict.ok:
            return sc, []
        return None, [_sentence(_field_label(".".join(str(k) for k in p.path
                                                      if isinstance(k, str))),
                                p.message, p.fix) for p in verdict.problems]


def load_scenario(path: Path | str) -> Scenario:
    sc = load_file(path, expect=Scenario)
    assert isinstance(sc, Scenario)
    return sc


def save_scenario(sc: Scenario, path: Path | str) -> Path:
    """Canonical YAML, atomic (the old file survives a failure), at `path` or, for a shipped
    scenario, at its place in the player's folder (`arena.content.locations.user_copy`);
    returns where it went."""
    target = save_path(path)
    writer.save_model(sc, target)
    return target
