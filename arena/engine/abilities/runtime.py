"""Resolving effect lists: jobs, choices, targets.

A *job* is one resolution in progress -- a triggered ability, an activated ability, a spell, a
flipped hidden enchantment -- as plain data, so it can wait in a pending decision and survive a
save::

    {"scope": Scope.to_data(), "frames": [[path, next index], ...], "answers": {...},
     "preset": {path key: [tokens]}, "done": {"kind": ..., ...} or None}

`run_job` walks the frames (a stack: ``roll_d20`` pushes its ``then`` list) and runs each
effect through the registry. Before an effect runs, its chosen targets are settled (`Runtime.
tokens`): the tokens the action named (``preset``: a spell's or activated ability's targets,
checked again -- a target no longer legal makes the effect do nothing), else the only legal
choice, else an ``ability_choice`` decision for the scope's player listing the legal options
one token at a time. An effect with no legal choice does nothing. An effect may ask more
(`Runtime.ask`: a destination, a card to discard, top or bottom ...): the job waits in the
decision and the effect runs again from its start with the answers, so effects ask everything
before they change anything. A decision an effect causes elsewhere (the core's simultaneous-
damage order, a Glyph of Recall reached by a move) suspends the job until it is answered
(``GameState.lasting.suspended``; `pump` resumes it). When the frames are done the job's
``done`` finisher runs (a sorcery to the graveyard, an aura onto its card ...).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from arena.engine.abilities import lasting
from arena.engine.abilities.amounts import evaluate
from arena.engine.abilities.params import ANY, Amount, EffectSpec
from arena.engine.abilities.registry import EffectRegistry, Primitive, registry
from arena.engine.abilities.scope import Scope
from arena.engine.abilities.selectors import (
    select_cards,
    select_figures,
    select_players,
)
from arena.engine.abilities.spec import effects_at
from arena.engine.actions import Action, Answer
from arena.engine.context import Ctx
from arena.engine.events import DecisionAnswered
from arena.engine.lasting_records import thaw
from arena.engine.state import Decision, GameState

__all__ = [
    "CHOICE",
    "Ask",
    "Fizzle",
    "Runtime",
    "choice_apply",
    "choice_legal",
    "effect_options",
    "effect_viable",
    "new_job",
    "path_key",
    "run_job",
    "scope_of",
]

CHOICE = "ability_choice"
"""The decision kind of every choice an effect asks for (options: `Answer` tokens)."""


def path_key(path: Sequence[Any]) -> str:
    """A path as a dict key: ``army/rhox-veterans/trample/effects/0``."""
    return "/".join(str(p) for p in path)


class Fizzle(Exception):
    """Raised inside an effect that finds it cannot happen after all (nothing to choose)."""


class Ask(Exception):
    """Raised inside an effect that needs an answer first (`Runtime.ask`)."""

    def __init__(self, key: str, player: int, options: list[str], description: str,
                 data: dict[str, Any] | None = None) -> None:
        super().__init__(description)
        self.key = key
        self.player = player
        self.options = options
        self.description = description
        self.data = data or {}


def new_job(scope: Scope, path: Sequence[Any], preset: dict[str, list[str]] | None = None,
            done: dict[str, Any] | None = None) -> dict[str, Any]:
    """A job running the effect list at ``path``."""
    return {"scope": scope.to_data(), "frames": [[list(path), 0]], "answers": {},
            "preset": dict(preset or {}), "done": done}


class Runtime:
    """What an effect implementation works with: the `Ctx`, the scope, the settled target
    tokens, and the ways to ask, to target and to measure."""

    def __init__(self, ctx: Ctx, job: dict[str, Any], path: list[Any],
                 scope: Scope | None = None) -> None:
        self.ctx = ctx
        self.state: GameState = ctx.state
        self.job = job
        self.path = path
        self.scope = scope or Scope.from_data(job["scope"])
        self.tokens: tuple[str, ...] = ()
        self.calls: list[list[Any]] = []

    @property
    def registry(self) -> EffectRegistry:
        """The game's effect registry."""
        return registry(self.ctx.rules)

    # asking ----------------------------------------------------------------------------------

    def ask(self, key: str, player: int, options: Sequence[str], description: str,
            data: dict[str, Any] | None = None, force: bool = False) -> str:
        """The answer to a question this effect asks (a decision for ``player`` with the
        options as `Answer` tokens), once it has been answered; the only option is taken
        without asking unless ``force`` (a look at a card is shown even with one answer).
        With no option at all the effect does nothing (`Fizzle`)."""
        answers = self.job["answers"]
        if key in answers:
            return str(answers[key])
        if not options:
            raise Fizzle(description)
        if len(options) == 1 and not force:
            answers[key] = options[0]
            return options[0]
        raise Ask(key, player, list(options), description, data)

    def pick(self, options: Sequence[tuple[str, ...]], description: str,
             player: int | None = None, key: str = "t") -> tuple[str, ...] | None:
        """One option among token tuples, asked token by token (None: there is none)."""
        left = list(options)
        if not left:
            return None
        i = 0
        while len(left) > 1 and i < max(len(o) for o in left):
            tokens = sorted({o[i] for o in left if len(o) > i})
            if len(tokens) > 1:
                answer = self.ask(f"{key}{i}", self.scope.player if player is None else player,
                                  tokens, description)
            else:
                answer = tokens[0]
            left = [o for o in left if len(o) > i and o[i] == answer]
            i += 1
        return left[0] if left else None

    def call(self, path: list[Any]) -> None:
        """Run the effect list at ``path`` right after this effect (``roll_d20``'s then)."""
        self.calls.append(path)

    def preset(self, path: Sequence[Any], tokens: Sequence[str]) -> None:
        """Fix the tokens of the effect at ``path`` in advance (chosen before a roll)."""
        self.job["preset"][path_key(path)] = list(tokens)

    # targets ---------------------------------------------------------------------------------

    def figures(self, effect: EffectSpec) -> list[str]:
        """The figures an effect applies to (its target, filtered by its selector when the
        target is fixed); only figures on the battlefield."""
        state, scope = self.state, self.scope
        t = effect.target
        if t == "chosen":
            found = [self.tokens[0]] if self.tokens else []
        elif t == "each":
            found = select_figures(state, effect.select or ANY, scope)
        else:
            found = _fixed_figures(state, scope, t)
            if effect.select is not None:
                keep = set(select_figures(state, effect.select, scope, found))
                found = [f for f in found if f in keep]
        return [f for f in found if f in state.figures and state.figures[f].zone == "battlefield"]

    def cards(self, effect: EffectSpec, zones: tuple[str, ...] = ("play",)) -> list[str]:
        """The army cards an effect applies to."""
        state, scope = self.state, self.scope
        t = effect.target
        if t == "chosen":
            return [self.tokens[0]] if self.tokens else []
        if t == "each":
            return select_cards(state, effect.select or ANY, scope, zones)
        found: list[str] = []
        if t in ("self", "enchanted") and scope.card is not None:
            found = [scope.card]
        elif t in ("attacker", "defender"):
            f = scope.attacker if t == "attacker" else scope.defender
            if f is not None and f in state.figures:
                found = [state.static.figures[f].card]
        return [c for c in found if state.cards[c].zone in zones]

    def players(self, effect: EffectSpec) -> list[int]:
        """The players an effect applies to (``controller``, ``opponent`` -- every opponent
        --, a chosen player, each player of the selector's relation)."""
        state, scope = self.state, self.scope
        t = effect.target
        if t == "chosen":
            return [int(self.tokens[0][1:])] if self.tokens else []
        if t == "each":
            return select_players(state, effect.select, scope)
        if t == "opponent":
            return [s for s in state.static.seats if state.static.opposed(scope.player, s)]
        if t in ("attacker", "defender"):
            f = scope.attacker if t == "attacker" else scope.defender
            return [state.controller(f)] if f is not None and f in state.figures else []
        return [scope.player]

    def amount(self, amount: Amount, subject: str | None = None) -> int:
        """An amount now (`arena.engine.abilities.amounts`)."""
        return evaluate(self.state, amount, self.scope, subject)


def _fixed_figures(state: GameState, scope: Scope, target: str) -> list[str]:
    if target == "self":
        return list(scope.selves)
    if target == "attacker":
        return [scope.attacker] if scope.attacker else []
    if target == "defender":
        return [scope.defender] if scope.defender else []
    if target == "enchanted":
        return state.figures_of_card(scope.card, "battlefield") if scope.card else []
    if target == "controller":
        return [state.planeswalker_figure(scope.player)]
    if target == "opponent":
        return [state.planeswalker_figure(s) for s in state.static.seats
                if state.static.opposed(scope.player, s)]
    return []


# --- options -------------------------------------------------------------------------------


def _primitive(rt: Runtime, effect: EffectSpec) -> Primitive | None:
    return rt.registry.lookup(effect)


def effect_options(rt: Runtime, effect: EffectSpec) -> list[tuple[str, ...]]:
    """The legal token tuples of an effect now: the ``around`` figure first (if any), then
    what its primitive chooses in advance (``[()]``: nothing; ``[]``: it cannot happen)."""
    prim = _primitive(rt, effect)
    if prim is None:
        return []

    def own(sub: Runtime) -> list[tuple[str, ...]]:
        return prim.targets(sub, effect) if prim.targets is not None else [()]

    if effect.around is None:
        return own(rt)
    out: list[tuple[str, ...]] = []
    for a in select_figures(rt.state, effect.around, rt.scope):
        sub = Runtime(rt.ctx, rt.job, rt.path, rt.scope.with_target(a))
        out.extend((a, *t) for t in own(sub))
    return out


def effect_viable(rt: Runtime, effect: EffectSpec) -> bool:
    """Whether an effect could do something now (a legal choice, and its own check -- for
    some ``around`` figure, if it has one)."""
    prim = _primitive(rt, effect)
    if prim is None:
        return False
    if effect.around is None:
        runtimes = [rt]
    else:
        runtimes = [Runtime(rt.ctx, rt.job, rt.path, rt.scope.with_target(a))
                    for a in select_figures(rt.state, effect.around, rt.scope)]
    for sub in runtimes:
        options = prim.targets(sub, effect) if prim.targets is not None else [()]
        if options and (prim.viable is None or prim.viable(sub, effect)):
            return True
    return False


# --- running -------------------------------------------------------------------------------


def _settle_tokens(rt: Runtime, effect: EffectSpec) -> bool:
    """Fix the effect's chosen tokens (see the module docstring); False: no legal choice."""
    options = effect_options(rt, effect)
    preset = rt.job["preset"].get(path_key(rt.path))
    if preset is not None:
        chosen: tuple[str, ...] | None = tuple(preset)
        if chosen not in options:
            return False
    else:
        chosen = rt.pick(options, f"{rt.scope.label}: choose a target")
    if chosen is None:
        return False
    if effect.around is not None:
        figure = chosen[0]
        rt.scope = rt.scope.with_target(figure)
        chosen = chosen[1:]
    rt.tokens = chosen
    return True


def run_job(ctx: Ctx, job: dict[str, Any]) -> bool:
    """Run a job until it waits for a decision (False) or is done (True)."""
    state = ctx.state
    frames: list[list[Any]] = job["frames"]
    while frames:
        path, index = frames[-1]
        effects = effects_at(state.static, path)
        if index >= len(effects):
            frames.pop()
            continue
        effect = effects[index]
        here = [*path, index]
        rt = Runtime(ctx, job, here)
        pending = len(state.pending)
        try:
            prim = rt.registry.lookup(effect)
            if prim is not None and _settle_tokens(rt, effect):
                prim.run(rt, effect)
        except Ask as ask:
            data = {"job": job, "key": ask.key, "options": ask.options, **ask.data}
            ctx.push(Decision(CHOICE, ask.player, ask.description, data))
            return False
        except Fizzle:
            rt.calls = []
        frames[-1] = [path, index + 1]
        job["answers"] = {}
        for sub in reversed(rt.calls):
            frames.append([sub, 0])
        if len(state.pending) > pending:
            lasting.suspend(state, job)
            return False
    done = job.get("done")
    if done:
        registry(ctx.rules).finishers[str(done["kind"])](ctx, dict(done))
    return True


def choice_legal(state: GameState, decision: Decision) -> list[Action]:
    """The options of an ``ability_choice`` decision."""
    return [Answer(str(o)) for o in decision.data.get("options", ())]


def choice_apply(ctx: Ctx, decision: Decision, action: Action) -> None:
    """Record the answer and go on with the job (the effect runs again with it)."""
    assert isinstance(action, Answer)
    ctx.pop()
    ctx.emit(DecisionAnswered(decision.player, decision.description, action.option))
    job = thaw(decision.data["job"])  # a job changes as it runs: the decision keeps its own
    job["answers"][str(decision.data["key"])] = action.option
    run_job(ctx, job)


def scope_of(job: dict[str, Any]) -> Scope:
    """A job's scope."""
    return Scope.from_data(job["scope"])



