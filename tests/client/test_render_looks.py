"""An imported map is drawn as it looks (`TerrainLooks`): each level in its Heroscape tile's
colours (grass green, rock grey, snow white...) and obstacles as what they are (a tree as a
trunk under a green crown, a glacier as ice), while the board and the rules stay the same."""

from __future__ import annotations

from dataclasses import replace

import pygame
from client_kit import save_artifact

from arena.client.looks import TerrainLooks
from arena.client.palette import LOOKS, SURFACES, TERRAIN
from arena.client.projection import Projection
from arena.client.render import BattlefieldRenderer, Picture
from arena.engine import Board, FieldSetup, ObstacleSpec
from arena.hexgrid import Hex, spiral

TREE = ObstacleSpec("tr10-1", "ruin", (Hex(0, 0),), 10)


def _field(obstacles: tuple[ObstacleSpec, ...] = ()) -> FieldSetup:
    return FieldSetup(Board.build({h: ["land", "land"] for h in spiral(Hex(0, 0), 2)},
                                  obstacles))


def _view(renderer: BattlefieldRenderer, size: tuple[int, int] = (600, 600)) -> Projection:
    cam = renderer.camera((0.0, 0.0, float(size[0]), float(size[1])))
    return replace(cam.projection(), angle=0.0)


def _near(a: tuple[int, ...], b: tuple[int, int, int], by: int = 40) -> bool:
    return all(abs(x - y) <= by for x, y in zip(a[:3], b, strict=True))


def test_levels_are_drawn_in_their_tiles_colours(screen: pygame.Surface) -> None:
    at = Hex(1, 0)
    looks = TerrainLooks.of([((1, 0), ["land", "land"], ["rock", "grass"]),
                             ((-1, 0), ["land", "land"], ["snow", "snow"])], [])
    plain = BattlefieldRenderer(_field())
    shown = BattlefieldRenderer(_field(), looks=looks)
    p = _view(plain)
    x, y = (round(v) for v in p.to_screen(at, 2.0))
    sx, sy = (round(v) for v in p.to_screen(Hex(-1, 0), 2.0))
    plain.draw(screen, p, Picture(plain.field.board))
    before = screen.get_at((x, y))
    shown.draw(screen, p, Picture(shown.field.board))
    after, snow = screen.get_at((x, y)), screen.get_at((sx, sy))
    save_artifact(screen, "render-looks-surfaces.png")
    assert _near(before, TERRAIN["land"].top) and not _near(before, SURFACES["grass"].top, 20)
    assert _near(after, SURFACES["grass"].top) and after.g > after.r  # green, not sand
    assert _near(snow, SURFACES["snow"].top)
    # the board is the same: a look changes no rule
    assert plain.field.board == shown.field.board


def test_a_tree_is_a_trunk_under_a_green_crown(screen: pygame.Surface) -> None:
    field = _field((TREE,))
    ruin = BattlefieldRenderer(field)
    tree = BattlefieldRenderer(field, looks=TerrainLooks(obstacles={TREE.id: "tree"}))
    p = _view(ruin)
    # the middle of the crown, two thirds of the way up the obstacle
    x, y = (round(v) for v in p.to_screen(Hex(0, 0), 2 + 10 * 0.62))
    ruin.draw(screen, p, Picture(field.board))
    stone = screen.get_at((x, y))
    tree.draw(screen, p, Picture(field.board))
    crown = screen.get_at((x, y))
    save_artifact(screen, "render-looks-tree.png")
    assert not stone.g > stone.r + 20  # a grey stone ruin
    assert crown.g > crown.r + 30 and crown.g > crown.b + 30  # green foliage
    greens = {LOOKS["tree"].top, LOOKS["tree"].detail}
    assert any(_near(crown, g, 30) for g in greens)
    assert tree.pick_heights(Picture(field.board)) == ruin.pick_heights(Picture(field.board))


def test_a_glacier_is_ice_not_stone(screen: pygame.Surface) -> None:
    field = _field((replace(TREE, id="og1-1", height=7),))
    glacier = BattlefieldRenderer(field, looks=TerrainLooks(obstacles={"og1-1": "glacier"}))
    p = _view(glacier)
    x, y = (round(v) for v in p.to_screen(Hex(0, 0), 9.0))
    glacier.draw(screen, p, Picture(field.board))
    top = screen.get_at((x, y))
    assert _near(top, LOOKS["glacier"].top, 30) and top.b > top.r


def test_levels_without_a_look_take_their_neighbours() -> None:
    """Land the importer filled in under a higher tile has no tile of its own: it is drawn
    like the nearest level of its kind below (else above), water looks aside."""
    looks = TerrainLooks.of([((0, 0), ["land", "land", "land", "water"],
                              [None, "rock", None, "water"]),
                             ((1, 0), ["land"], [None])], [])
    assert looks.surfaces[Hex(0, 0)] == ("rock", "rock", "rock", "water")
    assert Hex(1, 0) not in looks.surfaces
