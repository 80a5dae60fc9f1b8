"""The Heroscape community maps shipped with Arena (assets/community-maps), offered as
battlefields so a player meets them without knowing the formats exist: New game lists them
under "Community map" (`arena.client.content.battlefield_choices`), the editor's Open has a
"Community maps" group (`editor.files.file_menu`).

Each is imported exactly as ``arena import-map`` does (`arena.content.mapimport.import_map`,
proposed starting zones included), once per process, and keeps its import report: what the
import approximated is shown beside the map wherever it is offered.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from arena.content.battlefield import Battlefield
from arena.content.errors import ContentError
from arena.content.locations import community_maps
from arena.content.mapfiles import SUFFIXES
from arena.content.mapimport import import_map, slug

FORMATS = {".json": "Heroscape Map Editor", ".hsc": "VirtualScape"}
"""The program each kind of file comes from, by suffix."""
APPROXIMATED = "Approximated:"
"""The report line that the approximations follow (`arena.content.mapimport`)."""


@dataclass(frozen=True)
class CommunityMap:
    """One shipped community map, imported: its file, battlefield and import report."""

    path: Path
    battlefield: Battlefield
    report: tuple[str, ...]

    @property
    def source(self) -> str:
        """Where the map comes from, in words ("Web_2_Uncharted_Isle.json, Heroscape Map
        Editor")."""
        return f"{self.path.name}, {FORMATS.get(self.path.suffix.lower(), 'community map')}"

    def approximations(self) -> list[str]:
        """What the import approximated, one line each ("Ladder: sits on hex edges ...
        (x5)"); empty when every piece plays as in AotP."""
        lines = list(self.report)
        if APPROXIMATED not in lines:
            return []
        after = lines[lines.index(APPROXIMATED) + 1:]
        found = []
        for line in after:
            if not line.startswith("  - "):
                break
            found.append(line[4:])
        return found

    def short_approximations(self) -> list[str]:
        """The approximations named shortly, for a line of a screen ("Ladder (x5)")."""
        out = []
        for line in self.approximations():
            what, _, rest = line.partition(":")
            count = rest[rest.rfind(" (x"):] if rest.endswith(")") and " (x" in rest else ""
            out.append(f"{what.strip()}{count}")
        return out


def community_files(folder: Path | None = None) -> list[Path]:
    """The community map files in `folder` (the shipped ones by default), by name."""
    where = folder or community_maps()
    if not where.is_dir():
        return []
    return sorted(p for p in where.iterdir() if p.suffix.lower() in SUFFIXES)


def map_id(path: Path) -> str:
    """The battlefield id of a community map file, as ``arena import-map`` and the editor's
    Open give it: ``Web_2_Uncharted_Isle.json`` -> ``web-2-uncharted-isle``."""
    return slug(path.stem)


@lru_cache(maxsize=4)
def shipped_maps(folder: Path | None = None) -> tuple[CommunityMap, ...]:
    """Every community map of `folder` (the shipped ones), imported once per process; a file
    that cannot be imported is left out (``arena import-map FILE`` says why)."""
    found = []
    for path in community_files(folder):
        try:
            bf, report = import_map(path, map_id(path), display=path.name)
        except ContentError:
            continue
        found.append(CommunityMap(path, bf, tuple(report)))
    return tuple(found)
