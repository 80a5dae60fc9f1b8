""""Learn to play": a guided Duel on the practice field against a scripted opponent.

The lesson is data: a list of `Step` values, each with its text, what the screen should light
up (army cards, spell cards, spaces, buttons) and the predicate on the player's applied
action and the events it caused that completes it. A step never completes on a click: it
completes when the engine has applied the action the step asks for (`Lesson.observe`), so a
wrong but legal action only earns the step's hint, and the existing undo takes it back
(`Lesson.rewind` steps the lesson back when an action that completed a step is undone).

The lesson runs on the real engine and the real battle screen: `lesson_game` builds the
position with `Game.from_position` from the shipped cards and battlefield, and the opponent is
`ScriptedOpponent`, a controller that plays fixed, legal actions. The game's seed (`SEED`)
makes the dice the same every time, chosen so that the attacks the lesson teaches land.

Progress (the step reached) is kept in the user's Arena folder (`tutorial.json`, written
atomically); resuming rebuilds the position by playing every step's planned actions before it
(`replay_to`), which is also how the tests drive the whole lesson. Headless: no pygame here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from arena.client.storage import data_dir, read_json, write_json_atomic
from arena.content.catalog import Catalog
from arena.content.to_engine import field_from_battlefield
from arena.engine import (
    Action,
    Attack,
    BeginSummon,
    ChooseCard,
    EndTurn,
    Event,
    Game,
    Pass,
    PlaceFigure,
    parse_action,
)
from arena.engine.actions import pos_hexes
from arena.engine.events import (
    AttackDeclared,
    CardDrawn,
    FigureMoved,
    FigureSummoned,
    LeavingEngagementAttacked,
    SpellPlayed,
    TurnEnded,
)
from arena.engine.setup import PlayerSetup
from arena.hexgrid import Hex, distance

__all__ = ["LESSON", "SEED", "Highlight", "Lesson", "ScriptedOpponent", "Step", "lesson_game",
           "load_progress", "opponent_script", "progress_path", "replay_to", "save_progress"]

SEED = 7
"""The game's seed: with it, Gideon's attack from the hill and the Hookmaster's ranged attack
both deal damage when the lesson is played as planned (tests check it)."""

PLAYER, OPPONENT = 1, 2
GIDEON = "p1.gideon-jura-combat-mage"
GIDEON_CARD = "p1:gideon-jura-combat-mage"
RHOX_CARD = "p1:rhox-veterans"
HOOKS_CARD = "p1:kor-hookmasters"
SPELL = "p1/divine-blessing"
HILL = Hex(0, -2)
"""The slope Gideon climbs: one level above his start, beside the Leyline Phantom."""
WATER = Hex(3, -3)
ENGAGED = "p1.kor-hookmasters.2"
"""The Hookmaster that starts the lesson engaged with a Leyline Phantom."""

PLACED: dict[str, Hex] = {
    GIDEON: Hex(-1, -2),
    "p1.kor-hookmasters.1": Hex(3, -5),
    ENGAGED: Hex(-2, -2),
    "p1.kor-hookmasters.3": Hex(-1, -3),
    "p2.jace-beleren-mindmage": Hex(0, 4),
    "p2.leyline-phantoms.1": Hex(1, -3),
    "p2.leyline-phantoms.2": Hex(-3, -1),
    "p2.leyline-phantoms.3": Hex(2, 2),
}
ARMIES = (("gideon-jura-combat-mage", "rhox-veterans", "kor-hookmasters"),
          ("jace-beleren-mindmage", "leyline-phantoms"))
LIBRARIES = (("divine-blessing", "mending-light", "battle-hymn"),
             ("arcane-study", "binding-mists", "dispersing-tide"))


@dataclass(frozen=True)
class Highlight:
    """What the screen lights up for a step: army cards and spell cards by id, spaces, and
    buttons by their widget name (``end-turn``)."""

    cards: tuple[str, ...] = ()
    spells: tuple[str, ...] = ()
    hexes: tuple[Hex, ...] = ()
    buttons: tuple[str, ...] = ()


Check = Callable[[Game, Action | None, Sequence[Event]], bool]
"""A step's predicate: the game after the action, the action the player applied (None for
an event the game caused by itself) and the events."""


@dataclass(frozen=True)
class Step:
    """One step of the lesson (see the module docstring). ``plan`` is the player's actions
    (text form) that complete it as intended: resuming and the tests play them."""

    id: str
    title: str
    text: str
    done: Check
    plan: tuple[str, ...] = ()
    highlight: Highlight = field(default_factory=Highlight)
    hint: str = "Not quite: press U to take that back, then follow the step."
    along: Callable[[Action], bool] | None = None
    """Actions on the way to completing the step, which earn no hint (placing the figures of
    a summon)."""
    read: str = ""
    """For a step the game completes by itself (the turn's draw): what the panel adds once
    it has; the step then waits to be read (`Lesson.go_on`, or the player's next action)."""


# --- predicates ------------------------------------------------------------------------------


def _drew(game: Game, action: Action | None, events: Sequence[Event]) -> bool:
    return any(isinstance(e, CardDrawn) and e.player == PLAYER for e in events)


def _chose(card: str) -> Check:
    def check(game: Game, action: Action | None, events: Sequence[Event]) -> bool:
        return isinstance(action, ChooseCard) and action.card == card
    return check


def _summoned(card: str) -> Check:
    """The whole squad is on the battlefield (its last figure was just placed), and the space
    Gideon climbs to next is still free."""
    def check(game: Game, action: Action | None, events: Sequence[Event]) -> bool:
        state = game.state
        figures = state.static.cards[card].figures
        return any(isinstance(e, FigureSummoned) and e.figure in figures for e in events) and \
            all(state.figures[f].zone == "battlefield" for f in figures) and \
            HILL not in state.occupant_map()
    return check


def _summoning(action: Action) -> bool:
    """Beginning the summon and placing its figures, anywhere but the space Gideon climbs to."""
    return isinstance(action, BeginSummon) or (
        isinstance(action, PlaceFigure) and HILL not in pos_hexes(action.position))


def _climbed(game: Game, action: Action | None, events: Sequence[Event]) -> bool:
    board = game.state.board
    return any(isinstance(e, FigureMoved) and e.figure == GIDEON and e.end == HILL
               and board.top(HILL) > board.top(pos_hexes(e.start)[0]) for e in events)


def _height_attack(game: Game, action: Action | None, events: Sequence[Event]) -> bool:
    return any(isinstance(e, AttackDeclared) and e.attacker == GIDEON
               and any(name == "height advantage" for name, _ in e.attack_sources)
               for e in events)


def _spell(game: Game, action: Action | None, events: Sequence[Event]) -> bool:
    return any(isinstance(e, SpellPlayed) and e.player == PLAYER for e in events)


def _ended(game: Game, action: Action | None, events: Sequence[Event]) -> bool:
    return isinstance(action, EndTurn) and \
        any(isinstance(e, TurnEnded) and e.player == PLAYER for e in events)


def _in_water(game: Game, action: Action | None, events: Sequence[Event]) -> bool:
    """A figure of the player's ended its move in water (not the engaged Hookmaster: the
    next step needs it where it is)."""
    board = game.state.board
    return any(isinstance(e, FigureMoved) and e.player == PLAYER and e.figure != ENGAGED
               and all(board.is_water(h) for h in pos_hexes(e.end)) for e in events)


def _left_engagement(game: Game, action: Action | None, events: Sequence[Event]) -> bool:
    return any(isinstance(e, LeavingEngagementAttacked) and e.figure.startswith("p1.")
               for e in events)


def _ranged_attack(game: Game, action: Action | None, events: Sequence[Event]) -> bool:
    """An attack from a Hookmaster at a figure not adjacent to it (clear sight needed)."""
    if not isinstance(action, Attack) or not action.attacker.startswith("p1.kor-hookmasters"):
        return False
    state = game.state
    mine = state.figures[action.attacker].hexes
    theirs = state.figures[action.target].hexes
    near = any(distance(a, b) <= 1 for a in mine for b in theirs) if theirs else False
    return not near and any(isinstance(e, AttackDeclared) for e in events)


# --- the lesson ------------------------------------------------------------------------------

LESSON: tuple[Step, ...] = (
    Step("draw", "Drawing a spell card",
         "A turn has five actions. The first happens by itself: you draw a spell card. Watch "
         "your opponent move a Leyline Phantom and end its turn, then your hand (under the "
         "battlefield) for the card you draw.", _drew,
         read="You drew your card: it is in your hand, under the battlefield. Go on when you "
              "have read this."),
    Step("choose", "Choosing an army card",
         "Action 2: choose one army card; only its figures move and attack this turn. Click "
         "Gideon's card on the left (or press its number).",
         _chose(GIDEON_CARD), ("choose p1:gideon-jura-combat-mage",),
         Highlight(cards=(GIDEON_CARD,)),
         "Summoning needs your Planeswalker chosen: press U to take that back, then choose "
         "Gideon."),
    Step("summon", "Summoning a squad",
         "With your Planeswalker chosen you may summon from reserve before moving. Click "
         "\u201cSummon\u201d on the Rhox Veterans card, then place each figure on a green "
         "space (within 5 spaces of Gideon, in his sight), but not on the space just up the "
         "slope from Gideon: he climbs there next.",
         _summoned(RHOX_CARD),
         ("summon p1:rhox-veterans", "place 0,-4", "place 1,-4", "place 1,-5"),
         Highlight(cards=(RHOX_CARD,)),
         "Summon the Rhox Veterans before moving, and keep the space up the slope from Gideon "
         "free: press U to take that back.",
         _summoning),
    Step("climb", "Moving and climbing",
         "Action 3: move. Click Gideon, then the lit space up the slope. Moving up, each "
         "level's side counts as one more space (the number on each space is its cost); a "
         "figure cannot move up as many levels as its height at once.",
         _climbed, ("move p1.gideon-jura-combat-mage 0,-2",), Highlight(hexes=(HILL,)),
         "Gideon should stand on the lit space up the slope: press U to take that back."),
    Step("height", "Attacking with height advantage",
         "Action 4: attack. Gideon's base is now higher than the Leyline Phantom's: the higher "
         "figure rolls one extra die. Click the phantom (lit red) to attack it; hover it first "
         "to see the dice.",
         _height_attack, ("attack p1.gideon-jura-combat-mage p2.leyline-phantoms.1",),
         Highlight(hexes=(Hex(1, -3),)),
         "Attack the Leyline Phantom below Gideon."),
    Step("spell", "Playing a spell",
         "Up to three spell cards a turn, before moving or after attacking. Click \u201cPlay\u201d "
         "on Divine Blessing in your hand, then click Gideon to give him +1 defense.",
         _spell, (f"play {SPELL} {GIDEON}",), Highlight(spells=(SPELL,)),
         "Play Divine Blessing from your hand."),
    Step("end", "Ending the turn",
         "Action 5: end the turn. Click \u201cEnd turn\u201d (or press T); your opponent plays, "
         "then your next turn starts with a draw.",
         _ended, ("end-turn",), Highlight(buttons=("end-turn",))),
    Step("choose-hooks", "Choosing a squad",
         "Now choose the Kor Hookmasters: all three of its figures may move, then attack.",
         _chose(HOOKS_CARD), ("choose p1:kor-hookmasters",), Highlight(cards=(HOOKS_CARD,)),
         "Choose the Kor Hookmasters: press U to take that back."),
    Step("water", "Water",
         "Moving onto water ends a move, and leaving water costs one extra space. Move the "
         "Hookmaster on the right into the lit pool.",
         _in_water, ("move p1.kor-hookmasters.1 3,-3",), Highlight(hexes=(WATER,)),
         "Move the Hookmaster on the right into the lit water space (press U to take back "
         "another move)."),
    Step("engaged", "Engagement",
         "Figures side by side with an opponent are engaged: they may attack only the figures "
         "they are engaged with, and moving away lets each of those take a free "
         "leaving-engagement attack (one die). Move the Hookmaster beside the phantom on the "
         "left away; orange spaces warn of that attack.",
         _left_engagement, ("move p1.kor-hookmasters.2 -2,-3",),
         Highlight(hexes=(PLACED[ENGAGED],)),
         "Move the engaged Hookmaster away from the Leyline Phantom beside it."),
    Step("sight", "Line of sight",
         "A Hookmaster attacks up to 3 spaces away, but only what it can see: hills, ruins and "
         "figures may block the line. Hover a Leyline Phantom to see the line of sight, then "
         "attack one that is not beside you.",
         _ranged_attack, ("attack p1.kor-hookmasters.3 p2.leyline-phantoms.2",),
         Highlight(hexes=(PLACED["p2.leyline-phantoms.2"],)),
         "Attack with a Hookmaster from range, not beside its target."),
    Step("finish", "Finishing the turn",
         "That is the whole turn. End it to finish the lesson; then play on as long as you "
         "like (your opponent only ends its turns), or leave with Esc.",
         _ended, ("end-turn",), Highlight(buttons=("end-turn",))),
)


def opponent_script() -> list[str]:
    """The opponent's fixed actions, in order: on its first turn it walks a Leyline Phantom
    up the far side of the hill (out of every later step's way, rolling no dice), then it
    ends its turns at once (its other figures stand where the lesson needs them)."""
    return ["choose p2:leyline-phantoms", "move p2.leyline-phantoms.3 1,1", "end-turn",
            "end-turn"]


class ScriptedOpponent:
    """A controller that plays fixed actions (`opponent_script`), each checked against the
    legal actions; once the script runs out, or an action is not legal, it ends the turn or
    passes (always legal where offered)."""

    def __init__(self, script: Sequence[str] | None = None) -> None:
        self.script = list(opponent_script() if script is None else script)
        self.played: list[str] = []

    def choose(self, view: Game, legal_actions: Sequence[Action]) -> Action:
        if self.script:
            action = parse_action(self.script[0])
            if action in legal_actions:
                self.script.pop(0)
                self.played.append(action.text())
                return action
        for fallback in legal_actions:
            if isinstance(fallback, (EndTurn, Pass)):
                return fallback
        return legal_actions[0]


def lesson_game(catalog: Catalog) -> Game:
    """The lesson's position on the practice field: the opponent (who went first) is about to
    end its first turn; Gideon stands beside a Leyline Phantom below the hill."""
    scenario = catalog.scenarios["practice"]
    field_setup = field_from_battlefield(catalog.battlefields[scenario.battlefield])
    players = [
        PlayerSetup([catalog.army_cards[c] for c in army],
                    library=[catalog.spells[s] for s in library])
        for army, library in zip(ARMIES, LIBRARIES, strict=True)
    ]
    return Game.from_position(field_setup, players, PLACED, turn=1, active=OPPONENT,
                              first_player=OPPONENT, scenario=scenario, seed=SEED)


class Lesson:
    """Where the player is in the lesson: the step reached, and for each step done the
    length of the game's action list when it was done (an undo below it steps back)."""

    def __init__(self, steps: Sequence[Step] = LESSON, start: int = 0) -> None:
        self.steps = tuple(steps)
        self.index = start
        self.marks: list[int] = []
        self.hint = ""
        """The hint after a wrong action (empty when the last action was right)."""
        self.ready = False
        """The step's `Step.read` text is up: the game did what it teaches by itself, and
        the step waits to be read (it completed before the player could read it)."""

    @property
    def finished(self) -> bool:
        return self.index >= len(self.steps)

    @property
    def step(self) -> Step | None:
        return None if self.finished else self.steps[self.index]

    def observe(self, game: Game, action: Action | None, events: Sequence[Event],
                seat: int) -> bool:
        """An action was applied (``seat`` acted; None: the game moved by itself): complete
        the step when its predicate holds. Returns whether a step completed."""
        step = self.step
        if step is None:
            return False
        if self.ready:
            if seat != PLAYER or action is None:
                return False
            # the player acted on: the step read is done, and the action counts for the next
            self._complete(len(game.actions) - 1)
            self.observe(game, action, events, seat)
            return True
        if step.done(game, action, events):
            if step.read and seat != PLAYER:
                self.ready = True
                return False
            self._complete(len(game.actions))
            return True
        if seat == PLAYER and action is not None and \
                not (step.along is not None and step.along(action)):
            self.hint = step.hint
        return False

    def _complete(self, actions: int) -> None:
        """The step is done, ``actions`` into the game (an undo below it steps back)."""
        self.index += 1
        self.marks.append(actions)
        self.hint = ""
        self.ready = False

    def go_on(self, game: Game) -> bool:
        """The player has read a step that waited to be read (`ready`): go on to the next
        (whether there was one waiting)."""
        if not self.ready:
            return False
        self._complete(len(game.actions))
        return True

    def rewind(self, game: Game) -> bool:
        """Undo took back actions: step back past every step their actions completed."""
        moved = False
        while self.marks and self.marks[-1] > len(game.actions):
            self.marks.pop()
            self.index -= 1
            moved = True
        if moved or self.hint:
            self.hint = ""
        return moved


def replay_to(index: int, catalog: Catalog) -> tuple[Game, Lesson, ScriptedOpponent]:
    """The lesson's game with every step before ``index`` played as planned, the opponent
    playing its script in between (resuming, and the tests)."""
    game = lesson_game(catalog)
    lesson = Lesson()
    opponent = ScriptedOpponent()
    plan: list[str] = []
    while lesson.index < min(index, len(lesson.steps)):
        if lesson.ready:
            lesson.go_on(game)
            continue
        if game.to_act == OPPONENT:
            action = opponent.choose(game.view(OPPONENT), game.legal_actions())
            seat = OPPONENT
        else:
            if not plan:
                plan = list(lesson.steps[lesson.index].plan)
                if not plan:
                    raise ValueError(f"the step {lesson.steps[lesson.index].id!r} waits for "
                                     "the opponent, who has nothing left to play")
            action = parse_action(plan.pop(0))
            seat = PLAYER
        events = game.apply(action)
        lesson.observe(game, action, events, seat)
    return game, lesson, opponent


# --- progress --------------------------------------------------------------------------------

PROGRESS_BYTES = 4096


def progress_path() -> Path:
    return data_dir() / "tutorial.json"


def load_progress() -> int:
    """The step reached last time (0: from the start; a finished or unreadable record also
    starts over)."""
    try:
        data: Any = read_json(progress_path(), PROGRESS_BYTES)
    except (OSError, ValueError):
        return 0
    step = data.get("step") if isinstance(data, dict) else None
    ids = [s.id for s in LESSON]
    return ids.index(step) if step in ids else 0


def save_progress(index: int) -> None:
    """Keep the step reached (atomically); a finished lesson starts over next time."""
    step = LESSON[index].id if 0 <= index < len(LESSON) else ""
    write_json_atomic(progress_path(), {"step": step})
