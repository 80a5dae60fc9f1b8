"""Is the map being edited ready to play, and as which of the guide's scenarios? (headless)

The answer is the game's own: `arena.content.fits.fit`, the verdict ``arena play
--battlefield``, New game and ``arena validate`` give before a battle starts, run for each of
the guide's three battlefields' scenarios (The Duel, The Skirmish, The Melee) on the edited
map. So the editor never says "ready" where the game refuses, and for each scenario it says
which of the map's zones each side starts in, or what is missing and how to add it. Zones the
importer proposed are said to be so: "proposed zones, not checked for fairness" until the
short check after the import (`editor.core.zone_check`) has played them, then its result.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

from arena.content import locations
from arena.content.battlefield import Battlefield
from arena.content.catalog import project_root
from arena.content.errors import ContentError
from arena.content.fits import GUIDE_SCENARIOS, Fit, fit
from arena.content.loader import load_file
from arena.content.mapimport import NOT_CHECKED
from arena.content.scenario import Scenario
from editor.core.mapdoc import MapDoc


def guide_scenarios() -> tuple[Scenario, ...]:
    """The guide scenarios as the game plays them: each from the highest content layer that
    has it (the ``ARENA_CONTENT`` folder, the player's own copy, then the shipped file, as
    `arena.content.catalog.game_content_layers` lays them); one that none holds in a usable
    form is left out, as the game leaves it out of New game."""
    roots = [locations.extra_content_root(), locations.user_root(), project_root()]
    found = []
    for sid in GUIDE_SCENARIOS:
        for root in filter(None, roots):
            path = root / "scenarios" / f"{sid}.yaml"
            if not path.is_file():
                continue
            model = _scenario(path, path.stat().st_mtime_ns)
            if model is not None:
                found.append(model)
                break
    return tuple(found)


@lru_cache(maxsize=32)
def _scenario(path: Path, stamp: int) -> Scenario | None:
    """A scenario file, read again only when it changes (`stamp`: its modification time)."""
    try:
        model = load_file(path, expect=Scenario)
    except (ContentError, OSError):
        return None
    assert isinstance(model, Scenario)
    return model


def play_as(field: Battlefield, scenarios: Sequence[Scenario] | None = None) -> list[Fit]:
    """The game's verdict on the map for each scenario (the guide's by default)."""
    return [fit(sc, field) for sc in (guide_scenarios() if scenarios is None else scenarios)]


def headline(problems: int, fits: Sequence[Fit], zones: str = "") -> str:
    """The one line over the problems list; `zones`: the note on proposed starting zones
    (`editor.core.zone_check.note`: not checked for fairness yet, or the check's result),
    said after "Ready" in brackets so a map is never simply "ready" on unreviewed zones."""
    if problems:
        return f"{problems} problem{'s' if problems != 1 else ''} (click one to see it)"
    ready = [f.scenario.name for f in fits if f.ok]
    if ready:
        return "Ready to play as " + ", ".join(ready) + (f" ({zones})" if zones else "")
    if fits:
        return "Not ready to play: see Play as below"
    return "No problems"


def play_lines(fits: Sequence[Fit], zones: str = "") -> list[str]:
    """For each scenario: ready, with the zone each side starts in; or what is missing, each
    thing with its fix (HTML lines for the summary box); `zones` as for `headline`."""
    if not fits:
        return []
    lines = ["<b>Play as</b>"]
    if zones:
        lines.append(f"Starting zones: {html.escape(zones)}")
    for verdict in fits:
        if verdict.ok:
            lines.append(f"{verdict.scenario.name}: ready ({verdict.side_text()})")
            lines += [f"- {remark}" for remark in verdict.remarks]
            continue
        lines.append(f"{verdict.scenario.name}: not yet")
        lines += [f"- {p.message}. Fix: {p.fix}" for p in verdict.problems]
    return lines


# --- proposed starting zones --------------------------------------------------------------

_RESULTS: dict[str, str] = {}
"""The result of each map checked, by its battlefield YAML (`MapDoc.to_yaml`)."""


def proposed(doc: MapDoc) -> bool:
    """Whether the map's zones (any of them) are the importer's proposal, not yet reviewed."""
    return any(z.proposed for z in doc.zones)


def record(doc_yaml: str, line: str) -> None:
    """Keep the result of the check of the map whose battlefield YAML is `doc_yaml`."""
    _RESULTS[doc_yaml] = line


def note(doc: MapDoc, doc_yaml: str | None = None) -> str:
    """The verdict's note on the map's zones: empty when none is proposed, else the check's
    result for the map as it is, or `NOT_CHECKED`."""
    if not proposed(doc):
        return ""
    return _RESULTS.get(doc.to_yaml() if doc_yaml is None else doc_yaml, NOT_CHECKED)
