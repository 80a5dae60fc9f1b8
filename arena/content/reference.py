"""Generate the content-format reference (docs/content-formats.md) from the models themselves,
so the documentation can never drift from what the loader accepts. A test checks that the
committed file equals what this module produces.
"""

from __future__ import annotations

import inspect
import types
import typing
from enum import Enum
from typing import Any, Literal, Union

from pydantic import BaseModel
from pydantic_core import PydanticUndefined

from arena.content import abilities, battlefield, cards, lists, scenario
from arena.content.loader import FORMATS

_SECTIONS: list[tuple[str, Any]] = [
    ("army-card", cards), ("spell-card", cards), ("battlefield", battlefield),
    ("scenario", scenario), ("army", lists), ("deck", lists),
]


def type_name(tp: Any) -> str:
    """A short human name for a field type."""
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin is typing.Annotated:
        return type_name(args[0])
    if origin is Literal:
        return " \\| ".join(f"`{a}`" for a in args)
    if isinstance(tp, type) and issubclass(tp, Enum):
        return " \\| ".join(f"`{m.value}`" for m in tp)
    if origin in (Union, types.UnionType):
        return " or ".join(type_name(a) for a in args if a is not type(None)) + (
            " or null" if type(None) in args else "")
    if origin in (list, tuple):
        if args and args[0] is int and len(args) == 2:
            return "[q, r]"
        if args and args[0] is int and len(args) == 3:
            return "[q, r, level]"
        return f"list of {type_name(args[0])}" if args else "list"
    if origin is dict:
        return f"mapping of {type_name(args[0])} to {type_name(args[1])}"
    if isinstance(tp, type) and issubclass(tp, BaseModel):
        return f"[{tp.__name__}](#{tp.__name__.lower()})"
    return {int: "whole number", float: "number", str: "text", bool: "true/false"}.get(
        tp, getattr(tp, "__name__", str(tp)))


def _plain(value: Any) -> Any:
    """A default as the file writes it: an enum member as its value, inside tuples too."""
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple):
        return tuple(_plain(v) for v in value)
    return value


def _model_table(model: type[BaseModel]) -> list[str]:
    doc = inspect.cleandoc(model.__doc__ or "").split("\n\n")[0].replace("\n", " ")
    lines = [f"### {model.__name__}", "", doc, "", "| key | type | required / default |",
             "|---|---|---|"]
    for name, field in model.model_fields.items():
        key = field.alias or name
        if field.is_required():
            need = "required"
        elif field.default is PydanticUndefined or field.default_factory is not None:
            need = "optional (empty)"
        else:
            default = field.default
            shown = default.model_dump() if isinstance(default, BaseModel) else _plain(default)
            need = f"optional (`{shown}`)"
        lines.append(f"| `{key}` | {type_name(field.annotation)} | {need} |")
    lines.append("")
    return lines


def _nested(model: type[BaseModel], seen: set[type[BaseModel]]) -> list[type[BaseModel]]:
    out: list[type[BaseModel]] = []
    for field in model.model_fields.values():
        for tp in _walk_types(field.annotation):
            if isinstance(tp, type) and issubclass(tp, BaseModel) and tp not in seen:
                seen.add(tp)
                out.append(tp)
                out.extend(_nested(tp, seen))
    return out


def _walk_types(tp: Any) -> list[Any]:
    out = [tp]
    for arg in typing.get_args(tp):
        out.extend(_walk_types(arg))
    return out


def render() -> str:
    """The whole reference as Markdown."""
    out = [
        "# Content formats", "",
        "Generated from `arena/content` by `python -m arena.content.reference`; do not edit by",
        "hand. Every file is YAML starting with `format:`; unknown keys are errors, numbers must",
        "be numbers, and every error names the file, line and key path. Worked examples are in",
        "the docstrings of the modules named, and every shipped file under `cards/` and",
        "`scenarios/` is one.", "",
        "The game reads the shipped `cards/` and `scenarios/` (inside the installed package,",
        "or the checkout's folders), then the same folders in the player's Arena folder",
        "(`ARENA_DATA_DIR`, else the platform's user data folder): a file there replaces the",
        "shipped file of the same format and id (`arena.content.locations`).", "",
    ]
    seen: set[type[BaseModel]] = set()
    for fmt, module in _SECTIONS:
        model = FORMATS[fmt]
        seen.add(model)
        out += [f"## `format: {fmt}` ({module.__name__})", ""]
        out += _model_table(model)
        for nested in _nested(model, seen):
            out += _model_table(nested)
    out += ["## Ability effects", "",
            "Each effect is a mapping with `effect:` naming a primitive and its parameters:", ""]
    for name in abilities.EFFECT_NAMES:
        cls = next(c for c in vars(abilities).values() if isinstance(c, type)
                   and issubclass(c, BaseModel) and "effect" in c.model_fields
                   and typing.get_args(c.model_fields["effect"].annotation) == (name,))
        if cls not in seen:
            seen.add(cls)
            out += _model_table(cls)
    return "\n".join(out).rstrip() + "\n"


if __name__ == "__main__":
    print(render(), end="")
