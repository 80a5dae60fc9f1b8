"""Test play: start the game on the battlefield being edited (headless preparation).

The game lays the content folder ``ARENA_CONTENT`` over the shipped and the player's content
by id (`arena.content.locations`): `prepare` writes a temporary folder holding the edited
battlefield (replacing a saved one of the same id) and a scenario "Test play: <name>" for
it. `launch` starts the game there straight into a battle on
that scenario (the player against the normal computer player, premade armies), and
`launch_battle` does the same with the player's own army and deck (`editor.play.playgame` builds
the game's command line). The test scenario stays under New game for more games. The editor
removes each temporary folder once the game played on it has stopped (`PlayFolders`).
"""

from __future__ import annotations

import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from arena.content import writer
from arena.content.catalog import project_root
from editor.core.mapdoc import MapDoc
from editor.core.scenario_form import ScenarioForm
from editor.core.validation import validate
from editor.play import playgame
from editor.play.playgame import WatchedGame

TEST_ID = "test-play"


class PlayError(Exception):
    """The map or its scenario settings cannot be played yet (the message says why)."""


def prepare(doc: MapDoc, form: ScenarioForm | None = None,
            into: Path | None = None) -> tuple[Path, str]:
    """Write the temporary content folder; returns it and the test scenario's id."""
    try:
        bf = doc.to_battlefield()
    except ValueError as exc:
        raise PlayError(f"the battlefield is not complete: {exc.errors()[0]['msg']}"
                            if hasattr(exc, "errors") else str(exc)) from exc
    report = validate(doc)
    if not report.ok:
        raise PlayError(f"fix the map's {len(report.findings)} problem(s) first: "
                        f"{report.findings[0].message}")
    if not doc.zones:
        raise PlayError("paint starting zones first (one per player)")
    if form is None:
        form = ScenarioForm.for_zones(doc.id, [z.id for z in doc.zones])
    trial = ScenarioForm(**{**form.__dict__, "id": TEST_ID,
                            "name": f"Test play: {doc.name}"[:120]})
    # The game's own verdict on this scenario and map (`arena.content.fits`), so the game
    # that starts never refuses what Test play accepted.
    scenario, problems = trial.check_on_map(report.battlefield, doc.id)
    if scenario is None:
        raise PlayError(f"not playable yet: {problems[0]}")
    out = into or Path(tempfile.mkdtemp(prefix="arena-test-play-"))
    (out / "scenarios" / "battlefields").mkdir(parents=True, exist_ok=True)
    writer.save_model(bf, out / "scenarios" / "battlefields" / f"{doc.id}.yaml")
    writer.save_model(scenario, out / "scenarios" / f"{TEST_ID}.yaml")
    return out, TEST_ID


DEFAULT_SCENARIO = "the-duel"
"""The shipped scenario a built army plays on when the edited battlefield cannot be played."""


def shipped_root() -> Path:
    """The shipped content root: a plain game when the battlefield is not playable yet."""
    return project_root()


def launch(content_root: Path) -> playgame.GameProcess:
    """Start the game straight into a battle on the test scenario of `content_root` (its
    own process; the editor stays open)."""
    return playgame.launch(content_root, playgame.command(TEST_ID))


def launch_battle(content_root: Path, scenario: str, army: str,
                  deck: str) -> playgame.GameProcess:
    """Start the game straight into a battle: `army` and `deck` (the player's own files)
    against the computer on `scenario` (the editor stays open)."""
    return playgame.launch(content_root, playgame.command(scenario, army, deck))


def remove(folder: Path) -> None:
    """Remove a content folder `prepare` wrote (whatever of it is left)."""
    shutil.rmtree(folder, ignore_errors=True)


@dataclass
class PlayFolders:
    """The temporary content folders of the games started from the editor. The game reads
    its folder while it runs (New game lists the test scenario), so each is removed once
    its game has stopped (`sweep`, every frame); one with no game to watch goes when the
    editor closes (``sweep(closing=True)``). A game still running then keeps its folder."""

    held: list[tuple[Path, WatchedGame | None]] = field(default_factory=list)

    def keep(self, folder: Path, game: WatchedGame | None) -> None:
        self.held.append((folder, game))

    def sweep(self, closing: bool = False) -> None:
        """Remove the folders whose games have stopped (and told what there was to tell),
        and when `closing` those with no game to watch."""
        running: list[tuple[Path, WatchedGame | None]] = []
        for folder, game in self.held:
            if game.reported if game is not None else closing:
                remove(folder)
            else:
                running.append((folder, game))
        self.held = running
