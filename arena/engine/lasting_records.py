"""Lasting effects as records: what card mechanics leave in the state (`GameState.lasting`).

An effect that lasts beyond its resolution -- a stat change for this turn, control of an
opposing squad, a detained army card, a trigger waiting in the queue -- is one small frozen
record here, and all of them together are one frozen `Lasting` value on the state. Changes
replace the value (`GameState.set_lasting`), never mutate it, so `GameState.clone` shares it
and the AI's thousands of copies cost nothing for it. `arena.engine.abilities.lasting` says
when each record starts and ends.

Plain form (saves, replays, the state digest). Each record has ``to_plain``/``from_plain``, and
`Lasting.to_plain` gives the save's ``extra`` mapping, under the keys it has always had:

- ``abl.mods``: `StatChange` ``{figure, stat, amount, source, until, turn}``;
- ``abl.switch``: `StatSwitch` ``{figure, stats, source}``;
- ``abl.attacks``: extra attacks this turn, ``{figure: count}``;
- ``abl.control``: `ControlGrant` ``{figure, player, until, turn}``;
- ``abl.detain``: `Detention` ``{seat, cards, active}``;
- ``abl.stolen``: the one `StolenTurn` ``{figure, card, player, chosen}`` (not a list);
- ``abl.queue``: `QueuedTrigger` ``{kind: trigger, card, ability, scope}``, `QueuedFlip`
  ``{kind: hidden, card, spell, scope}``, `QueuedCast` ``{kind: cast, spell, player, preset,
  attach}``;
- ``abl.suspended``: `SuspendedJob` ``{job: {scope, frames, answers, preset, done}}``;
- ``abl.countered``: `CounteredSpell` ``{spell, by}``.

A key is present only while its list (or map) is not empty. The bytes are exactly those of
the plain dictionaries these records replaced, so saves written before still load and their
digests still match.

A resolution's scope and a job's answers stay plain data inside the records (frozen:
mappings read-only, lists as tuples): `arena.engine.abilities.scope.Scope` reads the scope,
and a job is run as the mutable dictionary `arena.engine.abilities.runtime` works on
(`Job.thaw`), the form a job also has inside a pending decision.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType
from typing import Any

from arena.engine.vocab import Stat

__all__ = [
    "ControlGrant",
    "CounteredSpell",
    "Detention",
    "Job",
    "Lasting",
    "QueueItem",
    "QueuedCast",
    "QueuedFlip",
    "QueuedTrigger",
    "StatChange",
    "StatSwitch",
    "StolenTurn",
    "SuspendedJob",
    "Until",
    "freeze",
    "thaw",
]


def freeze(value: Any) -> Any:
    """Plain data made read-only all the way down (mappings as read-only views of copies,
    lists as tuples), so a record holding it stays frozen."""
    if isinstance(value, Mapping):
        return MappingProxyType({k: freeze(v) for k, v in value.items()})
    if isinstance(value, (list, tuple)):
        return tuple(freeze(v) for v in value)
    return value


def thaw(value: Any) -> Any:
    """A deep, changeable copy of plain data (`freeze` undone): a job changes as it runs, and
    the copy kept in a decision, the queue or an undo snapshot must not change with it."""
    if isinstance(value, Mapping):
        return {k: thaw(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [thaw(v) for v in value]
    return value


class Until(StrEnum):
    """When a stat change or a grant of control ends."""

    TURN = "turn"
    """At the end of this turn."""
    ATTACK = "attack"
    """After the figure's next attack (or at the end of the turn)."""
    PERMANENT = "permanent"
    """While the figure stays on the battlefield."""
    NEXT_TURN = "next_turn"
    """At the end of the new controller's next turn."""


# --- effects on figures and cards ----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StatChange:
    """A `modify` effect's change to one figure's stat (the amount fixed when it resolved)."""

    figure: str
    stat: Stat
    amount: int
    source: str
    """The effect's source as the stat breakdown names it."""
    until: Until
    """`Until.TURN`, `Until.ATTACK` or `Until.PERMANENT`."""
    turn: int
    """The turn it began."""

    def to_plain(self) -> dict[str, Any]:
        """The save's form."""
        return {"figure": self.figure, "stat": self.stat.value, "amount": self.amount,
                "source": self.source, "until": self.until.value, "turn": self.turn}

    @classmethod
    def from_plain(cls, data: Mapping[str, Any]) -> StatChange:
        """Rebuild `to_plain` output."""
        return cls(str(data["figure"]), Stat(data["stat"]), int(data["amount"]),
                   str(data["source"]), Until(data["until"]), int(data["turn"]))


@dataclass(frozen=True, slots=True)
class StatSwitch:
    """A `switch_stats` effect on one figure for this turn."""

    figure: str
    stats: tuple[Stat, Stat]
    source: str

    def to_plain(self) -> dict[str, Any]:
        """The save's form."""
        return {"figure": self.figure, "stats": [s.value for s in self.stats],
                "source": self.source}

    @classmethod
    def from_plain(cls, data: Mapping[str, Any]) -> StatSwitch:
        """Rebuild `to_plain` output."""
        a, b = data["stats"]
        return cls(str(data["figure"]), (Stat(a), Stat(b)), str(data["source"]))


@dataclass(frozen=True, slots=True)
class ControlGrant:
    """A `gain_control` effect: ``player`` controls ``figure`` until it ends."""

    figure: str
    player: int
    until: Until
    """`Until.TURN` or `Until.NEXT_TURN`."""
    turn: int
    """The turn it began."""

    def to_plain(self) -> dict[str, Any]:
        """The save's form."""
        return {"figure": self.figure, "player": self.player, "until": self.until.value,
                "turn": self.turn}

    @classmethod
    def from_plain(cls, data: Mapping[str, Any]) -> ControlGrant:
        """Rebuild `to_plain` output."""
        return cls(str(data["figure"]), int(data["player"]), Until(data["until"]),
                   int(data["turn"]))


@dataclass(frozen=True, slots=True)
class Detention:
    """A `forbid_choice` effect: ``seat`` may not choose ``cards`` on its next turn
    (``active`` once that turn has begun)."""

    seat: int
    cards: tuple[str, ...]
    active: bool

    def to_plain(self) -> dict[str, Any]:
        """The save's form."""
        return {"seat": self.seat, "cards": list(self.cards), "active": self.active}

    @classmethod
    def from_plain(cls, data: Mapping[str, Any]) -> Detention:
        """Rebuild `to_plain` output."""
        return cls(int(data["seat"]), tuple(str(c) for c in data["cards"]),
                   bool(data["active"]))


@dataclass(frozen=True, slots=True)
class StolenTurn:
    """A `take_turn_with` effect under way: ``player`` takes a turn with ``figure`` (its army
    card ``card`` is the chosen card); ``chosen`` is the card chosen before, restored after."""

    figure: str
    card: str
    player: int
    chosen: str | None

    def to_plain(self) -> dict[str, Any]:
        """The save's form."""
        return {"figure": self.figure, "card": self.card, "player": self.player,
                "chosen": self.chosen}

    @classmethod
    def from_plain(cls, data: Mapping[str, Any]) -> StolenTurn:
        """Rebuild `to_plain` output."""
        chosen = data.get("chosen")
        return cls(str(data["figure"]), str(data["card"]), int(data["player"]),
                   None if chosen is None else str(chosen))


@dataclass(frozen=True, slots=True)
class CounteredSpell:
    """A spell on the stack that a `counter_spell` effect countered (``by``: its source)."""

    spell: str
    by: str

    def to_plain(self) -> dict[str, Any]:
        """The save's form."""
        return {"spell": self.spell, "by": self.by}

    @classmethod
    def from_plain(cls, data: Mapping[str, Any]) -> CounteredSpell:
        """Rebuild `to_plain` output."""
        return cls(str(data["spell"]), str(data["by"]))


# --- the trigger queue and suspended resolutions -------------------------------------------


@dataclass(frozen=True, slots=True)
class QueuedTrigger:
    """A card's triggered ability waiting in the queue (``scope``: `Scope` plain data)."""

    card: str
    ability: str
    scope: Mapping[str, Any]

    def to_plain(self) -> dict[str, Any]:
        """The save's form."""
        return {"kind": "trigger", "card": self.card, "ability": self.ability,
                "scope": thaw(self.scope)}


@dataclass(frozen=True, slots=True)
class QueuedFlip:
    """A face-down hidden enchantment waiting to be offered to flip."""

    card: str
    spell: str
    scope: Mapping[str, Any]

    def to_plain(self) -> dict[str, Any]:
        """The save's form."""
        return {"kind": "hidden", "card": self.card, "spell": self.spell,
                "scope": thaw(self.scope)}


@dataclass(frozen=True, slots=True)
class QueuedCast:
    """A spell being played, resolved once the counters queued before it are done
    (``preset``: the targets the `PlaySpell` named, by effect path; ``attach``: the army
    card an enchantment goes on)."""

    spell: str
    player: int
    preset: Mapping[str, tuple[str, ...]]
    attach: str | None

    def to_plain(self) -> dict[str, Any]:
        """The save's form."""
        return {"kind": "cast", "spell": self.spell, "player": self.player,
                "preset": thaw(self.preset), "attach": self.attach}


QueueItem = QueuedTrigger | QueuedFlip | QueuedCast
"""One entry of the trigger queue."""


def _queue_item(data: Mapping[str, Any]) -> QueueItem:
    kind = data["kind"]
    if kind == "trigger":
        return QueuedTrigger(str(data["card"]), str(data["ability"]), freeze(data["scope"]))
    if kind == "hidden":
        return QueuedFlip(str(data["card"]), str(data["spell"]), freeze(data["scope"]))
    if kind == "cast":
        attach = data.get("attach")
        return QueuedCast(str(data["spell"]), int(data["player"]),
                          freeze(data.get("preset", {})), None if attach is None else str(attach))
    raise ValueError(f"a queued item of unknown kind {kind!r} (trigger, hidden or cast)")


Frame = tuple[tuple[str | int, ...], int]
"""A job's frame: the path of an effect list and the index of the next effect in it."""


@dataclass(frozen=True, slots=True)
class Job:
    """A resolution in progress, frozen (`arena.engine.abilities.runtime` describes the
    fields; it runs the `thaw`-ed dictionary)."""

    scope: Mapping[str, Any]
    frames: tuple[Frame, ...]
    answers: Mapping[str, Any]
    preset: Mapping[str, tuple[str, ...]]
    done: Mapping[str, Any] | None

    def thaw(self) -> dict[str, Any]:
        """The job as the runtime's changeable dictionary (also the save's form)."""
        return {"scope": thaw(self.scope),
                "frames": [[list(path), index] for path, index in self.frames],
                "answers": thaw(self.answers), "preset": thaw(self.preset),
                "done": None if self.done is None else thaw(self.done)}

    @classmethod
    def from_plain(cls, data: Mapping[str, Any]) -> Job:
        """A job dictionary frozen (a copy: later changes to ``data`` do not reach it)."""
        done = data.get("done")
        return cls(freeze(data["scope"]),
                   tuple((tuple(path), int(index)) for path, index in data["frames"]),
                   freeze(data["answers"]), freeze(data["preset"]),
                   None if done is None else freeze(done))


@dataclass(frozen=True, slots=True)
class SuspendedJob:
    """A job waiting until a decision it caused elsewhere is answered."""

    job: Job

    def to_plain(self) -> dict[str, Any]:
        """The save's form."""
        return {"job": self.job.thaw()}

    @classmethod
    def from_plain(cls, data: Mapping[str, Any]) -> SuspendedJob:
        """Rebuild `to_plain` output."""
        return cls(Job.from_plain(data["job"]))


# --- all of them ---------------------------------------------------------------------------

_MODS = "abl.mods"
_SWITCH = "abl.switch"
_ATTACKS = "abl.attacks"
_CONTROL = "abl.control"
_DETAIN = "abl.detain"
_STOLEN = "abl.stolen"
_QUEUE = "abl.queue"
_SUSPENDED = "abl.suspended"
_COUNTERED = "abl.countered"


@dataclass(frozen=True, slots=True)
class Lasting:
    """Every lasting effect of a game (see the module docstring); empty at the start."""

    changes: tuple[StatChange, ...] = ()
    switches: tuple[StatSwitch, ...] = ()
    extra_attacks: tuple[tuple[str, int], ...] = ()
    """Attacks granted (or, negative, taken away) this turn, by figure, in the order first
    granted; -1 for a figure whose card used an ability "instead of attacking"."""
    control: tuple[ControlGrant, ...] = ()
    detentions: tuple[Detention, ...] = ()
    stolen: StolenTurn | None = None
    queue: tuple[QueueItem, ...] = ()
    suspended: tuple[SuspendedJob, ...] = ()
    """Last in, first resumed."""
    countered: tuple[CounteredSpell, ...] = ()

    def attacks_of(self, figure: str) -> int:
        """Extra attacks this turn for ``figure`` (0 without any)."""
        return next((n for f, n in self.extra_attacks if f == figure), 0)

    def to_plain(self) -> dict[str, Any]:
        """The save's ``extra`` mapping (see the module docstring)."""
        out: dict[str, Any] = {}
        _put(out, _MODS, self.changes)
        _put(out, _SWITCH, self.switches)
        if self.extra_attacks:
            out[_ATTACKS] = dict(self.extra_attacks)
        _put(out, _CONTROL, self.control)
        _put(out, _DETAIN, self.detentions)
        if self.stolen is not None:
            out[_STOLEN] = self.stolen.to_plain()
        _put(out, _QUEUE, self.queue)
        _put(out, _SUSPENDED, self.suspended)
        _put(out, _COUNTERED, self.countered)
        return out

    @classmethod
    def from_plain(cls, data: Mapping[str, Any]) -> Lasting:
        """Rebuild `to_plain` output (a save's ``extra``)."""
        unknown = sorted(set(data) - _KEYS)
        if unknown:
            raise ValueError(f"the save's lasting effects have unknown keys {unknown} "
                             f"(known: {', '.join(sorted(_KEYS))})")
        stolen = data.get(_STOLEN)
        return cls(
            changes=tuple(StatChange.from_plain(e) for e in data.get(_MODS, ())),
            switches=tuple(StatSwitch.from_plain(e) for e in data.get(_SWITCH, ())),
            extra_attacks=tuple((str(f), int(n)) for f, n in dict(data.get(_ATTACKS, {})).items()),
            control=tuple(ControlGrant.from_plain(e) for e in data.get(_CONTROL, ())),
            detentions=tuple(Detention.from_plain(e) for e in data.get(_DETAIN, ())),
            stolen=None if not stolen else StolenTurn.from_plain(stolen),
            queue=tuple(_queue_item(e) for e in data.get(_QUEUE, ())),
            suspended=tuple(SuspendedJob.from_plain(e) for e in data.get(_SUSPENDED, ())),
            countered=tuple(CounteredSpell.from_plain(e) for e in data.get(_COUNTERED, ())),
        )


_KEYS = frozenset({_MODS, _SWITCH, _ATTACKS, _CONTROL, _DETAIN, _STOLEN, _QUEUE, _SUSPENDED,
                   _COUNTERED})


def _put(out: dict[str, Any], key: str, records: Iterable[Any]) -> None:
    plain = [r.to_plain() for r in records]
    if plain:
        out[key] = plain
