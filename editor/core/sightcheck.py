"""The sight and height checker's answers (headless): for two spaces of the battlefield being
edited, and a figure standing on each, whether each sees the other and what blocks it, whether
the two are engaged, and which one has height advantage.

Nothing here judges a rule. The battlefield is turned into the engine's own `FieldSetup`
(`editor.core.scene.field_setup`, the picture the editor draws), two stand-in figures of opposing
players are placed on the two spaces with `Game.from_position` (the way puzzles build
positions), and the game is asked exactly what a battle asks:

* sight: `Game.sight` (the engine's line of sight from the viewer's target point to the
  target's hit zone, guide Action 4 "Line of sight"), put into words and a ruler by the
  battle screen's own `arena.client.advice` (`blocker_label`, `ruler_for`);
* whether an attack could be made, range aside: `combat.target_problem` (no sight is needed
  to attack a figure "that it is engaged with or adjacent to");
* adjacency and engagement: `bodies.is_adjacent` and `Game.engaged_with` (guide Action 3
  "Becoming engaged", with its level and obstacle exceptions);
* height advantage: the engine's own modifier provider `stats.height_advantage` and the
  heights it compares, `stats.base_height` (guide Action 4 "Height advantage": "If the base
  of one figure is higher than the base of the other figure (no matter what their actual size
  or height), the higher figure has height advantage, and rolls one extra die for either
  attack or defense. [...] glyphs do not add height to the spaces they are on. Water spaces
  are lower than land spaces.").

The stand-ins are single-space figures whose only numbers that matter here are their height
and their sight marks: a figure of height ``h`` looks from ``h - 0.5`` levels above its base
and is hit between 1 level and ``h - 0.5`` (`stand_in`), as every shipped army card has them.
Their range is unlimited so that "could attack" speaks of sight and engagement only.
"""

from __future__ import annotations

from dataclasses import dataclass

from arena.client.advice import Ruler, blocker_label, ruler_for
from arena.content.storeys import named, position, space
from arena.engine import ArmyCardData, FieldSetup, Game, HitZoneData, PlayerSetup
from arena.engine.bodies import is_adjacent
from arena.engine.combat import target_problem
from arena.engine.errors import EngineError
from arena.engine.stats import StatQuery, base_height, height_advantage
from arena.engine.vocab import Point
from arena.hexgrid import Hex, distance
from editor.core.mapdoc import MapDoc, Position
from editor.core.scene import field_setup

__all__ = ["END_NAMES", "FIGURES", "FIGURE_HEIGHT", "MAX_HEIGHT", "Look", "SightCheck", "check",
           "check_map", "stand_in"]

FIGURE_HEIGHT = 4
"""The height a checked figure starts with: most shipped army cards are 4 levels tall."""

MAX_HEIGHT = 12
"""The tallest figure the checker offers (the tallest shipped card is 6 levels)."""

END_NAMES = ("A", "B")
FIGURES = ("p1.figure-a", "p2.figure-b")
"""The stand-ins' figure ids in the game built for a check (one card each, seats 1 and 2)."""

_UNLIMITED_RANGE = 1000
"""The stand-ins' range: far beyond any battlefield, so range never decides "could attack"."""


def stand_in(end: int, height: int) -> ArmyCardData:
    """The army card of the stand-in figure at end ``end`` (0: A, 1: B), ``height`` levels
    tall (see the module docstring for its sight marks)."""
    eye = height - 0.5
    return ArmyCardData(
        id=FIGURES[end].split(".", 1)[1], name=f"Figure {END_NAMES[end]}",
        kind="planeswalker", unique=True, range=_UNLIMITED_RANGE, height=height,
        target_point=eye, hit_zone=HitZoneData(min(1.0, eye), eye))


@dataclass(frozen=True)
class Look:
    """One figure looking at the other: whether it sees the other's hit zone, what stops the
    line when it does not (words, and the hexes to mark), the ruler to draw, and why it could
    not attack the other (range aside; None: it could)."""

    clear: bool
    blocker: str
    blocking: tuple[Hex, ...]
    ruler: Ruler | None
    attack_problem: str | None


@dataclass(frozen=True)
class SightCheck:
    """The checker's answer for figures of ``heights`` on the spaces ``ends`` (A, B).

    ``problem`` says why nothing could be checked (no figure can stand there, the same space
    twice); otherwise ``looks`` holds A looking at B and B looking at A, ``adjacent`` and
    ``engaged`` the engine's answers, ``bases`` the heights height advantage compares and
    ``higher`` the end that has it (0: A, 1: B, None: neither)."""

    ends: tuple[Hex, Hex]
    heights: tuple[int, int]
    problem: str = ""
    looks: tuple[Look, ...] = ()
    adjacent: bool = False
    engaged: bool = False
    bases: tuple[float, float] = (0.0, 0.0)
    higher: int | None = None

    @property
    def ok(self) -> bool:
        """Whether the check ran (no `problem`)."""
        return not self.problem

    @property
    def blocked(self) -> bool:
        """Whether either figure's line of sight to the other is blocked."""
        return any(not look.clear for look in self.looks)

    @property
    def blocking(self) -> tuple[Hex, ...]:
        """Every hex that blocks a line of sight, in a fixed order (to mark on the map)."""
        return tuple(sorted({h for look in self.looks for h in look.blocking}))

    def sight_words(self, viewer: int) -> str:
        """"A sees B: clear" or "... blocked by ruin at 0,0", for ``viewer`` 0 (A) or 1 (B)."""
        look = self.looks[viewer]
        head = f"{END_NAMES[viewer]} sees {END_NAMES[1 - viewer]}"
        return f"{head}: clear" if look.clear else f"{head}: blocked by {look.blocker}"

    def engagement_words(self) -> str:
        """Engaged or not, and which exception keeps them apart (guide Action 3)."""
        a, b = self.ends
        if self.engaged:
            return "Engaged: yes (adjacent)"
        if self.adjacent:
            return ("Engaged: no (adjacent, but an obstacle between them is as tall as one of "
                    "them)")
        if distance(a, b) == 1:
            return ("Engaged: no (neighbouring spaces, but one base is as high as the other "
                    "figure is tall: not adjacent)")
        return "Engaged: no (not adjacent)"

    def height_words(self) -> str:
        """Which end has height advantage, with the base heights compared."""
        a, b = (f"{x:g}" for x in self.bases)
        if self.higher is None:
            return f"Height advantage: neither (bases {a} and {b})"
        other = 1 - self.higher
        water = "; water is lower than land" if any(x % 1 for x in self.bases) else ""
        return (f"Height advantage: {END_NAMES[self.higher]}, one extra die (base "
                f"{[a, b][self.higher]} above {[a, b][other]}{water})")

    def attack_words(self, attacker: int) -> str:
        """Whether ``attacker`` could attack the other, range aside, and why not."""
        problem = self.looks[attacker].attack_problem
        head = f"{END_NAMES[attacker]} could attack {END_NAMES[1 - attacker]}"
        if problem is None:
            note = " (adjacent: no sight needed)" if self.adjacent and \
                not self.looks[attacker].clear else ""
            return f"{head}: yes{note}"
        # The engine's reason, without the blocker it names by id (said above in words).
        return f"{head}: no ({problem.split(':', 1)[0]})"

    def lines(self) -> list[str]:
        """Everything the checker says, one fact a line."""
        if self.problem:
            return [self.problem]
        return [self.sight_words(0), self.sight_words(1), self.engagement_words(),
                self.height_words(), self.attack_words(0), self.attack_words(1)]

    def summary(self) -> str:
        """One short line for the status bar (the window and the map show the rest)."""
        if self.problem:
            return f"Sight check: {self.problem}"
        there, back = self.looks
        if there.clear and back.clear:
            sight = "clear sight both ways"
        elif not there.clear and not back.clear and there.blocker == back.blocker:
            sight = f"blocked both ways by {there.blocker}"
        else:
            sight = ", ".join(
                f"{END_NAMES[i]} to {END_NAMES[1 - i]} " +
                ("clear" if look.clear else f"blocked by {look.blocker}")
                for i, look in enumerate(self.looks))
        engaged = "engaged" if self.engaged else "not engaged"
        higher = "neither" if self.higher is None else END_NAMES[self.higher]
        return f"Sight check: {sight}; {engaged}; height advantage: {higher}"


def check_map(doc: MapDoc, a: Position | Hex, b: Position | Hex,
              heights: tuple[int, int] = (FIGURE_HEIGHT, FIGURE_HEIGHT)) -> SightCheck:
    """`check` on the battlefield being edited, as the editor draws it."""
    return check(field_setup(doc), _hex(a), _hex(b), heights)


def check(field: FieldSetup, a: Hex, b: Hex,
          heights: tuple[int, int] = (FIGURE_HEIGHT, FIGURE_HEIGHT)) -> SightCheck:
    """Ask the engine about figures of ``heights`` standing on ``a`` and ``b`` of ``field``."""
    ends = (a, b)
    heights = (_height(heights[0]), _height(heights[1]))
    if a == b:
        return SightCheck(ends, heights, "pick two different spaces")
    board = field.board
    for name, at in zip(END_NAMES, ends, strict=True):
        if not board.can_stand(at):
            obstacle = board.obstacle_at.get(at)
            why = f"a {obstacle.kind} fills it" if obstacle is not None else "there is no land"
            return SightCheck(ends, heights,
                              f"no figure can stand on {name} {named(position(at))}: {why}")
    try:
        game = Game.from_position(
            field, [PlayerSetup([stand_in(0, heights[0])]),
                    PlayerSetup([stand_in(1, heights[1])])],
            {FIGURES[0]: a, FIGURES[1]: b})
    except EngineError as exc:  # a battlefield mid-edit the engine cannot play on
        return SightCheck(ends, heights, f"the game cannot place figures here: {exc}")
    state = game.state
    looks = tuple(_look(game, FIGURES[i], FIGURES[1 - i]) for i in (0, 1))
    higher = next((i for i in (0, 1) if height_advantage(
        state, StatQuery(Point.ATTACK_DICE, FIGURES[i], FIGURES[1 - i]))), None)
    return SightCheck(
        ends, heights, looks=looks,
        adjacent=is_adjacent(state.body(FIGURES[0]), state.body(FIGURES[1])),
        engaged=FIGURES[1] in game.engaged_with(FIGURES[0]),
        bases=(base_height(state, FIGURES[0]), base_height(state, FIGURES[1])),
        higher=higher)


def _look(game: Game, viewer: str, target: str) -> Look:
    sight = game.sight(viewer, target)
    problem = target_problem(game.state, viewer, target)
    ruler = ruler_for(game, viewer, target)
    if sight.clear or sight.blocker is None:
        return Look(sight.clear, "", (), ruler, problem)
    found = sight.blocker
    blocking: tuple[Hex, ...] = (found.hex,)
    if found.kind == "obstacle" and found.id is not None:
        obstacle = game.state.board.obstacles.get(found.id)
        if obstacle is not None:
            blocking = tuple(sorted(obstacle.footprint))
    return Look(False, blocker_label(game, sight, coordinates=True), blocking, ruler, problem)


def _height(height: int) -> int:
    return max(1, min(MAX_HEIGHT, int(height)))


def _hex(at: Position | Hex) -> Hex:
    """The engine's space: a position on a surface names a storey where its column has
    several (`arena.content.storeys.space`)."""
    return at if isinstance(at, Hex) else space(at)
