"""The effect registry: one implementation per effect primitive name, plus named specials.

Each game's rule book holds its own registry (`registry(book)`, installed by
`arena.engine.abilities.install`): a `Primitive` is the function that resolves the effect
(``run``), the function listing its legal target choices (``targets``: token tuples such as
``("p2.rhox-veterans.1",)``; ``[()]`` when nothing is chosen in advance, ``[]`` when no legal
choice exists so the effect cannot happen), and whether it could do anything now
(``viable``, used to offer optional triggers and activated abilities). Spells and activated
abilities list these choices in their actions' targets; triggers ask for them in a decision.

A truly unique effect is written ``{effect: special, function: <name>}`` and resolves
through the function registered under that name (`EffectRegistry.register_special`), with the
same signature as a primitive.

Example::

    from arena.engine.abilities import registry
    reg = registry(game.state.static.rules)
    reg.names()                               # every primitive name (EFFECT_NAMES)
    reg.register_special("reveal-hand", run)  # run(rt: Runtime, effect: EffectSpec) -> None
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from arena.engine.abilities.params import Special
from arena.engine.rulebook import RuleBook

if TYPE_CHECKING:
    from arena.engine.abilities.params import EffectSpec
    from arena.engine.abilities.runtime import Runtime
    from arena.engine.context import Ctx

__all__ = ["EffectRegistry", "Primitive", "registry"]

Run = Callable[["Runtime", "EffectSpec"], None]
Targets = Callable[["Runtime", "EffectSpec"], list[tuple[str, ...]]]
Viable = Callable[["Runtime", "EffectSpec"], bool]
Finisher = Callable[["Ctx", dict[str, Any]], None]


@dataclass(frozen=True, slots=True)
class Primitive:
    """One effect's implementation (see the module docstring)."""

    name: str
    run: Run
    targets: Targets | None = None
    viable: Viable | None = None

    @property
    def doc(self) -> str:
        """The implementation's docstring (its YAML form and rules)."""
        return (self.run.__doc__ or "").strip()


class EffectRegistry:
    """Effect primitives, special functions and the finishers of resolutions."""

    def __init__(self) -> None:
        self.primitives: dict[str, Primitive] = {}
        self.specials: dict[str, Primitive] = {}
        self.finishers: dict[str, Finisher] = {}

    def __copy__(self) -> EffectRegistry:
        other = EffectRegistry()
        other.primitives = dict(self.primitives)
        other.specials = dict(self.specials)
        other.finishers = dict(self.finishers)
        return other

    def register(self, name: str, run: Run, targets: Targets | None = None,
                 viable: Viable | None = None) -> None:
        """Register (or replace) the implementation of an effect primitive."""
        self.primitives[name] = Primitive(name, run, targets, viable)

    def register_special(self, name: str, run: Run, targets: Targets | None = None,
                         viable: Viable | None = None) -> None:
        """Register the function ``{effect: special, function: name}`` resolves through."""
        self.specials[name] = Primitive(name, run, targets, viable)

    def register_finisher(self, kind: str, fn: Finisher) -> None:
        """Register what happens when a resolution of this kind ends (spells module)."""
        self.finishers[kind] = fn

    def names(self) -> list[str]:
        """Every registered primitive name."""
        return sorted(self.primitives)

    def lookup(self, effect: EffectSpec) -> Primitive | None:
        """The implementation an effect resolves through (a special by its ``function``)."""
        if isinstance(effect.params, Special):
            return self.specials.get(effect.params.function)
        return self.primitives.get(effect.name)


def registry(book: RuleBook) -> EffectRegistry:
    """The effect registry of a rule book (installed by `arena.engine.abilities.install`)."""
    found = book.extensions.get("abilities")
    if not isinstance(found, EffectRegistry):
        raise KeyError("this rule book has no card mechanics installed "
                       "(arena.engine.abilities.install)")
    return found


def copy_registry(value: Any) -> Any:
    """`RuleBook.copy` helper: registries are copied, not shared."""
    return copy.copy(value)
