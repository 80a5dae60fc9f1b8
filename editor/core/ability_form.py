"""A card's abilities (army cards) or effects (spells) in the card form, headless.

New abilities are chosen from the content vocabulary (`arena.content.abilities`): a kind
(keyword, static, trigger, activated) and a primitive for it (a keyword, the stat a static
modifier changes, or the effect a trigger or activated ability runs; for a spell, one of the
effect primitives). `ability_template` / `effect_template` build a starting point with every
required field filled from the schema itself (first allowed value, smallest number), so the
list follows the vocabulary when it grows. Each part is then edited as its own YAML block and
checked with the rest of the card by the content loader (`editor.core.card_form`).
"""

from __future__ import annotations

import types
import typing
from enum import Enum
from typing import Any, Literal

from pydantic import BaseModel
from pydantic.fields import FieldInfo

from arena.content import yamlio
from arena.content.abilities import EFFECT_NAMES, Effect, Event, Keyword
from arena.content.errors import ContentError
from arena.engine.vocab import Stat

KINDS: tuple[str, ...] = ("keyword", "static", "trigger", "activated")
"""Ability kinds, as the `kind` field names them."""


def keywords() -> tuple[str, ...]:
    return tuple(str(k) for k in typing.get_args(Keyword))


def events() -> tuple[str, ...]:
    return tuple(str(e) for e in typing.get_args(Event))


def stats() -> tuple[str, ...]:
    return tuple(s.value for s in Stat)


def primitives(kind: str) -> tuple[str, ...]:
    """What a new ability of `kind` is built on ("effect" for a spell's effects). The
    `special` effect is left out: it names a function only the engine can provide."""
    if kind == "keyword":
        return keywords()
    if kind == "static":
        return stats()
    return tuple(e for e in EFFECT_NAMES if e != "special")


def _effect_models() -> dict[str, type[BaseModel]]:
    union = typing.get_args(Effect)[0]
    out = {}
    for model in typing.get_args(union):
        name = typing.get_args(model.model_fields["effect"].annotation)[0]
        out[str(name)] = model
    return out


def _sample(annotation: Any, info: FieldInfo | None = None) -> Any:
    """A smallest valid-looking value of a type: the first allowed word, the least number,
    an empty list, a nested model's required fields."""
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        args = typing.get_args(annotation)
        low = next((getattr(m, "ge", None) for m in args[1:] if getattr(m, "ge", None)
                    is not None), None)
        if args[0] is int:
            return max(1, low) if low is not None and low > 0 else 1
        return _sample(args[0], info)
    if origin is Literal:
        return typing.get_args(annotation)[0]
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        return next(iter(annotation)).value
    if origin in (typing.Union, types.UnionType):
        options = [a for a in typing.get_args(annotation) if a is not type(None)]
        return _sample(options[0], info) if options else None
    if origin is list:
        return []
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return _required(annotation)
    if annotation is bool:
        return False
    if annotation is int:
        return 1
    return "change-me"


def _required(model: type[BaseModel]) -> dict[str, Any]:
    return {info.alias or name: _sample(info.annotation, info)
            for name, info in model.model_fields.items() if info.is_required()}


def effect_template(name: str) -> dict[str, Any]:
    """An effect primitive with its required fields filled (see the module docstring)."""
    model = _effect_models().get(name)
    if model is None:
        raise ValueError(f"no effect primitive is called {name!r}; choose one of "
                         f"{', '.join(EFFECT_NAMES)}")
    return {"effect": name, **{k: v for k, v in _required(model).items() if k != "effect"}}


def _title(word: str) -> str:
    return word.replace("_", " ").capitalize()


def ability_template(kind: str, primitive: str, taken: set[str]) -> dict[str, Any]:
    """A new ability of `kind` built on `primitive`, with an id not in `taken`."""
    if kind not in KINDS:
        raise ValueError(f"no ability kind is called {kind!r}; choose one of {', '.join(KINDS)}")
    if primitive not in primitives(kind):
        raise ValueError(f"{primitive!r} is not a {kind} primitive; choose one of "
                         f"{', '.join(primitives(kind))}")
    base = primitive.replace("_", "-")
    ident, n = base, 2
    while ident in taken:
        ident, n = f"{base}-{n}", n + 1
    head: dict[str, Any] = {"id": ident, "name": _title(primitive),
                            "text": "Say what the ability does, as printed on the card.",
                            "kind": kind}
    if kind == "keyword":
        return {**head, "keyword": primitive}
    if kind == "static":
        return {**head, "modifier": {"stat": primitive, "amount": 1,
                                     "applies_to": {"relation": "self"}}}
    if kind == "trigger":
        return {**head, "event": events()[0], "effects": [effect_template(primitive)]}
    return {**head, "effects": [effect_template(primitive)]}


def part_label(part: Any, index: int) -> str:
    """One line for the list: number, name (or effect) and kind."""
    if not isinstance(part, dict):
        return f"{index + 1}. (not a mapping)"
    if "kind" in part:
        return f"{index + 1}. {part.get('name', part.get('id', '?'))} ({part['kind']})"
    return f"{index + 1}. {part.get('effect', '?')}"


def part_text(part: Any) -> str:
    """The YAML block a part is edited as."""
    return yamlio.dump(part)


def parse_part(text: str, where: str) -> tuple[dict[str, Any] | None, str]:
    """A part from its edited YAML (safe loader), or None and what is wrong with it."""
    try:
        doc = yamlio.parse(text, where)
    except ContentError as exc:
        return None, exc.problems[0].message
    if doc.problems:
        return None, f"{doc.problems[0].path} {doc.problems[0].message}"
    data = doc.data
    if not isinstance(data, dict):
        return None, "an ability or effect is a mapping of `key: value` lines"
    return data, ""
