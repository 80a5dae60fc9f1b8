"""Can a scenario be played on a battlefield? The one verdict the game and the editor share.

`fit` answers it for one scenario and one battlefield, and it is the only place that does:
``arena validate`` (a scenario's cross-file check, `arena.content.checks`), ``arena play
--battlefield`` and the New game screen (`arena.client.direct`, `arena.client.content`),
``arena sim`` / ``arena balance --battlefield`` (`arena.ai.sim.check_fits`) and the editor's
"ready to play as ..." status all call it, so none of them can say yes where another says no.

Which zone is whose: a scenario lists the starting zone ids its sides start in
(``zones.order``; guide "The Duel": "One player starts in the yellow starting zone. The
other player starts in the orange starting zone."). On the scenario's own battlefield those
ids must be there. On another battlefield (``--battlefield``, a map in the editor) the map's
zones stand in for the scenario's: a zone with one of the scenario's ids keeps it, and the
scenario's other ids go to the map's other zones in the order the map lists them (a
community map's red and green zones play as the Duel's yellow and orange); the map's zones
beyond those are not used (in a free-for-all, ``any_free_space``, they all are). `Fit.sides`
says which zone of the map each side starts in.

The room test (enough zones, capacity for every team) is the engine's own
(`arena.engine.setup.zone_room`, run again when a game starts).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from arena.content import yamlio
from arena.content.battlefield import Battlefield, StartingZone
from arena.content.errors import Problem
from arena.content.rules import Finding
from arena.content.scenario import Scenario
from arena.content.storeys import space
from arena.engine.defs import ZoneSpec
from arena.engine.setup import zone_room

__all__ = ["GUIDE_SCENARIOS", "Fit", "fit", "map_problems", "play_text", "zone_specs"]

GUIDE_SCENARIOS = ("the-duel", "the-skirmish", "the-melee")
"""The scenarios of the guide's three battlefields, by id: what ``arena validate`` and the
editor say a battlefield is ready to play as."""

_ROOM_FIX = {
    "one_player_per_zone": "paint another starting zone for each player missing one",
    "one_team_per_zone": "give each team a zone whose capacity and spaces take the whole "
                         "team (zone window: Capacity), or paint another zone",
    "any_free_space": "paint more starting spaces, or raise the zones' capacity",
}
"""How to make room, by the scenario's zone mode."""


def map_problems(field: Battlefield, path: Path | str) -> list[Problem]:
    """What `arena validate` finds wrong with a loaded battlefield file's geometry (zones off
    the map or overlapping, a tile resting on water ...): a battlefield the checks refuse is refused
    by every command that plays one, as the editor refuses it."""
    # Shapely (through `geometry`) takes about 0.4 s to import: only when a file is checked.
    from arena.content.geometry import check_battlefield

    problems, _summary = check_battlefield(field, yamlio.load(Path(path)))
    return problems


def zone_specs(bf: Battlefield) -> tuple[ZoneSpec, ...]:
    """The starting zones as the engine places Planeswalkers in them (a space on a column
    with several surfaces is a `arena.hexgrid.Storey`)."""
    return tuple(ZoneSpec(z.id, tuple(space(h) for h in z.spaces), z.capacity, z.name)
                 for z in bf.starting_zones)


@dataclass(frozen=True)
class Fit:
    """The verdict on playing `scenario` on a battlefield.

    `battlefield` is the battlefield as the game plays it (the zones standing in renamed to
    the scenario's ids, the unused ones left out: `_stand_in`); `stand_ins` maps each
    renamed zone's id on the map to the scenario's id it plays as; `sides` pairs each of the
    scenario's zone ids with the map's zone that serves it (None when the map has none for
    it); `problems` is every reason the game refuses, each with a fix (empty: it starts);
    `remarks` what plays otherwise than the map seems to say, though the game starts (glyph
    spaces the scenario leaves empty)."""

    scenario: Scenario
    battlefield: Battlefield
    stand_ins: dict[str, str]
    sides: tuple[tuple[str, StartingZone | None], ...]
    problems: tuple[Finding, ...]
    remarks: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        return not self.problems

    def side_text(self) -> str:
        """Which zone each side starts in, in words: "one player each in Yellow and Blue (as
        orange)"; in a free-for-all, where the players may start. The guide names no seat:
        the players choose in turn order, one side per zone."""
        if self.scenario.zones.mode == "any_free_space":
            names = ", ".join(z.name for z in self.battlefield.starting_zones)
            return f"every player on any free space of {names}"
        parts = [("none" if zone is None else zone.name if zone.id == wanted else
                  f"{zone.name} (as {wanted})") for wanted, zone in self.sides]
        side = "team" if self.scenario.zones.mode == "one_team_per_zone" else "player"
        if not parts:  # the scenario names no zones: any of the map's, one side per zone
            names = ", ".join(z.name for z in self.battlefield.starting_zones)
            return f"one {side} per zone, in any of {names}"
        listed = ", ".join(parts[:-1]) + " and " + parts[-1] if len(parts) > 1 else \
            "".join(parts)
        return f"one {side} each in {listed}"

    def refusal(self) -> str:
        """Every problem in one sentence (for a command line)."""
        return (f"{self.scenario.name} cannot be played on {self.battlefield.name!r}: "
                + "; ".join(f"{p.message} ({p.fix})" for p in self.problems))


def fit(scenario: Scenario, field: Battlefield) -> Fit:
    """The verdict on playing `scenario` on `field` (see the module docstring)."""
    own = field.id == scenario.battlefield
    wanted = list(scenario.zones.order)
    free = scenario.zones.mode == "any_free_space"
    played, stand_ins = (field, {}) if own else _stand_in(wanted, field, keep_rest=free)
    zones = {zone.id: zone for zone in played.starting_zones}
    originals = {zone.id: zone for zone in field.starting_zones}
    back = {new: old for old, new in stand_ins.items()}
    sides = tuple((w, originals.get(back.get(w, w))) for w in wanted)
    problems: list[Finding] = []
    if own:
        for index, zone_id in enumerate(wanted):
            if zone_id not in zones:
                problems.append(Finding(
                    ("zones", "order", index),
                    f"battlefield {field.id!r} has no starting zone {zone_id!r}",
                    f"use one of: {', '.join(zones) or '(none)'}; or give a zone of the "
                    f"battlefield the id {zone_id!r}"))
    teams = [list(t) for t in scenario.teams] or [[s] for s in
                                                    range(1, scenario.players.max + 1)]
    room = zone_room(zone_specs(played), scenario.zones.mode, teams)
    if room is not None:
        fix = (_ROOM_FIX[scenario.zones.mode] if played.starting_zones else
               "paint a starting zone for each player (New zone, then paint its spaces)")
        problems.append(Finding(("zones",), room, fix))
    if scenario.glyph_setup == "shuffle_onto_glyph_spaces" \
            and len(played.glyph_spaces) < len(played.glyphs):
        problems.append(Finding(
            ("glyph_setup",), f"{scenario.name} shuffles the {len(played.glyphs)} glyphs onto "
            f"glyph spaces, but the battlefield marks {len(played.glyph_spaces)}",
            "mark a glyph space for every glyph"))
    if scenario.scoring == "power_spaces" and not played.power_spaces:
        problems.append(Finding(
            ("scoring",), f"{scenario.name} scores the power spaces, but the battlefield has "
            "none", "mark power spaces next to the glyphs"))
    return Fit(scenario, played, stand_ins, sides, tuple(problems), _empty_glyph_spaces(
        scenario, played))


def _empty_glyph_spaces(scenario: Scenario, field: Battlefield) -> tuple[str, ...]:
    """Glyph spaces no glyph will lie on, in words: The Duel plays the glyphs where the map
    places them, the Skirmish shuffles the map's glyphs onto its glyph spaces; neither makes a
    glyph for a space that has none."""
    held = {g.at for g in field.glyphs}
    if scenario.glyph_setup == "shuffle_onto_glyph_spaces":
        empty = len(field.glyph_spaces) - len(field.glyphs)
        how = f"shuffles the map's {len(field.glyphs)} glyphs onto its glyph spaces"
    else:
        empty = sum(1 for at in field.glyph_spaces if at not in held)
        how = "plays the glyphs where the map places them"
    if empty <= 0:
        return ()
    spaces = f"{empty} glyph space{'s' if empty != 1 else ''}"
    return (f"{spaces} will stay empty: {scenario.name} {how} (place a glyph with the Glyph "
            "tool, or a glyph piece, for each)",)


def play_text(fits: list[Fit]) -> str:
    """Which scenarios a battlefield plays as, and the zone each side starts in (for a
    one-line report such as ``arena validate``'s)."""
    ready = [f"{f.scenario.name} ({f.side_text()})" for f in fits if f.ok]
    if ready:
        return "plays as " + ", ".join(ready)
    return "plays as none of " + ", ".join(f.scenario.name for f in fits) + " yet"


def _stand_in(wanted: list[str], field: Battlefield,
              keep_rest: bool) -> tuple[Battlefield, dict[str, str]]:
    """The battlefield with its zones standing in for the scenario's `wanted` ids, and the
    ids renamed (map id -> scenario id); unchanged when the map has every id wanted. The
    map's other zones are left out, unless `keep_rest` (a free-for-all starts anywhere)."""
    have = [z.id for z in field.starting_zones]
    if set(wanted) <= set(have) or len(have) < len(wanted):
        return field, {}
    missing = iter(w for w in wanted if w not in have)
    renamed: dict[str, str] = {}
    for zone_id in have:
        if zone_id in wanted:
            renamed[zone_id] = zone_id
        elif (new := next(missing, None)) is not None:
            renamed[zone_id] = new
    zones = [z.model_copy(update={"id": renamed[z.id]}) if z.id in renamed else z
             for z in field.starting_zones if z.id in renamed or keep_rest]
    return (field.model_copy(update={"starting_zones": zones}),
            {old: new for old, new in renamed.items() if old != new})
