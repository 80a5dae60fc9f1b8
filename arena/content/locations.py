"""Where Arena's files are: the shipped content inside the installed package, the player's own
folder, and where an edit of a shipped file is saved. The one module that knows these places.

Shipped data (cards, scenarios, assets)
    A built wheel carries the checkout's top-level ``cards/``, ``scenarios/`` and ``assets/``
    folders as package data under ``arena/shipped/`` (``setup.py`` copies them there when it
    builds the wheel, and ``MANIFEST.in`` puts them in the source distribution it may be built
    from). They are found through ``importlib.resources``, so ``pip install .`` or
    ``pipx install .`` gives a complete game that runs from any folder. The editable install
    of ``make setup`` has no ``arena/shipped/``: the package is the checkout's ``arena/``, and
    the data is read from the checkout's top-level folders beside it, so editing a card in
    the checkout changes the game at once. The folders stay at the top of the checkout
    because the documentation, ``arena validate cards scenarios`` and the tests name them.

The player's folder
    ``platformdirs.user_data_dir("arena")`` (``ARENA_DATA_DIR`` overrides it; the tests point
    it at a temporary folder) holds saves, settings, the builder's armies and decks, and the
    player's own content in the same layout as the shipped folders: ``cards/army``,
    ``cards/spells``, ``cards/armies``, ``cards/decks``, ``scenarios`` and
    ``scenarios/battlefields``. A file there whose id is the id of a shipped file of the same
    kind replaces it (`arena.content.catalog.load_game_catalog`): that is how an owner of a
    printed card corrects it. Nothing ever writes into the installed package: an edit of a
    shipped file is saved at the same place under the player's folder (`user_copy`).

An extra content folder (``ARENA_CONTENT``)
    Laid over both by id; the editor's test play puts the battlefield being edited and its
    test scenario there, so they win over the saved files of the same ids.
"""

from __future__ import annotations

import os
from importlib import resources
from pathlib import Path

from platformdirs import user_data_dir

__all__ = [
    "CONTENT_FOLDERS",
    "asset",
    "community_maps",
    "extra_content_root",
    "package_root",
    "save_path",
    "user_battlefields",
    "user_copy",
    "user_folders",
    "user_root",
]

CONTENT_FOLDERS = ("cards", "scenarios")
"""The folders of content files (loaded into the catalogue), shipped and the player's."""
SHIPPED_FOLDERS = (*CONTENT_FOLDERS, "assets")
"""Every folder the wheel carries as package data."""
COMMUNITY_MAPS = "community-maps"
"""The assets folder of the shipped Heroscape community maps (`community_maps`)."""
BUNDLE = "shipped"
"""The folder inside the installed ``arena`` package that holds `SHIPPED_FOLDERS`."""


def package_root() -> Path:
    """The folder holding the shipped ``cards/``, ``scenarios/`` and ``assets/``: the
    installed package's ``arena/shipped/``, or the checkout for an editable install."""
    package = resources.files("arena")
    if not isinstance(package, Path):  # e.g. run from a zip: the loader needs real files
        raise RuntimeError(f"Arena's data must be installed as files, not in {package}; "
                           "install it with `pip install` or `pipx install`")
    bundled = package / BUNDLE
    return bundled if bundled.is_dir() else package.parent


def asset(*parts: str) -> Path:
    """A shipped asset file, e.g. ``asset("rules", "rules.md")``."""
    return package_root().joinpath("assets", *parts)


def community_maps() -> Path:
    """The shipped Heroscape community maps (Heroscape Map Editor JSON and a VirtualScape
    ``.hsc``, MIT-licensed: assets/community-maps/LICENSE), for `arena import-map`."""
    return asset(COMMUNITY_MAPS)


def user_root() -> Path:
    """The player's Arena folder (``ARENA_DATA_DIR`` overrides; created by the first write,
    not by reads)."""
    override = os.environ.get("ARENA_DATA_DIR")
    if override:
        return Path(override)
    return Path(user_data_dir("arena"))


def user_battlefields() -> Path:
    """The player's own battlefields (imported community maps among them)."""
    return user_root() / "scenarios" / "battlefields"


USER_FOLDERS = ("", "armies", "decks", "cards/army", "cards/spells", "cards/armies",
                "cards/decks", "scenarios", "scenarios/battlefields")
"""The folders of the player's Arena folder that Arena's programs write files into (beside
the game's ``saves`` and the editor's ``editor-recovery``, which each names itself)."""


def user_folders() -> list[Path]:
    """`USER_FOLDERS` in the player's Arena folder: where the game and the editor look for
    what their interrupted writes left behind (`arena.content.atomic.tidy_folders`)."""
    root = user_root()
    return [root / folder if folder else root for folder in USER_FOLDERS]


def extra_content_root() -> Path | None:
    """The extra content folder laid over the shipped and the player's (``ARENA_CONTENT``),
    if one is set."""
    override = os.environ.get("ARENA_CONTENT")
    return Path(override) if override else None


def user_copy(path: Path | str) -> Path:
    """Where an edit of `path` is saved: a path inside the shipped folders maps to the same
    place under the player's folder (``<shipped>/cards/army/x.yaml`` to
    ``<user>/cards/army/x.yaml``), where it replaces the shipped file by id; any other path
    is itself."""
    path = Path(path)
    resolved = path.resolve()
    root = package_root().resolve()
    for folder in SHIPPED_FOLDERS:
        try:
            inside = resolved.relative_to(root / folder)
        except ValueError:
            continue
        return user_root() / folder / inside
    return path


def save_path(path: Path | str) -> Path:
    """Where an editor writes an edit of `path` (`user_copy`), with its folder made: the
    player's folder may not exist yet."""
    target = user_copy(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    return target
