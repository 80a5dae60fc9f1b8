"""The card data form, headless: a card file's plain fields (stats, texts, provenance) as
editable strings, checked like any content file and saved canonically (atomically).

The card's abilities (army cards) or effects (spells) are its `parts`: a list of plain
mappings, added from the rules' primitives and edited one YAML block at a time
(`editor.core.ability_form`), checked with the rest of the card. Other structured values (hit
zones) are kept as they are in the file.
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
from arena.content.locations import save_path, user_copy
from editor.core.ability_form import ability_template, effect_template, parse_part

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
    parts: list[Any] = field(default_factory=list)
    """The abilities (army card) or effects (spell) as plain data, in file order."""

    @property
    def part_key(self) -> str:
        """Where the parts live in the file: ``abilities`` or ``effects``."""
        return "effects" if isinstance(self.model, SpellCard) else "abilities"

    def add_part(self, kind: str, primitive: str) -> int:
        """Add an ability of `kind` built on `primitive` (for a spell: the effect
        `primitive`); returns its index. Raises ValueError for a name not in the rules."""
        if self.part_key == "effects":
            self.parts.append(effect_template(primitive))
        else:
            taken = {str(p.get("id")) for p in self.parts if isinstance(p, dict)}
            self.parts.append(ability_template(kind, primitive, taken))
        return len(self.parts) - 1

    def remove_part(self, index: int) -> None:
        del self.parts[index]

    def set_part(self, index: int, text: str) -> str:
        """Replace part `index` by its edited YAML; returns what is wrong ("" if it reads;
        the schema checks it with the card in `build`)."""
        part, problem = parse_part(text, f"{self.part_key}[{index}]")
        if part is None:
            return f"{self.part_key}[{index}]: {problem}"
        self.parts[index] = part
        return ""

    @classmethod
    def open(cls, path: Path | str) -> CardForm:
        """The form of the card at `path`; of the player's correction instead when `path` is
        a shipped card the player has corrected (the game plays the correction)."""
        corrected = user_copy(path)
        if corrected.is_file():
            path = corrected
        card = load_file(path)
        if not isinstance(card, (ArmyCard, SpellCard)):
            raise ContentError.single(str(path), "is not an army card or spell card",
                                      "open a file from cards/army or cards/spells")
        form = cls(Path(path), card)
        form.parts = list(writer.to_data(card).get(form.part_key) or [])
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
        if self.parts or self.part_key == "effects":
            data[self.part_key] = list(self.parts)
        else:
            data.pop(self.part_key, None)
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
        """Save if valid (canonical, atomic); returns the problems (empty: saved). A shipped
        card is never written over: its correction goes to the same place in the player's
        folder (`arena.content.locations.user_copy`), where the game takes it instead of
        the shipped card; `path` then tells where it went."""
        card, problems = self.build()
        if card is None:
            return problems
        target = path or self.path
        if target.stem != card.id:
            return [f"id: the id {card.id!r} does not match the file name {target.name!r}"]
        try:
            target = save_path(target)
            writer.save_model(card, target)
        except OSError as exc:
            return [f"not saved: {exc.strerror or exc}"]
        self.model, self.path = card, target
        return []
