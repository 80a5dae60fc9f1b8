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
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from arena.content.base import Model, Name, PosInt, Provenance, Slug

PlayerCount = Annotated[int, Field(ge=2, le=5)]


class PlayerRange(Model):
    """How many players the scenario is for."""

    min: PlayerCount
    max: PlayerCount

    @model_validator(mode="after")
    def _ordered(self) -> PlayerRange:
        if self.min > self.max:
            raise ValueError("players.min is more than players.max")
        return self


class DeckRules(Model):
    """The spell deck's size and cost cap (guide "Building Your Spell Deck")."""

    cards: PosInt = 12
    max_cost: PosInt = 200


class ZoneRules(Model):
    """How players (or teams) are assigned starting zones."""

    mode: Literal["one_player_per_zone", "one_team_per_zone", "any_free_space"]
    order: list[Slug] = Field(default_factory=list)


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
    provenance: Provenance

    @model_validator(mode="after")
    def _consistent(self) -> Scenario:
        for key in self.turn_limit:
            if not key.isdigit() or not self.players.min <= int(key) <= self.players.max:
                raise ValueError(
                    f"turn_limit key {key!r} is not a player count between "
                    f"{self.players.min} and {self.players.max}")
        for count in range(self.players.min, self.players.max + 1):
            if str(count) not in self.turn_limit:
                raise ValueError(f"turn_limit has no entry for {count} players")
        if self.teams:
            seats = sorted(s for team in self.teams for s in team)
            if seats != list(range(1, len(seats) + 1)):
                raise ValueError("`teams` must list seats 1..N once each")
            if len(seats) != self.players.max or self.players.min != self.players.max:
                raise ValueError(
                    "`teams`: a team scenario has a fixed player count matching its teams")
        if self.zones.mode == "one_team_per_zone" and not self.teams:
            raise ValueError("zones.mode one_team_per_zone needs teams")
        return self

    def turn_limit_for(self, players: int) -> int:
        """The last turn of a game with this many players."""
        return self.turn_limit[str(players)]
