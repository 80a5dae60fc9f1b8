"""Scenarios: which battlefield, how many players and teams, budgets, turn limits, scoring.

Example (``scenarios/the-duel.yaml``)::

    format: scenario
    id: the-duel
    name: The Duel
    battlefield: duel
    players: {min: 2, max: 2}
    teams: []
    zones: {mode: one_player_per_zone, order: [yellow, orange]}
    army_budget: 500
    deck: {cards: 12, max_cost: 200}
    glyph_setup: as_placed
    turn_limit: {"2": 30}
    victory: destroy_planeswalkers
    scoring: battlefield
    tie_break: most_figures_then_planeswalker_life
    provenance: reconstructed

Shadows over Innistrad scenarios may add (both optional)::

    weirded: {effect: hazard, amount: 1}   # what weirded ground spaces do (default: nothing)
    glyph_amounts: {movement: 1}           # Glyph of Movement +1 instead of the core +2
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from arena.content.base import Model, Name, PosInt, Provenance, Slug
from arena.content.errors import broken_rules

PlayerCount = Annotated[int, Field(ge=2, le=5)]

PermanentGlyph = Literal["power", "toughness", "movement"]
"""The glyph kinds that add an amount (guide "Permanent Glyphs")."""


class PlayerRange(Model):
    """How many players the scenario is for."""

    min: PlayerCount
    max: PlayerCount

    @model_validator(mode="after")
    def _ordered(self) -> PlayerRange:
        if self.min > self.max:
            raise broken_rules([("players.min is more than players.max",
                                 "swap them, or make min no more than max")])
        return self


class DeckRules(Model):
    """The spell deck's size and cost cap (guide "Building Your Spell Deck")."""

    cards: PosInt = 12
    max_cost: PosInt = 200


class ZoneRules(Model):
    """How players (or teams) are assigned starting zones. `order` names, by their ids on
    the battlefield, the zones the sides start in: one player (one team, in a team scenario)
    in each; The Duel's ``[yellow, orange]`` is the guide's "One player starts in the yellow
    starting zone. The other player starts in the orange starting zone." Played on another
    battlefield than its own, the map's zones stand in for these ids (a zone with the id
    keeps it, the others in the map's order); the editor shows which zone serves which."""

    mode: Literal["one_player_per_zone", "one_team_per_zone", "any_free_space"]
    order: list[Slug] = Field(default_factory=list)


class WeirdedGround(Model):
    """What weirded ground spaces do in this scenario (Shadows over Innistrad "Weirded ground
    spaces": "Unless otherwise specified, treat a weirded ground space like any empty space").
    `none`: an ordinary space; `hazard`: a figure that ends its move on weirded ground rolls
    `amount` combat dice and takes 1 damage per hit; `defense`: a figure standing on weirded
    ground rolls `amount` more defense dice."""

    effect: Literal["none", "hazard", "defense"] = "none"
    amount: PosInt = 1


class Scenario(Model):
    """Everything besides the map that makes a game: seats, rules of victory and scoring."""

    format: Literal["scenario"]
    id: Slug
    name: Name
    description: str = ""
    battlefield: Slug
    players: PlayerRange
    teams: list[list[PosInt]] = Field(default_factory=list)
    zones: ZoneRules
    army_budget: PosInt = 500
    deck: DeckRules = DeckRules()
    glyph_setup: Literal["as_placed", "shuffle_onto_glyph_spaces"] = "as_placed"
    turn_limit: dict[str, PosInt]
    victory: Literal["destroy_planeswalkers", "score_at_turn_limit"]
    scoring: Literal["battlefield", "power_spaces"]
    tie_break: Literal["most_figures_then_planeswalker_life", "draw"] = (
        "most_figures_then_planeswalker_life"
    )
    weirded: WeirdedGround | None = None
    """Shadows over Innistrad weirded ground (absent: weirded ground is ordinary land)."""
    glyph_amounts: dict[PermanentGlyph, PosInt] = Field(default_factory=dict)
    """Amounts of glyph kinds for this scenario where the battlefield's glyph gives none
    (Shadows over Innistrad prints Glyph of Movement +1; the core guide's default is +2)."""
    provenance: Provenance

    @model_validator(mode="after")
    def _consistent(self) -> Scenario:
        """Every rule across fields at once, each with its fix (`broken_rules`)."""
        least, most = self.players.min, self.players.max
        broken: list[tuple[str, str]] = []
        for key in self.turn_limit:
            if not key.isdigit() or not least <= int(key) <= most:
                broken.append((f"turn_limit key {key!r} is not a player count between "
                               f"{least} and {most}",
                               f"remove it, or use a player count from {least} to {most}"))
        for count in range(least, most + 1):
            if str(count) not in self.turn_limit:
                broken.append((f"turn_limit has no entry for {count} players",
                               f"add the last turn of a {count}-player game to turn_limit "
                               f"('{count}': 30), or change players"))
        if self.teams:
            seats = sorted(s for team in self.teams for s in team)
            if seats != list(range(1, len(seats) + 1)):
                broken.append(("`teams` must list seats 1..N once each",
                               "list every seat once, from 1 up: [[1, 2], [3, 4]]"))
            if len(seats) != most or least != most:
                broken.append(("`teams`: a team scenario has a fixed player count matching "
                               "its teams", f"set players min and max both to {len(seats)}"))
        if self.zones.mode == "one_team_per_zone" and not self.teams:
            broken.append(("zones.mode one_team_per_zone needs teams",
                           "add teams ([[1, 2], [3, 4]]) or choose another zone mode"))
        if broken:
            raise broken_rules(broken)
        return self

    def turn_limit_for(self, players: int) -> int:
        """The last turn of a game with this many players."""
        return self.turn_limit[str(players)]
