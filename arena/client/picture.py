"""From the engine's game state to what the renderer draws (`render.Picture`).

The one place the drawing side reads the state: which figures stand where, how hurt they
are, which glyphs lie face up, which obstacles still stand. Face-down glyphs are passed on
without their kind, so the picture never shows what the player may not know.
"""

from __future__ import annotations

from collections.abc import Mapping

from arena.client.figures import FigureLook
from arena.client.palette import Palette
from arena.client.render import FigurePlacement, Picture
from arena.engine import Game
from arena.engine.vocab import Phase
from arena.hexgrid import Hex

__all__ = ["figure_look", "picture_from_game", "team_index"]


def team_index(game: Game, seat: int) -> int:
    """0-based index of a seat's team in seating order (for team patterns)."""
    static = game.state.static
    teams: list[int] = []
    for s in static.seats:
        team = static.team_of(s)
        if team not in teams:
            teams.append(team)
    return teams.index(static.team_of(seat))


def figure_look(game: Game, fid: str, palette: Palette, *, chosen: bool = False,
                selected: bool = False, ghost: bool = False) -> FigureLook:
    """How one figure looks now."""
    state = game.state
    static = state.static
    info = static.figures[fid]
    card = static.card_def(info.card)
    seat = state.controller(fid)
    colours = list(card.colours) or ["colourless"]
    return FigureLook(
        id=fid,
        card=card.id,
        kind=card.kind,
        colour=colours[0],
        height=int(card.height),
        seat_color=palette.player(seat),
        pattern=palette.pattern(team_index(game, seat)),
        double=card.base == "double",
        damage=state.figures[fid].damage,
        life=int(card.life),
        chosen=chosen,
        selected=selected,
        ghost=ghost,
    )


def picture_from_game(
    game: Game,
    palette: Palette,
    *,
    selected: str | None = None,
    hidden: frozenset[str] = frozenset(),
    moving: Mapping[str, tuple[float, float, float]] | None = None,
) -> Picture:
    """The battlefield as it stands: figures on the battlefield (those in ``hidden`` left
    out, those in ``moving`` drawn at a plane point and level instead of their hexes), the
    chosen army card's figures ringed, ``selected`` ringed brighter."""
    state = game.state
    chosen = state.turn_state.chosen if state.phase not in (Phase.CHOOSE, Phase.SETUP) else None
    figures: dict[str, FigurePlacement] = {}
    for fid in state.on_battlefield():
        if fid in hidden:
            continue
        look = figure_look(game, fid, palette,
                           chosen=chosen is not None and state.static.figures[fid].card == chosen,
                           selected=fid == selected)
        offset = (moving or {}).get(fid)
        figures[fid] = FigurePlacement(look, tuple(state.figures[fid].hexes), offset)
    glyphs: dict[Hex, tuple[str | None, bool]] = {
        at: (g.kind if g.face_up else None, g.face_up) for at, g in state.glyphs.items()
    }
    return Picture(state.board, glyphs, figures)
