"""Shared building blocks of the content schema: the strict base model and small field types.

Every model forbids unknown keys, never coerces ("5" is not a number, 1 is not ``true``) and is
frozen, so a loaded card can be shared freely between the engine, the AI and the client.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, StringConstraints

Slug = Annotated[
    str,
    StringConstraints(pattern=r"^[a-z0-9][a-z0-9-]*$", min_length=1, max_length=80),
]
"""An id: lower-case letters, digits and dashes (the file name of the thing it names)."""

Text = Annotated[str, StringConstraints(min_length=1, max_length=4000)]
Name = Annotated[str, StringConstraints(min_length=1, max_length=120)]
Colour = Literal["white", "blue", "black", "red", "green"]
CardColour = Literal["white", "blue", "black", "red", "green", "artifact"]
Provenance = Literal["verified", "transcribed", "reconstructed"]
NonNegInt = Annotated[int, Field(ge=0)]
PosInt = Annotated[int, Field(ge=1)]

COLOURS: tuple[Colour, ...] = ("white", "blue", "black", "red", "green")


MAX_COORD = 200
"""The largest |q| and |r| a battlefield may use: far beyond any table (the biggest
community maps span about 40 hexes), small enough that every tool can draw and search it."""
MAX_LEVEL = 50
"""The most levels a column may have (the tallest community maps have about 20)."""


def _coord(value: Any) -> Any:
    """Accept ``[q, r]`` (a YAML list) as a hex coordinate tuple; reject anything looser, or
    so far out (`MAX_COORD`) that drawing or searching the battlefield would exhaust memory."""
    if isinstance(value, (list, tuple)) and len(value) == 2 and all(
        isinstance(v, int) and not isinstance(v, bool) for v in value
    ):
        if max(abs(value[0]), abs(value[1])) > MAX_COORD:
            raise ValueError(f"[{value[0]}, {value[1]}] is too far out: q and r must be "
                             f"between -{MAX_COORD} and {MAX_COORD}")
        return (value[0], value[1])
    raise ValueError("expected a hex coordinate [q, r] of two whole numbers")


Coord = Annotated[tuple[int, int], BeforeValidator(_coord)]
"""A hex in axial coordinates, written ``[q, r]``."""


def _position(value: Any) -> Any:
    """Accept ``[q, r]`` or ``[q, r, level]`` (one surface of a column with several: a
    bridge's deck, the ground under it); whether the column has that surface is the
    geometry checks' question (`arena.content.geometry`)."""
    if isinstance(value, (list, tuple)) and len(value) == 3:
        level = value[2]
        if not (isinstance(level, int) and not isinstance(level, bool)
                and 1 <= level <= MAX_LEVEL):
            raise ValueError(f"the level of a position [q, r, level] is a whole number from 1 "
                             f"to {MAX_LEVEL}, not {level!r}")
        q, r = _coord(value[:2])
        return (q, r, level)
    if isinstance(value, (list, tuple)) and len(value) == 2:
        return _coord(value)
    raise ValueError("expected a position [q, r] (or [q, r, level] on a column with several "
                     "surfaces) of whole numbers")


Position = Annotated[tuple[int, int] | tuple[int, int, int], BeforeValidator(_position)]
"""A space a figure may stand on: ``[q, r]`` on a column with one surface, ``[q, r, level]``
naming one surface (the level of its top tile) of a column with several (spaces above
spaces: `arena.hexgrid.Storey`)."""


class Model(BaseModel):
    """Strict, frozen base: unknown keys are errors and nothing is coerced."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)
