"""Where shipped data and the player's content are (`arena.content.locations`), and the
player's files replacing shipped ones by id in the game's catalogue."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest

from arena.content import locations, validate_cli
from arena.content.catalog import load_game_catalog, project_root
from arena.content.show import show

ROOT = Path(__file__).resolve().parents[2]
SHIPPED_CARD = ROOT / "cards" / "army" / "rhox-veterans.yaml"


@pytest.fixture
def user(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty player's folder."""
    folder = tmp_path / "user"
    monkeypatch.setenv("ARENA_DATA_DIR", str(folder))
    monkeypatch.delenv("ARENA_CONTENT", raising=False)
    return folder


def corrected(user: Path, life: int = 4, name: str = "rhox-veterans.yaml") -> Path:
    """A player's correction of a shipped card: the same id, another life."""
    path = user / "cards" / "army" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(SHIPPED_CARD.read_text(encoding="utf-8").replace("life: 3",
                                                                       f"life: {life}"),
                    encoding="utf-8")
    return path


def test_the_editable_install_reads_the_checkouts_folders() -> None:
    assert locations.package_root() == ROOT == project_root()
    assert locations.asset("rules", "rules.md") == ROOT / "assets" / "rules" / "rules.md"


def test_an_edit_of_a_shipped_file_goes_to_the_players_folder(user: Path,
                                                              tmp_path: Path) -> None:
    assert locations.user_copy(SHIPPED_CARD) == user / "cards" / "army" / "rhox-veterans.yaml"
    battlefield = ROOT / "scenarios" / "battlefields" / "duel.yaml"
    assert locations.user_copy(battlefield) == user / "scenarios" / "battlefields" / "duel.yaml"
    assert locations.user_copy(ROOT / "cards" / "army") == user / "cards" / "army"
    elsewhere = tmp_path / "mine" / "card.yaml"
    assert locations.user_copy(elsewhere) == elsewhere
    assert locations.user_copy(ROOT / "docs" / "cards.md") == ROOT / "docs" / "cards.md"
    target = locations.save_path(SHIPPED_CARD)
    assert target.parent.is_dir() and not target.exists()


def test_the_players_card_replaces_the_shipped_one_by_id(user: Path) -> None:
    shipped = load_game_catalog().army_cards["rhox-veterans"]
    assert shipped.life == 3
    mine = corrected(user)
    catalog = load_game_catalog()
    assert catalog.army_cards["rhox-veterans"].life == 4
    assert catalog.replaced == {mine.resolve(): SHIPPED_CARD.resolve()}
    assert SHIPPED_CARD.resolve() not in catalog.entries
    assert catalog.problems == {}  # no "id already used"
    # The armies naming the card are checked with the correction (and still fit 500 points).
    assert "gideon-premade" in catalog.armies


def test_a_broken_correction_is_reported_and_the_shipped_card_stays(user: Path) -> None:
    mine = corrected(user, life=0)
    catalog = load_game_catalog()
    assert catalog.army_cards["rhox-veterans"].life == 3
    assert [p.path for p in catalog.problems_for(mine.resolve())] == ["life"]


def test_two_player_files_with_one_id_are_a_problem(user: Path) -> None:
    corrected(user)
    twin = user / "cards" / "more" / "rhox-veterans.yaml"
    twin.parent.mkdir(parents=True)
    shutil.copy(SHIPPED_CARD, twin)
    catalog = load_game_catalog()
    messages = [p.message for found in catalog.problems.values() for p in found]
    assert any("already used" in m for m in messages), messages


def test_the_extra_content_folder_wins_over_the_players(user: Path, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    corrected(user, life=4)
    extra = tmp_path / "extra"
    corrected(extra, life=5)
    monkeypatch.setenv("ARENA_CONTENT", str(extra))
    assert load_game_catalog().army_cards["rhox-veterans"].life == 5


def test_validating_a_correction_checks_it_in_place_of_the_shipped_card(user: Path) -> None:
    mine = corrected(user, life=4)
    out = io.StringIO()
    assert validate_cli.run([str(mine)], out) == 0, out.getvalue()
    report = out.getvalue()
    assert report.startswith("ok  ") and "army card Rhox Veterans" in report
    assert "1 file checked: 1 valid, 0 invalid" in report and "already used" not in report


def test_show_renders_the_players_battlefield(user: Path) -> None:
    duel = (ROOT / "scenarios" / "battlefields" / "duel.yaml").read_text(encoding="utf-8")
    mine = user / "scenarios" / "battlefields" / "duel.yaml"
    mine.parent.mkdir(parents=True)
    mine.write_text(duel.replace("name: The Duel", "name: My Duel", 1), encoding="utf-8")
    assert "My Duel" in show("duel") and "My Duel" in show("the-duel")
