"""The one bridge between board positions (hex, level) and screen pixels.

Nothing else in the client converts between the two: the renderer asks here where a column's
faces go, the scenes ask here which hex is under the mouse, and both ask here in which order
things must be drawn. The module is pure arithmetic (no pygame), so it is tested with plain
numbers.

The picture is an orthographic "2.5D" view of the hex plane of `arena.hexgrid` (pointy-top,
``y`` down, ``size`` 1):

1. the plane is turned about a pivot (the battlefield's centre) by the camera angle, counted
   in 60-degree steps counter-clockwise on screen (``angle`` 1.0 = one step; fractional angles
   are the frames of a rotation animation), giving *camera space* ``(cx, cy)`` where ``cy``
   grows towards the viewer;
2. camera space is scaled by ``zoom`` pixels per hex size, its ``cy`` squashed by ``squash``
   (the board is seen from above at an angle), and each level lifts a point by
   ``level_height * zoom`` pixels;
3. ``origin`` is the screen position of the pivot at level 0 (panning moves it).

So ``screen = origin + zoom * (cx, squash * cy - level_height * level)``.

Depth: with the viewer in front (towards ``+cy``) and above, a column hides only columns with a
smaller ``cy``; two hexes with the same ``cy`` never overlap on screen. Drawing back to front
is therefore drawing by ``(cy, cx)`` ascending, each column's visible side faces first, then its
top face, then the figures standing on it (`draw_sequence`). Picking (`hex_under`) follows the
view ray of a screen point from the front-most, highest point down and back through the
columns, and returns the first column it meets: its top face or, where a tall column's side is
under the mouse, that column (so a hex hidden behind a tall column is never picked through it).
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Generic, TypeVar

from arena.hexgrid import Hex, hex_crossings, hex_to_point, point_to_hex

__all__ = [
    "LEVEL_HEIGHT",
    "ROTATIONS",
    "SQUASH",
    "Camera",
    "DrawStep",
    "Face",
    "Projection",
    "draw_sequence",
]

Point = tuple[float, float]
T = TypeVar("T", bound=Hashable)

SQUASH = 0.56
"""Vertical squash of the plane: the sine of the angle the board is seen from (about 34°)."""

LEVEL_HEIGHT = 0.3
"""On-screen height of one terrain level, in hex sizes: a height-5 figure stands 1.5 sizes
tall, a little less than a hex is wide (1.73), as the miniatures do on their tiles."""

ROTATIONS = 6
"""Camera rotations: the hex grid looks the same every 60 degrees."""

ROTATE_SECONDS = 0.28
"""How long the animated turn of the camera by one step takes."""

# Corner offsets of a pointy-top hex of size 1 (hexgrid's order: corner i at 60*i - 30 deg
# counter-clockwise on screen from east: 0 lower-right, 1 upper-right, 2 top, 3 upper-left,
# 4 lower-left, 5 bottom); the edge facing direction d runs from corner d to corner d + 1.
_H = math.sqrt(3.0) / 2.0
_CORNERS: tuple[Point, ...] = ((_H, 0.5), (_H, -0.5), (0.0, -1.0), (-_H, -0.5), (-_H, 0.5),
                               (0.0, 1.0))
# Outward normal of the edge facing direction d (towards that neighbour's centre).
_NORMALS: tuple[Point, ...] = tuple(
    (math.cos(math.radians(60 * d)), -math.sin(math.radians(60 * d))) for d in range(6)
)
_EPS = 1e-9


@dataclass(frozen=True, slots=True)
class Face:
    """One visible side face of a column: its four screen corners (top edge left to right as
    stored, then down), the direction it faces and how lit it is (0 dark .. 1 full light)."""

    direction: int
    corners: tuple[Point, Point, Point, Point]
    light: float


@dataclass(frozen=True)
class Projection:
    """One camera snapshot: an immutable mapping between board and screen (see the module
    docstring). Build a new one (`replace`) to move the camera."""

    angle: float = 0.0
    zoom: float = 40.0
    origin: Point = (0.0, 0.0)
    pivot: Point = (0.0, 0.0)
    squash: float = SQUASH
    level_height: float = LEVEL_HEIGHT
    _cos: float = field(init=False, repr=False, compare=False)
    _sin: float = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.zoom <= 0:
            raise ValueError(f"zoom must be positive, got {self.zoom}")
        theta = math.radians(60.0 * self.angle)
        object.__setattr__(self, "_cos", math.cos(theta))
        object.__setattr__(self, "_sin", math.sin(theta))

    # --- basic mapping -----------------------------------------------------------------------

    @property
    def level_px(self) -> float:
        """Pixels one level lifts a point."""
        return self.zoom * self.level_height

    @property
    def at_rest(self) -> bool:
        """Whether the angle is a whole number of steps (not mid-rotation)."""
        return abs(self.angle - round(self.angle)) < 1e-9

    def to_camera(self, x: float, y: float) -> Point:
        """A plane point in camera space (turned about the pivot; ``cy`` towards the viewer).
        """
        dx, dy = x - self.pivot[0], y - self.pivot[1]
        return (dx * self._cos + dy * self._sin, -dx * self._sin + dy * self._cos)

    def from_camera(self, cx: float, cy: float) -> Point:
        """The plane point of a camera-space point (inverse of `to_camera`)."""
        return (self.pivot[0] + cx * self._cos - cy * self._sin,
                self.pivot[1] + cx * self._sin + cy * self._cos)

    def plane_to_screen(self, x: float, y: float, level: float = 0.0) -> Point:
        """Screen position of plane point ``(x, y)`` raised ``level`` levels."""
        cx, cy = self.to_camera(x, y)
        z = self.zoom
        return (self.origin[0] + z * cx,
                self.origin[1] + z * (self.squash * cy - self.level_height * level))

    def to_screen(self, h: Hex, level: float = 0.0) -> Point:
        """Screen position of the centre of ``h``'s face at height ``level``."""
        x, y = hex_to_point(h)
        return self.plane_to_screen(x, y, level)

    def screen_to_plane(self, sx: float, sy: float, level: float = 0.0) -> Point:
        """The plane point drawn at screen ``(sx, sy)`` if it lay at height ``level``."""
        z = self.zoom
        cx = (sx - self.origin[0]) / z
        cy = ((sy - self.origin[1]) / z + self.level_height * level) / self.squash
        return self.from_camera(cx, cy)

    def hex_at(self, screen: Point, level: float = 0.0) -> Hex:
        """The hex whose face at height ``level`` contains the screen point (ignoring what
        stands in front: see `hex_under`)."""
        return point_to_hex(*self.screen_to_plane(screen[0], screen[1], level))

    # --- shapes ------------------------------------------------------------------------------

    def top_face(self, h: Hex, level: float, scale: float = 1.0) -> list[Point]:
        """The six screen corners of ``h``'s face at ``level`` (hexgrid corner order),
        shrunk about the centre by ``scale``."""
        x, y = hex_to_point(h)
        return [self.plane_to_screen(x + scale * ox, y + scale * oy, level)
                for ox, oy in _CORNERS]

    def visible_directions(self) -> list[int]:
        """The directions whose side faces turn towards the viewer (two at rest, three
        mid-rotation), left to right on screen."""
        found = []
        for d, (nx, ny) in enumerate(_NORMALS):
            cnx, cny = nx * self._cos + ny * self._sin, -nx * self._sin + ny * self._cos
            if cny > 1e-6:
                found.append((cnx, d))
        return [d for _, d in sorted(found)]

    def face_light(self, direction: int) -> float:
        """How lit a side face is: the light comes from the upper left of the screen, so
        faces turned left are lighter and faces turned right darker, whatever the rotation."""
        nx, ny = _NORMALS[direction % 6]
        cnx = nx * self._cos + ny * self._sin
        return 0.78 - 0.2 * cnx

    def side_faces(self, h: Hex, bottom: float, top: float, scale: float = 1.0) -> list[Face]:
        """The visible side faces of the solid from ``bottom`` to ``top`` on ``h``."""
        if top <= bottom:
            return []
        x, y = hex_to_point(h)
        faces = []
        for d in self.visible_directions():
            ax, ay = _CORNERS[d]
            bx, by = _CORNERS[(d + 1) % 6]
            pa = (x + scale * ax, y + scale * ay)
            pb = (x + scale * bx, y + scale * by)
            corners = (
                self.plane_to_screen(*pa, top),
                self.plane_to_screen(*pb, top),
                self.plane_to_screen(*pb, bottom),
                self.plane_to_screen(*pa, bottom),
            )
            faces.append(Face(d, corners, self.face_light(d)))
        return faces

    def column_bounds(self, h: Hex, bottom: float, top: float) -> tuple[float, float, float,
                                                                          float]:
        """Screen bounding box ``(left, top, right, bottom)`` of the solid on ``h``."""
        pts = self.top_face(h, top) + self.top_face(h, bottom)
        xs = [p[0] for p in pts]
        ys = [p[1] for p in pts]
        return (min(xs), min(ys), max(xs), max(ys))

    # --- depth -------------------------------------------------------------------------------

    def depth(self, h: Hex) -> Point:
        """Sort key of ``h``: ``(cy, cx)`` of its centre; larger is nearer the viewer."""
        cx, cy = self.to_camera(*hex_to_point(h))
        return (round(cy, 6), round(cx, 6))

    def row(self, h: Hex) -> float:
        """``h``'s screen row: hexes in one row never overlap (the first part of `depth`)."""
        return self.depth(h)[0]

    def depth_order(self, hexes: Iterable[Hex]) -> list[Hex]:
        """``hexes`` back to front; the storeys of one column bottom first (a bridge's deck
        is drawn over what stands under it)."""
        return sorted(hexes, key=lambda h: (*self.depth(h), h.storey_level))

    def nearest(self, hexes: Iterable[Hex]) -> Hex:
        """The hex nearest the viewer (where a double-space figure is anchored for depth)."""
        return max(hexes, key=self.depth)

    # --- picking -----------------------------------------------------------------------------

    def lit_under(self, screen: Point, lit: Mapping[Hex, float]) -> Hex | None:
        """The lit space (``lit``: each with the level its face is drawn at) whose top face
        is drawn under ``screen``, whatever stands in front of it (a ruin, a figure: the
        highlight is what the player aims at); the one whose centre is nearest when faces
        overlap. None when the point is on no lit face."""
        best: tuple[float, Hex] | None = None
        for h, level in lit.items():
            face = self.top_face(h, level)
            if not _inside_convex(screen, face):
                continue
            cx, cy = self.to_screen(h, level)
            d = (cx - screen[0]) ** 2 + (cy - screen[1]) ** 2
            if best is None or d < best[0]:
                best = (d, h)
        return best[1] if best is not None else None

    def hex_under(
        self,
        screen: Point,
        heights: Mapping[Hex, float],
        bottoms: Mapping[Hex, float] | None = None,
    ) -> Hex | None:
        """The hex whose column is seen at a screen point, or None.

        ``heights`` gives each column's drawn top (its standing surface, or the top of a
        solid obstacle on it; cut down to the slice when levels are hidden) and ``bottoms``
        where each column starts (default 0). The view ray is followed from the highest top
        down and back; the first column it meets is returned, whether the ray lands on its top
        face or on one of its sides. A column with several surfaces has one entry per storey
        (`arena.hexgrid.Storey`, its run starting at its ``bottoms`` entry): the ray meets the
        highest run it passes through, so through the air under a bridge the pointer reaches
        the ground under it wherever that ground is seen.
        """
        if not heights:
            return None
        low = min([0.0, *(bottoms.values() if bottoms else ())])
        high = max(heights.values())
        if high - low < _EPS:
            found = self.hex_at(screen, high)
            return found if found in heights else None
        # a column with several surfaces is several solids (a deck over the ground under
        # it): the ray may pass through the gap between them to the lower one
        stacked: dict[Hex, list[Hex]] = {}
        for space in heights:
            if space.column is not space:
                stacked.setdefault(space.column, []).append(space)
        for spaces in stacked.values():
            spaces.sort(reverse=True)
        p_high = self.screen_to_plane(screen[0], screen[1], high)
        p_low = self.screen_to_plane(screen[0], screen[1], low)
        span = high - low
        for crossing in hex_crossings(p_high, p_low):
            h = crossing.hex
            level_hi = high - crossing.t_in * span
            level_lo = high - crossing.t_out * span
            for space in stacked.get(h, (h,)):
                top = heights.get(space)
                if top is None:
                    continue
                bottom = bottoms.get(space, 0.0) if bottoms else 0.0
                if top >= level_lo - _EPS and bottom <= level_hi + _EPS:
                    return space
        return None


@dataclass(frozen=True, slots=True)
class DrawStep(Generic[T]):
    """One step of drawing a frame: ``kind`` is ``sides``, ``top`` or ``item`` (something
    standing on ``hex``: a figure, a marker), ``item`` is None for terrain steps."""

    kind: str
    hex: Hex
    item: T | None = None


def draw_sequence(
    projection: Projection,
    hexes: Iterable[Hex],
    standing: Mapping[T, Sequence[Hex]] | None = None,
) -> list[DrawStep[T]]:
    """The back-to-front drawing order: for each hex, its side faces, its top face, then the
    items standing on it. An item on several hexes (a double-space figure) is drawn with the
    one nearest the viewer, after both its hexes' tops. Items on hexes not in ``hexes`` come
    after the hex they stand on would have been."""
    by_hex: dict[Hex, list[T]] = {}
    for item, where in (standing or {}).items():
        if where:
            by_hex.setdefault(projection.nearest(where), []).append(item)
    steps: list[DrawStep[T]] = []
    for h in projection.depth_order(set(hexes) | set(by_hex)):
        steps.append(DrawStep("sides", h))
        steps.append(DrawStep("top", h))
        for item in sorted(by_hex.get(h, []), key=str):
            steps.append(DrawStep("item", h, item))
    return steps


class Camera:
    """The player's camera: a rotation (animated in 60-degree steps), zoom and pan over a
    viewport, handing out a `Projection` per frame.

    ``pan`` is the offset of the battlefield's pivot from the viewport's centre, in pixels.
    Time comes from the caller (`update(dt)`), so the animation runs the same in tests.
    """

    MIN_ZOOM = 6.0
    MAX_ZOOM = 160.0

    def __init__(
        self,
        pivot: Point = (0.0, 0.0),
        viewport: tuple[float, float, float, float] = (0.0, 0.0, 1280.0, 720.0),
        zoom: float = 40.0,
        rotation: int = 0,
    ) -> None:
        self.pivot = pivot
        self.viewport = viewport
        self.zoom = zoom
        self.rotation = rotation % ROTATIONS
        self.pan: Point = (0.0, 0.0)
        self._from = float(self.rotation)
        self._to = float(self.rotation)
        self._t = 1.0

    # --- rotation ----------------------------------------------------------------------------

    @property
    def animating(self) -> bool:
        """Whether a rotation is under way."""
        return self._t < 1.0

    @property
    def t(self) -> float:
        """Progress of the current rotation animation, 0 .. 1 (1 when at rest)."""
        return self._t

    @property
    def angle(self) -> float:
        """The current angle in steps (eased between the start and the target)."""
        t = self._t
        eased = t * t * (3.0 - 2.0 * t)
        return self._from + (self._to - self._from) * eased

    def rotate(self, steps: int) -> None:
        """Turn the camera by ``steps`` 60-degree steps (animated from where it is now)."""
        start = self.angle
        self.rotation = (self.rotation + steps) % ROTATIONS
        self._to = self._to + steps
        self._from = start
        self._t = 0.0 if abs(self._to - start) > 1e-9 else 1.0

    def update(self, dt: float) -> bool:
        """Advance the animation by ``dt`` seconds; True while the picture changes."""
        if self._t >= 1.0:
            return False
        span = max(abs(self._to - self._from), 1.0)
        self._t = min(1.0, self._t + dt / (ROTATE_SECONDS * span ** 0.5))
        if self._t >= 1.0:
            self._to = self._from = float(self.rotation)
        return True

    def finish(self) -> None:
        """Jump to the end of the animation."""
        self._t = 1.0
        self._to = self._from = float(self.rotation)

    # --- zoom and pan ------------------------------------------------------------------------

    @property
    def center(self) -> Point:
        """The viewport's centre on screen."""
        x, y, w, h = self.viewport
        return (x + w / 2.0, y + h / 2.0)

    def zoom_by(self, factor: float, around: Point | None = None) -> None:
        """Zoom by ``factor`` keeping the point under ``around`` (default: the centre) still."""
        new = min(self.MAX_ZOOM, max(self.MIN_ZOOM, self.zoom * factor))
        if around is not None:
            cx, cy = self.center
            ox, oy = cx + self.pan[0], cy + self.pan[1]
            k = new / self.zoom
            ox = around[0] + (ox - around[0]) * k
            oy = around[1] + (oy - around[1]) * k
            self.pan = (ox - cx, oy - cy)
        self.zoom = new

    def pan_by(self, dx: float, dy: float) -> None:
        """Move the picture by ``(dx, dy)`` pixels."""
        self.pan = (self.pan[0] + dx, self.pan[1] + dy)

    def fit(self, width: float, height: float, viewport: tuple[float, float, float, float],
            margin: float = 0.92) -> None:
        """Zoom so a picture ``width`` x ``height`` hex sizes fills the viewport; recentre."""
        self.viewport = viewport
        _, _, w, h = viewport
        self.zoom = min(self.MAX_ZOOM, max(self.MIN_ZOOM,
                                           margin * min(w / width, h / height)))
        self.pan = (0.0, 0.0)

    def projection(self, lift: float = 0.0) -> Projection:
        """The snapshot to draw this frame with; ``lift`` raises the pivot on screen (pixels)
        so a board with tall columns sits centred."""
        cx, cy = self.center
        return Projection(
            angle=self.angle,
            zoom=self.zoom,
            origin=(cx + self.pan[0], cy + self.pan[1] + lift),
            pivot=self.pivot,
        )


def with_origin(projection: Projection, origin: Point) -> Projection:
    """The same view drawn with the pivot at ``origin`` (off-screen layers use this)."""
    return replace(projection, origin=origin)


def _inside_convex(point: Point, polygon: Sequence[Point]) -> bool:
    """Whether ``point`` lies inside (or on) a convex polygon, its corners in either turning
    order (a hex's face stays convex under the projection)."""
    sign = 0.0
    n = len(polygon)
    for i in range(n):
        (x1, y1), (x2, y2) = polygon[i], polygon[(i + 1) % n]
        cross = (x2 - x1) * (point[1] - y1) - (y2 - y1) * (point[0] - x1)
        if abs(cross) < 1e-9:
            continue
        if sign == 0.0:
            sign = cross
        elif (cross > 0) != (sign > 0):
            return False
    return True
