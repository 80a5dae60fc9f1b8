"""What the editor's view draws: an engine `FieldSetup` built from the map being edited
(headless). A half-finished map is drawn as far as it can be: glyphs, zones, power spaces
and obstacles that stand off the map are left out of the picture (the validation panel lists
them). A mark on a surface is at the engine's space its position names
(`arena.content.storeys.space`: a `Storey` on a column with several surfaces)."""

from __future__ import annotations

from arena.content.storeys import column_of, space
from arena.engine import Board, FieldSetup, ObstacleSpec
from arena.engine.defs import GlyphSpec, ZoneSpec
from arena.hexgrid import Hex
from editor.core.mapdoc import MapDoc


def field_setup(doc: MapDoc) -> FieldSetup:
    columns = {Hex(*at): list(levels) for at, levels in doc.columns.items() if doc.top(at)}
    on = set(doc.columns)
    obstacles = [ObstacleSpec(o.id, o.kind, tuple(Hex(*h) for h in o.footprint), o.height,
                              o.blocks_sight)
                 for o in doc.obstacles if set(o.footprint) <= on]
    try:
        board = Board.build(columns, obstacles)
    except Exception:  # noqa: BLE001 - a map mid-edit may be anything; draw the terrain
        board = Board.build(columns, [])
    return FieldSetup(
        board=board,
        glyphs=tuple(GlyphSpec(space(g.at), g.glyph, g.side == "ability")
                     for g in doc.glyphs.values() if column_of(g.at) in on),
        zones=tuple(ZoneSpec(z.id, tuple(space(h) for h in z.spaces if column_of(h) in on),
                             z.capacity, z.name) for z in doc.zones),
        power_spaces=tuple(space(p.at) for p in doc.power_spaces if column_of(p.at) in on),
        glyph_spaces=tuple(space(h) for h in doc.glyph_spaces if column_of(h) in on),
        id=doc.id or "field",
    )
