"""What the player means on the battle screen, without a window: the selection, the target
pick of a spell or ability, and what a click on a hex or figure (or Enter on the keyboard
cursor) does.

`Intent` holds the interaction state (the selected figure, walking instead of flying, the
pick, the keyboard cursor, the flip of a double-space figure) and answers from the session's
legal actions; it never applies anything. A click becomes an outcome the battle screen carries
out (`Apply`, `MoveTo`, `Select`, `Choose`, `AskTarget`, `Inspect`, `Refresh`), so the rules of
clicking are tested without pygame. Everything offered comes from the engine's legal actions:
nothing that is not legal lights up or can be picked.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from arena.client.advice import MoveWarning, Ruler, move_warning, ruler_for
from arena.client.session import BattleSession, lead_hex
from arena.engine import Action, Discard, Game, PlaySpell, UseAbility
from arena.engine.actions import Pos
from arena.engine.state import SPELLS_PER_TURN
from arena.hexgrid import Hex

__all__ = [
    "Apply",
    "AskTarget",
    "Choose",
    "Inspect",
    "Intent",
    "MoveTo",
    "Outcome",
    "Pick",
    "Refresh",
    "Select",
    "parse_hex",
    "pos_key",
    "targets_of",
]


@dataclass
class Pick:
    """Choosing the targets of a spell or an ability: the legal actions still possible and
    the targets chosen so far (the legal ones light up; nothing else can be picked)."""

    label: str
    actions: list[Action]
    chosen: tuple[str, ...] = ()

    def options(self) -> dict[str, list[Action]]:
        """The next target's choices, each with the actions it keeps possible."""
        out: dict[str, list[Action]] = {}
        n = len(self.chosen)
        for a in self.actions:
            targets = targets_of(a)
            if len(targets) > n and targets[:n] == self.chosen:
                out.setdefault(targets[n], []).append(a)
        return out


# --- outcomes: what the screen does with a click ---------------------------------------------


@dataclass(frozen=True)
class Apply:
    """Apply this legal action."""

    action: Action


@dataclass(frozen=True)
class MoveTo:
    """Move the selected figure (the screen asks first when the move is risky)."""

    pos: Pos
    action: Action


@dataclass(frozen=True)
class Select:
    """Select this figure (None: clear the selection)."""

    figure: str | None


@dataclass(frozen=True)
class Choose:
    """Choose an army card, then select ``figure`` if it can act."""

    action: Action
    figure: str | None


@dataclass(frozen=True)
class AskTarget:
    """The pick's next targets are not on the battlefield: offer them as a list."""

    label: str
    targets: tuple[str, ...]


@dataclass(frozen=True)
class Inspect:
    """Not the player's turn: show this figure in the hover box."""

    figure: str


@dataclass(frozen=True)
class Refresh:
    """The pick moved on: light its new targets."""


Outcome = Apply | MoveTo | Select | Choose | AskTarget | Inspect | Refresh | None


def targets_of(action: Action) -> tuple[str, ...]:
    """The targets an action names (none for most)."""
    return tuple(getattr(action, "targets", ()))


def parse_hex(word: str) -> Hex | None:
    """A hex written ``q,r`` (as action texts name spaces), else None."""
    parts = word.split(",")
    if len(parts) != 2:
        return None
    try:
        return Hex(int(parts[0]), int(parts[1]))
    except ValueError:
        return None


def pos_key(pos: Pos) -> tuple[int, int, int, int]:
    """Reading order of positions (row, then column): the keyboard cursor's order."""
    if isinstance(pos, Hex):
        return (pos.r, pos.q, 0, 0)
    return (pos[0].r, pos[0].q, pos[1].r, pos[1].q)


Nearness = Callable[[Hex], float]
"""How far the pointer is from a hex (on screen): picks a double-space figure's tail."""


class Intent:
    """The selection and pick state of one battle screen (see the module docstring)."""

    def __init__(self, session: BattleSession) -> None:
        self.session = session
        self.selected: str | None = None
        self.walk = False
        self.pick: Pick | None = None
        self.cursor: Pos | None = None
        self.flipped = False
        self._cache: dict[tuple[int, str], Any] = {}

    @property
    def game(self) -> Game:
        return self.session.game

    # --- what the player to act may do ---------------------------------------------------

    def actors(self) -> list[str]:
        """The figures the human player to act may move or attack with."""
        if not self.session.human_to_act:
            return []
        return self.session.options.actors()

    def move_table(self) -> dict[Pos, Any]:
        """The selected figure's legal moves by position (walking, when chosen)."""
        if self.selected is None:
            return {}
        opts = self.session.options
        table = opts.walks if self.walk else opts.moves
        return table.get(self.selected, {})

    def lit_spaces(self) -> set[Hex]:
        """The spaces lit for a click now (their lead hexes): the placements on offer, else
        the selected figure's moves."""
        table = self.session.options.place or self.move_table()
        return {lead_hex(pos) for pos in table}

    def reach(self) -> Mapping[Any, Any]:
        """Reachable spaces (with cost and path) of the selected figure, cached (the engine's
        read-only answer)."""
        if self.selected is None:
            return {}
        key = (self.session.version, f"reach:{self.selected}:{self.walk}")
        if key not in self._cache:
            try:
                found = self.game.reachable_spaces(self.selected, self.walk)
            except Exception:  # noqa: BLE001 - a query must not stop the screen
                found = {}
            self._cache = {k: v for k, v in self._cache.items()
                           if k[0] == self.session.version}
            self._cache[key] = found
        result: Mapping[Any, Any] = self._cache[key]
        return result

    def attack_options(self, attacker: str) -> dict[str, Any]:
        """The engine's attack options of ``attacker`` by target (possible or not), cached."""
        key = (self.session.version, f"attacks:{attacker}")
        if key not in self._cache:
            try:
                found = {o.target: o for o in self.game.attack_options(attacker)}
            except Exception:  # noqa: BLE001
                found = {}
            self._cache[key] = found
        result: dict[str, Any] = self._cache[key]
        return result

    def ruler(self, target: str | None) -> Ruler | None:
        """The line-of-sight ruler from the selected figure to ``target`` (else the figure
        under the keyboard cursor) when it is an opponent, cached per game version."""
        attacker = self.selected
        state = self.game.state
        if attacker is not None and target is None and self.cursor is not None:
            target = state.occupant_map().get(lead_hex(self.cursor))
        if attacker is None or target is None or target == attacker or \
                target not in state.figures or \
                not state.static.opposed(state.controller(attacker), state.controller(target)):
            return None
        key = (self.session.version, f"ruler:{attacker}:{target}")
        if key not in self._cache:
            option = self.attack_options(attacker).get(target)
            self._cache[key] = ruler_for(self.game, attacker, target, option)
        found: Ruler | None = self._cache[key]
        return found

    def move_warning(self, pos: Pos | None) -> MoveWarning:
        """What moving the selected figure to ``pos`` would set off (from the engine's
        reach: leaving-engagement attacks, falls, water, a glyph)."""
        if pos is None or self.selected is None:
            return MoveWarning()
        return move_warning(self.game, self.selected, self.reach().get(pos))

    def targets(self) -> list[Pos]:
        """The positions the keyboard cursor steps through now."""
        opts = self.session.options
        if not self.session.human_to_act:
            return []
        if opts.place:
            return sorted(opts.place, key=pos_key)
        found: list[Pos] = sorted(self.move_table(), key=pos_key)
        for target in self.session.options.attacks.get(self.selected or "", {}):
            hexes = self.target_hexes(target)
            if hexes:
                found.append(hexes[0])
        return found

    def choice_targets(self) -> dict[Hex, Action]:
        """Decision and ability choices that name one figure or space, by its hex (so the
        battlefield answers them with a click); ambiguous hexes are left out."""
        found: dict[Hex, list[Action]] = {}
        for action in self.session.options.other:
            if isinstance(action, (PlaySpell, UseAbility, Discard)):
                continue
            hexes: set[Hex] = set()
            for word in action.text().split()[1:]:
                hexes.update(self.target_hexes(word)[:1])
                parsed = parse_hex(word)
                if parsed is not None:
                    hexes.add(parsed)
            for h in hexes:
                found.setdefault(h, []).append(action)
        return {h: acts[0] for h, acts in found.items() if len(acts) == 1}

    def target_hexes(self, target: str) -> tuple[Hex, ...]:
        """The spaces of a figure or a crypt target (none for other targets)."""
        state = self.game.state
        if target in state.figures:
            return tuple(state.figures[target].hexes)
        if target.startswith("crypt:"):
            obstacle = state.static.field.board.obstacles.get(target[6:])
            return tuple(obstacle.footprint) if obstacle else ()
        return ()

    def target_hexes_any(self, target: str) -> tuple[Hex, ...]:
        """The spaces of a target, a space named ``q,r`` included."""
        found = self.target_hexes(target)
        if found:
            return found
        parsed = parse_hex(target)
        return (parsed,) if parsed is not None else ()

    def target_label(self, target: str) -> str:
        """A target's name for the player (never its id)."""
        static = self.game.state.static
        if target in static.figures:
            return static.figure_name(target)
        if target in static.cards:
            return static.card_def(target).name
        if target in static.spells:
            return static.spell_name(target)
        if target.startswith("p") and target[1:].isdigit():
            return self.session.seat_label(int(target[1:]))
        return target

    def hand_seat(self) -> int:
        """Whose hand the screen shows: the human player to act, else the viewer."""
        return self.game.to_act if self.session.human_to_act else self.session.viewer

    def choice_actions(self) -> list[Action]:
        """The answers shown as numbered buttons: every legal action that is not a move, an
        attack, a card to choose or summon, a step's end or a card in the hand (those have
        their own controls), each once."""
        if not self.session.human_to_act:
            return []
        return list(dict.fromkeys(a for a in self.session.options.other
                                  if not isinstance(a, (PlaySpell, UseAbility, Discard))))

    def spell_actions(self) -> dict[str, list[Action]]:
        """The legal PlaySpell actions now, by spell card."""
        out: dict[str, list[Action]] = {}
        if self.session.human_to_act:
            for a in self.session.options.other:
                if isinstance(a, PlaySpell):
                    out.setdefault(a.spell, []).append(a)
        return out

    def discard_actions(self) -> dict[str, Action]:
        """The legal Discard actions now (the hand limit), by spell card."""
        if not self.session.human_to_act:
            return {}
        return {a.spell: a for a in self.session.options.other if isinstance(a, Discard)}

    def ability_actions(self) -> dict[str, dict[str, list[Action]]]:
        """The legal UseAbility actions now, by army card and ability."""
        out: dict[str, dict[str, list[Action]]] = {}
        if self.session.human_to_act:
            for a in self.session.options.other:
                if isinstance(a, UseAbility):
                    out.setdefault(a.card, {}).setdefault(a.ability, []).append(a)
        return out

    def undone_work(self) -> list[str]:
        """Useful things the human player could still do this turn (for the end-turn
        question)."""
        opts = self.session.options
        state = self.game.state
        found = []
        actors = self.actors()
        if actors:
            names = ", ".join(state.static.figure_name(f) for f in actors[:3])
            more = f" and {len(actors) - 3} more" if len(actors) > 3 else ""
            found.append(f"{names}{more} could still move or attack")
        if opts.summon:
            found.append("a card could still be summoned")
        spells = self.spell_actions()
        if spells:
            left = SPELLS_PER_TURN - state.turn_state.spells_played
            cards = f"{len(spells)} spell card{'s' if len(spells) > 1 else ''}"
            found.append(f"{cards} could be played ({left} more "
                         f"play{'s' if left != 1 else ''} this turn)" if left < len(spells)
                         else f"{cards} could be played")
        if self.ability_actions():
            found.append("an ability could be used")
        return found

    def hint(self, flip_key: str) -> str:
        """What the human player can do now, in a sentence (``flip_key``: the flip key's
        name)."""
        opts = self.session.options
        state = self.game.state
        if self.pick is not None:
            return f"{self.pick.label}: click one of the lit targets, or Cancel (Esc)."
        if not opts.legal:
            return ("The rules offer no action here (an engine problem): save the game from "
                    "the menu (Esc) and report it.")
        flip = (f" {flip_key} flips which hex takes the lead."
                if self.doubles_here() else "")
        if opts.place:
            return ("Click a green space to place the figure (or step through them with "
                    "the , and . keys, then press Enter)." + flip)
        if opts.choose:
            return "Click one of your army cards (or press its number) to choose it."
        if self.selected is not None:
            name = state.static.figure_name(self.selected)
            moves = len({lead_hex(pos) for pos in self.move_table()})
            attacks = len(opts.attacks.get(self.selected, {}))
            parts = []
            if moves:
                parts.append(f"{moves} spaces to move to (blue; orange with a warning sign "
                             "provokes)")
            if attacks:
                parts.append(f"{attacks} target{'s' if attacks > 1 else ''} (red)")
            if not parts:
                return f"{name} has nothing left to do. Tab: next figure."
            return f"{name}: " + ", ".join(parts) + ". Tab: next figure." + flip
        actors = self.actors()
        if actors:
            chosen = state.turn_state.chosen
            card = state.static.card_def(chosen).name if chosen else "the chosen card"
            moved = len(state.turn_state.moved)
            return (f"Click a figure of {card} (or Tab) to move or attack with it. "
                    f"{moved} moved so far.")
        if opts.summon:
            return "Summon a card from reserve (its badge), or move on."
        if self.choice_actions():
            return "Pick one of the choices below."
        if self.spell_actions() or self.ability_actions():
            step = "end this step (Space)" if opts.end_move or opts.end_attack else \
                "end the turn (T)"
            return f"You may play a spell from your hand or use an ability, or {step}."
        if opts.end_move or opts.end_attack:
            return "Nothing more to do in this step: end it (Space) or end the turn (T)."
        return "End the turn when you are ready (T)."

    # --- positions: double-space figures and the keyboard cursor --------------------------

    def position_at(self, h: Hex, table: dict[Pos, Any], near: Nearness | None) -> Pos | None:
        """The position a pointer on ``h`` means: ``h`` itself, or for a double-space
        figure the pair led from ``h`` whose tail is nearest the pointer (``near``) -- or,
        after the flip key, that pair's other way round (``h`` the tail)."""
        if h in table:
            return h
        pairs = [p for p in table if isinstance(p, tuple) and p[0] == h]
        if not pairs:
            return None
        if near is None:
            best = pairs[0]
        else:
            best = min(pairs, key=lambda p: near(p[1]) if isinstance(p, tuple) else 0.0)
        assert isinstance(best, tuple)
        flipped = (best[1], best[0])
        return flipped if self.flipped and flipped in table else best

    def pointed(self, h: Hex | None, near: Nearness | None) -> Pos | None:
        """The move or placement position the pointer on ``h`` (or the keyboard cursor)
        points at."""
        if self.cursor is not None:
            return self.cursor
        if h is None:
            return None
        table = self.session.options.place or self.move_table()
        return self.position_at(h, table, near)

    def flip(self) -> Hex | None:
        """Swap which hex of a double-space position takes the lead (guide "Flipping a
        double-space figure"): the keyboard cursor's position at once (its new lead hex is
        returned), the pointer's from now on."""
        if isinstance(self.cursor, tuple):
            table = self.session.options.place or self.move_table()
            swapped = (self.cursor[1], self.cursor[0])
            if swapped in table:
                self.cursor = swapped
                return swapped[0]
            return None
        self.flipped = not self.flipped
        return None

    def doubles_here(self) -> bool:
        """Whether the positions on offer now are double-space pairs (so flipping helps)."""
        table = self.session.options.place or self.move_table()
        return any(isinstance(p, tuple) for p in table)

    def next_actor(self, delta: int) -> str | None:
        """The figure Tab (``delta`` 1) or Shift+Tab (-1) selects, None when none can act."""
        actors = self.actors()
        if not actors:
            return None
        if self.selected in actors:
            index = (actors.index(self.selected) + delta) % len(actors)
        else:
            index = 0 if delta > 0 else len(actors) - 1
        return actors[index]

    def step_cursor(self, delta: int) -> Pos | None:
        """Move the keyboard cursor to the next (``delta`` 1) or previous lit position."""
        targets = self.targets()
        if not targets:
            return None
        if self.cursor in targets:
            index = (targets.index(self.cursor) + delta) % len(targets)
        else:
            index = 0 if delta > 0 else len(targets) - 1
        self.cursor = targets[index]
        return self.cursor

    # --- selection and picking --------------------------------------------------------------

    def select(self, figure: str | None) -> None:
        self.selected = figure
        self.walk = False
        self.cursor = None

    def settle(self) -> None:
        """After the position changed: drop the pick, keep the selection only while the
        figure can still act (the only one that can is selected)."""
        self.pick = None
        actors = self.actors()
        if self.selected not in actors:
            self.selected = actors[0] if len(actors) == 1 else None
            self.walk = False

    def start_pick(self, label: str, actions: Sequence[Action]) -> Outcome:
        """Play a spell or use an ability: at once without targets (`Apply`), else start
        picking them."""
        if not actions:
            return None
        if all(not targets_of(a) for a in actions):
            return Apply(actions[0])
        self.pick = Pick(label, list(actions))
        self.selected = None
        return self.pick_step()

    def pick_step(self) -> Outcome:
        """After a target was chosen: the finished action, a list of targets off the
        battlefield to choose from, or the next targets to light."""
        pick = self.pick
        assert pick is not None
        options = pick.options()
        done = [a for a in pick.actions if targets_of(a) == pick.chosen]
        if done and not options:
            self.pick = None
            return Apply(done[0])
        off_board = [t for t in options if not self.target_hexes_any(t)
                     and t not in self.game.state.static.cards]
        if off_board:
            return AskTarget(pick.label, tuple(options))
        return Refresh()

    def pick_target(self, target: str) -> Outcome:
        """Choose ``target`` for the pick (ignored unless it is one of its options)."""
        pick = self.pick
        if pick is None or target not in pick.options():
            return None
        pick.actions = pick.options()[target]
        pick.chosen = pick.chosen + (target,)
        return self.pick_step()

    def pick_hexes(self) -> dict[Hex, str]:
        """The battlefield spaces that answer the current pick, with their target."""
        out: dict[Hex, str] = {}
        if self.pick is not None:
            for target in self.pick.options():
                for h in self.target_hexes_any(target)[:1]:
                    out[h] = target
        return out

    # --- a click ----------------------------------------------------------------------------

    def click(self, h: Hex | None, figure: str | None, exact: Pos | None,
              near: Nearness | None = None) -> Outcome:
        """What a click on hex ``h`` and/or ``figure`` means (``exact``: the keyboard
        cursor's position; ``near``: the pointer's distance, for a double-space figure)."""
        session = self.session
        if not session.human_to_act:
            return Inspect(figure) if figure is not None else None
        opts = session.options
        if self.pick is not None:
            lit = self.pick_hexes()
            options = self.pick.options()
            if figure is not None and figure in options:
                return self.pick_target(figure)
            if h is not None and h in lit:
                return self.pick_target(lit[h])
            return None
        if opts.place and h is not None:
            pos = exact if exact in opts.place else self.position_at(h, opts.place, near)
            if pos is not None:
                return Apply(opts.place[pos])
        if figure is None and h is not None:
            figure = self.game.state.occupant_map().get(h)
        if figure is not None:
            if self.selected is not None and figure in opts.attacks.get(self.selected, {}):
                return Apply(opts.attacks[self.selected][figure])
            if figure in self.actors():
                return Select(figure)
            card = self.game.state.static.figures[figure].card
            if card in opts.choose:
                return Choose(opts.choose[card], figure)
        if h is not None and self.selected is not None:
            table = self.move_table()
            pos = exact if exact in table else self.position_at(h, table, near)
            if pos is not None:
                return MoveTo(pos, table[pos])
            obstacle = self.game.state.board.obstacle_at.get(h)
            if obstacle is not None:
                attack = opts.attacks.get(self.selected, {}).get(f"crypt:{obstacle.id}")
                if attack is not None:
                    return Apply(attack)
        if h is not None:
            choice = self.choice_targets().get(h)
            if choice is not None:
                return Apply(choice)
        if self.selected is not None:
            return Select(None)
        return None
