"""A battle in progress as the client runs it: the game, who plays each seat, the log, the
computer players' thinking and the autosave. No drawing here (the battle screen draws).

`Options` sorts the legal actions into what the screen offers: army cards to choose or
summon, spaces to place a figure on, each figure's moves and attack targets, the buttons
that end a step, and everything else (decisions, spells, abilities) as labelled choices. The
screen never decides legality itself; it only looks actions up here.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from arena.ai.levels import window_time_limit
from arena.client.content import SeatSetup
from arena.client.controllers import Controller, ThinkingTask, ai_controller, stand_in
from arena.client.recap import Recap, TurnRecord
from arena.client.saves import SlotSeen, save_game, save_slot
from arena.client.watch import AiShow, show_of
from arena.client.wording import plain_text, player_positions
from arena.engine import (
    Accept,
    Action,
    Attack,
    BeginSummon,
    ChooseCard,
    ChooseFirstPlayer,
    EndAttack,
    EndMove,
    EndTurn,
    Event,
    Game,
    IllegalAction,
    MoveFigure,
    Pass,
    PlaceFigure,
    PlacePlaneswalker,
)
from arena.engine.abilities.spec import AbilitySpec, abilities_of
from arena.engine.actions import Pos
from arena.engine.events import AbilityUsed, DecisionAnswered, GlyphFlipped, TurnStarted
from arena.engine.state import Static
from arena.hexgrid import Hex

__all__ = ["BattleSession", "Options", "describe_action", "lead_hex", "refusal_text"]


def lead_hex(pos: Pos) -> Hex:
    """The leading hex of a position."""
    return pos if isinstance(pos, Hex) else pos[0]


@dataclass
class Options:
    """The legal actions of the player to act, sorted for the screen."""

    legal: list[Action] = field(default_factory=list)
    choose: dict[str, ChooseCard] = field(default_factory=dict)
    summon: dict[str, BeginSummon] = field(default_factory=dict)
    place: dict[Pos, Action] = field(default_factory=dict)
    moves: dict[str, dict[Pos, MoveFigure]] = field(default_factory=dict)
    walks: dict[str, dict[Pos, MoveFigure]] = field(default_factory=dict)
    attacks: dict[str, dict[str, Attack]] = field(default_factory=dict)
    end_move: EndMove | None = None
    end_attack: EndAttack | None = None
    end_turn: EndTurn | None = None
    other: list[Action] = field(default_factory=list)

    @classmethod
    def of(cls, legal: Sequence[Action]) -> Options:
        out = cls(list(legal))
        for a in legal:
            if isinstance(a, ChooseCard):
                out.choose[a.card] = a
            elif isinstance(a, BeginSummon):
                out.summon[a.card] = a
            elif isinstance(a, (PlaceFigure, PlacePlaneswalker)):
                out.place[a.position] = a
            elif isinstance(a, MoveFigure):
                table = out.walks if a.walk else out.moves
                table.setdefault(a.figure, {})[a.to] = a
            elif isinstance(a, Attack):
                out.attacks.setdefault(a.attacker, {})[a.target] = a
            elif isinstance(a, EndMove):
                out.end_move = a
            elif isinstance(a, EndAttack):
                out.end_attack = a
            elif isinstance(a, EndTurn):
                out.end_turn = a
            else:
                out.other.append(a)
        return out

    def actors(self) -> list[str]:
        """Figures that can move or attack now."""
        return sorted(set(self.moves) | set(self.walks) | set(self.attacks))


_ANSWERS = {"accept": "yes", "pass": "no"}
_POSITION_WORD = re.compile(r"-?\d+,-?\d+(?:/-?\d+,-?\d+)?")
"""A position in an action's text form."""


def ability_name(static: Static, card: str, ability: str) -> str:
    """An ability's printed name from its id (``Focused Thoughts``)."""
    found = _ability(static, _def_of(static, card), ability)
    return found.name if found is not None else ability.replace("-", " ").capitalize()


def decision_help(game: Game) -> str:
    """One line on what answering the pending decision does, for an ability's decision: an
    optional trigger ("Yes uses it now; No lets it pass this time") or a choice an ability is
    asking for (Detain's squad), with the ability's own text. Empty for other decisions (the
    description says enough) and for a spell (its player has just read the card)."""
    decision = game.pending.decision
    if decision is None:
        return ""
    static = game.state.static
    payload = decision.data.get("payload") or {}
    card, ability = payload.get("card"), payload.get("ability")
    if decision.kind == "optional":
        found = _ability(static, _def_of(static, card), ability)
        return f"{found.name}: {found.text} Yes uses it now; No lets it pass this time." \
            if found is not None else ""
    job = decision.data.get("job")
    frames = job.get("frames") if isinstance(job, dict) else None
    path = frames[0][0] if frames else None
    if not path or path[0] != "army":
        return ""
    found = _ability(static, str(path[1]), path[2])
    return f"{found.name}: {found.text}" if found is not None else ""


def _def_of(static: Static, card: Any) -> str | None:
    """The card definition of an army card in play (None: not one)."""
    return static.cards[card].def_id if isinstance(card, str) and card in static.cards \
        else None


def _ability(static: Static, def_id: str | None, ability: Any) -> AbilitySpec | None:
    """A compiled ability of a card definition by its id (None: no such ability)."""
    if def_id is None or def_id not in static.army_defs:
        return None
    return next((a for a in abilities_of(static, def_id) if a.id == ability), None)


def plain_answer(static: Static, answer: str, hidden: bool = False) -> str:
    """A decision's answer in words: yes / no, or the names of what was chosen."""
    return _ANSWERS.get(answer, plain_text(static, answer, hidden))


def describe_action(game: Game, action: Action, short: bool = False) -> str:
    """A button label for an action: names instead of ids where the text has ids, places
    instead of positions. ``short``: the action and what it acts on, without where (the
    Undo button's label: its note says where) and an answer as an answer ("Answer no")."""
    static = game.state.static
    if isinstance(action, ChooseFirstPlayer):
        return f"Player {action.seat} goes first"
    if isinstance(action, Accept):
        return "Answer yes" if short else "Yes, use it"
    if isinstance(action, Pass):
        return "Answer no" if short else "No"
    words = action.text().split()
    out = []
    verb = words[0]
    for word in words:
        if word == "via":  # a move's path: the player chose where, not each step
            break
        if word == "walk":
            out.append("(walking)")
        elif word in static.figures:
            out.append(static.figure_name(word))
        elif word in static.cards:
            out.append(static.card_def(word).name)
        elif word in static.spells:
            out.append(static.spell_name(word))
        elif _POSITION_WORD.fullmatch(word):
            if short:
                break
            joint = _POSITION_JOINTS.get(verb, "on")
            out.append(f"{joint} {player_positions(static, word, game.state.glyphs)}")
        else:
            out.append(word.replace("-", " ") if word == verb else word)
    return " ".join(out)[:1].upper() + " ".join(out)[1:]


_POSITION_JOINTS = {"move": "to", "place": "at", "place-pw": "at", "summon": "to"}
"""The word a position follows in an action's label, by the action's verb."""


def refusal_text(game: Game, exc: IllegalAction) -> str:
    """Why the engine refused an action, as a player reads it: the action by its label and
    the reason with names and places, never the engine's text form of the action."""
    static = game.state.static
    reason = plain_text(static, exc.reason, glyphs=game.state.glyphs)
    if isinstance(exc.action, Action):
        return f"{describe_action(game, exc.action)}: not allowed, {reason}."
    return reason[:1].upper() + reason[1:]


class BattleSession:
    """See the module docstring."""

    def __init__(
        self,
        game: Game,
        seats: Sequence[SeatSetup],
        log: Sequence[str] = (),
        *,
        ai_seed: int = 0,
        controllers: dict[int, Controller] | None = None,
        autosave: Callable[[BattleSession], None] | None = None,
    ) -> None:
        self.game = game
        self.seats = tuple(seats)
        self.log: list[str] = list(log)
        self.version = 0
        self.focus: int | None = None
        """Hotseat: the human seat at the screen now (set by the battle's hand-off)."""
        self._undo_marks: list[tuple[int, int, Action]] = []
        """(seat, log length before it, action) of each action the engine could still undo."""
        self._redo: list[Action] = []
        """Actions taken back, the last one first to be redone; any new action clears it."""
        self.task: ThinkingTask | None = None
        self.task_seat = 0
        self.ai_wait = 0.0
        self.hold_attacks = False
        """Hold each computer attack until the player goes on (the "Pause before the
        computer attacks" setting)."""
        self.held: AiShow | None = None
        """A computer attack waiting for the player (`go_on` applies it)."""
        self.shown: AiShow | None = None
        """The computer action applied last (or held), as the board shows it."""
        self.record = TurnRecord()
        """The computer actions since the last turn recap."""
        self.notices: list[str] = []
        self.last_applied: tuple[int, Action, list[Event]] | None = None
        """(seat, action, events) of the action applied last, whoever played it."""
        self.autosave_hook = autosave
        self.time_limit = window_time_limit()
        """Seconds a computer player may think about one decision (the window's net, just
        above the slowest level's own: `arena.ai.levels.window_time_limit`)."""
        self.ai_seed = ai_seed
        self.stood_in: set[int] = set()
        """Seats whose AI ran out of time and is replaced for the rest of the battle."""
        self.controllers: dict[int, Controller] = {}
        for seat, setup in enumerate(self.seats, start=1):
            if setup.kind == "ai":
                self.controllers[seat] = (controllers or {}).get(seat) or ai_controller(
                    setup.difficulty, ai_seed * 31 + seat)
        if not self.log:
            for event in game.initial_events:
                self.log.append(self._line(event))
        self._options: tuple[int, Options] | None = None

    # --- who plays ----------------------------------------------------------------------------

    @property
    def human_seats(self) -> tuple[int, ...]:
        return tuple(s for s, setup in enumerate(self.seats, start=1) if setup.kind == "human")

    @property
    def viewer(self) -> int:
        """The seat whose point of view the screen takes (the first human)."""
        humans = self.human_seats
        if self.focus in humans:
            return self.focus
        return humans[0] if humans else 1

    def is_ai(self, seat: int) -> bool:
        return seat in self.controllers

    @property
    def over(self) -> bool:
        return self.game.outcome() is not None

    @property
    def human_to_act(self) -> bool:
        return not self.over and not self.is_ai(self.game.to_act)

    @property
    def ai_to_act(self) -> bool:
        return not self.over and self.is_ai(self.game.to_act)

    @property
    def thinking(self) -> bool:
        """Whether a computer player is deciding (or about to; not while its attack is
        held for the player)."""
        return self.ai_to_act and self.held is None

    # --- legal actions --------------------------------------------------------------------------

    @property
    def options(self) -> Options:
        if self._options is None or self._options[0] != self.version:
            legal = self.game.legal_actions() if not self.over else []
            self._options = (self.version, Options.of(legal))
        return self._options[1]

    # --- acting -----------------------------------------------------------------------------------

    def _line(self, event: Event) -> str:
        """The log line of an event, in plain words: names, never ids or answer tokens."""
        player = getattr(event, "player", None)
        # the shared log hides other players' secrets; at a hotseat game (two or more
        # humans at one screen) every player's secrets are hidden (their hand shows them)
        hidden = bool(self.human_seats) and isinstance(player, int) and (
            player not in self.human_seats or len(self.human_seats) > 1)
        static = self.game.state.static
        try:
            match event:
                case AbilityUsed(player=seat, card=card, ability=ability, targets=targets):
                    on = [plain_text(static, t) for t in targets]
                    return (f"Player {seat} used {ability_name(static, card, ability)} of "
                            f"{static.card_def(card).name}"
                            + (f" on {', '.join(on)}." if on else "."))
                case GlyphFlipped(name=name):
                    return f"A glyph was turned up: the {name}."
                case DecisionAnswered(player=seat, kind=question, answer=answer):
                    return (f"Player {seat} answered \u201c{plain_text(static, question)}"
                            f"\u201d: {plain_answer(static, answer, hidden)}.")
                case _:
                    return plain_text(static, event.describe(hidden=hidden), hidden,
                                      self.game.state.glyphs)
        except Exception:  # noqa: BLE001 - a log line must never stop the game
            return "Something happened that the log cannot describe."

    def apply(self, action: Action, *, redoing: bool = False) -> list[Event]:
        """Apply a legal action; log its events; autosave when a turn began. Raises
        `IllegalAction` (the game unchanged) when it is not legal. A new action (not a redo)
        ends what could be redone."""
        seat, log_len = self.game.to_act, len(self.log)
        if self.is_ai(seat):
            self.record.starting(self.game, log_len)
        events = self.game.apply(action)
        self.last_applied = (seat, action, events)
        self.version += 1
        if self.game.can_undo:
            self._undo_marks.append((seat, log_len, action))
        else:
            self._undo_marks.clear()
        if not redoing:
            self._redo.clear()
        if not self.is_ai(seat):
            self.shown = None  # a person acted: the computer's last action is old news
        for event in events:
            self.log.append(self._line(event))
        if self.is_ai(seat):
            self.record.add(seat, events, self.log[log_len:], action)
        else:
            self.record.person_acted(events, seat, action)
        if any(isinstance(e, TurnStarted) for e in events) or self.over:
            self.autosave()
        return events

    @property
    def can_undo(self) -> bool:
        """Whether the human player to act may take back their last action (never past a
        die roll, a draw or a reveal, and never another player's action)."""
        return (self.human_to_act and self.task is None and bool(self._undo_marks)
                and self.game.can_undo and self._undo_marks[-1][0] == self.game.to_act)

    @property
    def undo_label(self) -> str:
        """What Undo would take back, short enough for its button (``Move Rhox Veterans 2``);
        empty when nothing can be taken back (`undo_text` says why)."""
        return describe_action(self.game, self._undo_marks[-1][2], short=True) \
            if self.can_undo else ""

    @property
    def undo_text(self) -> str:
        """What Undo would take back (``Move Rhox Veterans 2 0,1``), or why nothing can be."""
        if self.can_undo:
            action = self._undo_marks[-1][2]  # an answer reads as one, not a bare "No"
            return describe_action(self.game, action, short=isinstance(action, (Accept, Pass)))
        if not self.human_to_act or self.task is not None:
            return "Nothing to undo while another player acts."
        if self._undo_marks and self.game.can_undo:
            return "Nothing to undo: the last action was another player's."
        return ("Nothing to undo: a die roll, a draw or a reveal since your last action "
                "cannot be taken back.")

    def undo(self) -> Action:
        """Take back the last action (see `can_undo`); returns it (it can be redone)."""
        if not self.can_undo:
            raise IllegalAction("undo", self.undo_text)
        seat, log_len, action = self._undo_marks.pop()
        self.game.undo()
        self.record.taken_back(seat)
        del self.log[log_len:]
        self._redo.append(action)
        self.version += 1
        return action

    @property
    def can_redo(self) -> bool:
        """Whether an action taken back can be played again now."""
        return (self.human_to_act and self.task is None and bool(self._redo)
                and self._redo[-1] in self.options.legal)

    def redo(self) -> Action:
        """Play again the last action taken back; returns it."""
        if not self.can_redo:
            raise IllegalAction("redo", "nothing to redo: nothing was taken back since your "
                                "last action")
        action = self._redo.pop()
        self.apply(action, redoing=True)
        return action

    def take_recap(self) -> Recap | None:
        """The turn recap, once a computer player's turn has ended and a person is to act
        (None before, and after it was taken)."""
        if not self.human_to_act or not self.record.ready:
            return None
        return self.record.take(self.game, self.seat_label)

    def autosave(self) -> None:
        if self.autosave_hook is not None:
            try:
                self.autosave_hook(self)
            except OSError as exc:
                self.notices.append(f"Autosave failed: {exc}")

    def poll_ai(self, dt: float, may_start: bool = True) -> list[Event] | None:
        """Drive the computer players: start thinking when one is to act (after the pause
        between actions), apply its choice when it has one. Returns the events of an applied
        action, else None. Never blocks; does nothing while an attack is held."""
        if self.held is not None:
            return None
        if self.task is not None:
            if not self.task.done:
                return None
            task, self.task = self.task, None
            if self.over or self.game.to_act != self.task_seat:
                return None
            return self._apply_ai(task)
        if not self.ai_to_act:
            self.ai_wait = max(self.ai_wait, 0.0)
            return None
        self.ai_wait -= dt
        if self.ai_wait > 0 or not may_start:
            return None
        seat = self.game.to_act
        legal = self.options.legal
        if not legal:
            return None
        self.task_seat = seat
        self.task = ThinkingTask(self.controllers[seat], self.game.view(seat), legal,
                                 self.time_limit)
        return None

    def close(self) -> None:
        """Stop a computer player's thinking (the battle is being left)."""
        if self.task is not None:
            self.task.cancel()
            self.task = None

    def _apply_ai(self, task: ThinkingTask) -> list[Event] | None:
        legal = self.options.legal
        action = task.result
        if task.timed_out:
            self._stand_in(self.game.to_act, task.time_limit)
        elif task.fault:
            # The fault's details (an exception's wording) are in the program's log, where
            # `arena.ai` records them; the player reads what happened.
            self.notices.append(f"{self.seat_label(self.game.to_act)} ran into an error while "
                                "thinking and made a safe move instead; the battle goes on.")
        if task.error is not None or action is None or action not in legal:
            what = "ran into an error while thinking" if task.error is not None else \
                "chose a move the rules do not allow"
            self.notices.append(f"{self.seat_label(self.game.to_act)} {what}; it passes "
                                "instead.")
            action = next((a for a in legal if isinstance(a, (EndTurn, Pass, EndMove,
                                                              EndAttack))), legal[0])
        show = show_of(self.game, self.game.to_act, action)
        self.shown = show
        if self.hold_attacks and show.is_attack:
            self.held = show
            return None
        return self._apply_shown(show)

    def _stand_in(self, seat: int, limit: float) -> None:
        """Replace the seat's AI, which ran out of time, for the rest of the battle: a hung
        AI would otherwise cost the window its whole net at every decision."""
        setup = self.seats[seat - 1] if seat - 1 < len(self.seats) else SeatSetup()
        difficulty = "easy" if seat in self.stood_in else setup.difficulty
        self.controllers[seat], who = stand_in(difficulty, self.ai_seed * 31 + seat)
        self.stood_in.add(seat)
        self.notices.append(f"{self.seat_label(seat)} took too long to decide (over "
                            f"{limit:g} s) and made a safe move; {who} plays for it for the "
                            "rest of this battle.")

    def _apply_shown(self, show: AiShow) -> list[Event] | None:
        try:
            return self.apply(show.action)
        except IllegalAction as exc:
            self.notices.append(f"The computer player's action was refused: {exc}")
            return None

    @property
    def held_text(self) -> str:
        """What the held attack is, for the turn panel ("Player 2 (computer, easy) is about
        to attack Jace Beleren with Rhox Veterans 2"); empty when nothing is held."""
        if self.held is None:
            return ""
        return f"{self.seat_label(self.held.seat)} is about to {self.held.label}"

    def go_on(self) -> list[Event] | None:
        """Apply the held computer attack (the player has seen it); None when none is held
        or the game refused it."""
        show, self.held = self.held, None
        if show is None or self.over or self.game.to_act != show.seat:
            return None
        return self._apply_shown(show)

    # --- saving -----------------------------------------------------------------------------------

    def save(self, path: Path) -> None:
        save_game(path, self.game, self.seats, self.log, self.scenario_name,
                  players=self.players())

    def save_slot(self, name: str, thumbnail: bytes = b"", seen: SlotSeen | None = None
                  ) -> Path:
        """Save to the named slot ``name`` (`arena.client.saves.save_slot`; ``seen``: what
        the window saw of the slot, so another window's save meanwhile is not replaced)."""
        return save_slot(name, self.game, self.seats, self.log, self.scenario_name,
                         players=self.players(), thumbnail=thumbnail, seen=seen)

    def players(self) -> tuple[str, ...]:
        """Who plays, as a saved game lists them: "Player 1: Gideon Jura (Human)"."""
        static = self.game.state.static
        out = []
        for seat in static.seats:
            setup = self.seats[seat - 1] if seat - 1 < len(self.seats) else SeatSetup()
            try:
                walker = static.card_def(static.players[seat].planeswalker).name
            except (KeyError, IndexError, AttributeError):
                walker = ""
            out.append(f"Player {seat}: {walker} ({setup.label})" if walker else
                       f"Player {seat} ({setup.label})")
        return tuple(out)

    @property
    def scenario_name(self) -> str:
        return str(self.game.state.static.scenario.name)

    def describe(self, action: Action) -> str:
        return describe_action(self.game, action)

    def is_you(self, seat: int) -> bool:
        """Whether ``seat`` is "you": the one human at the screen. At a hotseat game every
        seat is a person at this screen, so none is singled out as "you"."""
        return self.human_seats == (seat,)

    def seat_label(self, seat: int) -> str:
        """"Player 1 (you)", "Player 2 (human)", "Player 2 (computer, normal)"."""
        setup = self.seats[seat - 1] if seat - 1 < len(self.seats) else SeatSetup()
        who = "you" if self.is_you(seat) else (
            "human" if setup.kind == "human" else f"computer, {setup.difficulty}")
        return f"Player {seat} ({who})"

    def seat_owner(self, seat: int) -> str:
        """Whose, as a title starts: "Your" for `is_you`, else "Player 2's"."""
        return "Your" if self.is_you(seat) else f"Player {seat}'s"

    def data(self) -> dict[str, Any]:
        return {"version": self.version, "log": len(self.log)}
