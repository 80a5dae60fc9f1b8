"""The card data form, headless: a card file's plain fields (stats, texts, provenance) as
editable strings, checked like any content file and saved canonically (atomically).

Structured parts (abilities, hit zones) are kept as they are in the file; the form edits the
values a card's face and provenance give.
"""

from __future__ import annotations

import types
import typing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel

from arena.content import writer, yamlio
from arena.content.cards import ArmyCard, SpellCard
from arena.content.errors import ContentError
from arena.content.loader import load_document, load_file

CardModel = ArmyCard | SpellCard


def _kind(annotation: Any) -> str | None:
    """"int", "bool", "str", "list" (of plain values) or None (not a form field)."""
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        return _kind(typing.get_args(annotation)[0])
    if origin in (typing.Union, types.UnionType):
        kinds = {_kind(a) for a in typing.get_args(annotation) if a is not type(None)}
        return kinds.pop() if len(kinds) == 1 else None
    if origin is Literal:
        return "str"
    if origin is list:
        inner = _kind(typing.get_args(annotation)[0])
        return "list" if inner in ("str", "int") else None
    if annotation is bool:
        return "bool"
    if annotation is int:
        return "int"
    if annotation is str:
        return "str"
    return None


def form_fields(model: type[BaseModel]) -> dict[str, str]:
    """The fields the form edits, with their kinds, in the model's order."""
    out = {}
    for name, info in model.model_fields.items():
        if name == "format":
            continue
        kind = _kind(info.annotation)
        if kind is not None:
            out[name] = kind
    return out


def choices(model: type[BaseModel], name: str) -> tuple[str, ...]:
    """The allowed values of a field chosen from a list (empty: free text)."""
    annotation = model.model_fields[name].annotation
    if typing.get_origin(annotation) is Literal:
        return tuple(str(a) for a in typing.get_args(annotation))
    return ()


@dataclass
class CardForm:
    path: Path
    model: CardModel
    values: dict[str, str] = field(default_factory=dict)

    @classmethod
    def open(cls, path: Path | str) -> CardForm:
        card = load_file(path)
        if not isinstance(card, (ArmyCard, SpellCard)):
            raise ContentError.single(str(path), "is not an army card or spell card",
                                      "open a file from cards/army or cards/spells")
        form = cls(Path(path), card)
        data = card.model_dump(mode="json", by_alias=True, warnings=False)
        for name, kind in form_fields(type(card)).items():
            value = data.get(name)
            if kind == "list":
                form.values[name] = ", ".join(str(v) for v in value or [])
            elif kind == "bool":
                form.values[name] = "true" if value else "false"
            else:
                form.values[name] = "" if value is None else str(value)
        return form

    def data(self) -> dict[str, Any]:
        data = writer.to_data(self.model)
        for name, kind in form_fields(type(self.model)).items():
            text = self.values.get(name, "").strip()
            value: Any
            if kind == "int":
                value = int(text) if text.lstrip("-").isdigit() else text
            elif kind == "bool":
                value = {"true": True, "yes": True, "false": False, "no": False}.get(
                    text.lower(), text)
            elif kind == "list":
                value = [v.strip() for v in text.split(",") if v.strip()]
            else:
                value = text
            info = type(self.model).model_fields[name]
            default = None if info.is_required() else info.get_default(
                call_default_factory=True)
            if name not in data and (value == default or (text == "" and default is None)):
                continue  # left at its default: the canonical file leaves it out
            data[name] = value
        return data

    def build(self) -> tuple[CardModel | None, list[str]]:
        """The edited card, or None and every problem (the content loader's messages)."""
        doc = yamlio.parse(yamlio.dump(self.data()), self.path.name)
        try:
            card = load_document(doc, type(self.model))
        except ContentError as exc:
            return None, [f"{p.path}: {p.message}" if p.path else p.message
                          for p in exc.problems]
        assert isinstance(card, (ArmyCard, SpellCard))
        return card, []

    def save(self, path: Path | None = None) -> list[str]:
        """Save if valid (canonical, atomic); returns the problems (empty: saved)."""
        card, problems = self.build()
        if card is None:
            return problems
        target = path or self.path
        if target.stem != card.id:
            return [f"id: the id {card.id!r} does not match the file name {target.name!r}"]
        try:
            writer.save_model(card, target)
        except OSError as exc:
            return [f"not saved: {exc.strerror or exc}"]
        self.model, self.path = card, target
        return []
