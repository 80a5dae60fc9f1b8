"""The game state: what changes during a game, and the static part every copy shares.

A `GameState` is a handful of dicts and lists of small frozen records (`FigureState`,
`CardState`, `PlayerState`, `GlyphState`, `Decision`, `TurnState`), so a copy is a few shallow
dict copies (`GameState.clone`): the AI clones thousands of states, and nothing ever mutates a
record in place (changes replace it). What never changes during a game -- the field, the
scenario, the card definitions, who owns which card and figure, the rule book -- lives in one
`Static` object that all copies share.

Ids (see `arena.engine.actions`): players are seat numbers 1..N; army cards ``p1:<card id>``;
figures ``p1.<card id>[.<n>]``; spell cards ``p1/<spell id>``.

Zones. A figure is in ``reserve``, on the ``battlefield`` or in the (figure) ``graveyard``. An
army card is in ``play``, in ``reserve`` or in the (army card) ``graveyard``. A spell card is in
exactly one of: its owner's library, hand, graveyard or removed-from-game pile, attached to an
army card (an enchantment), or on the stack while it resolves.

Damage is recorded per figure. Guide "Using the Life Number" puts the markers of a unique
figure on its army card and those of a common figure on its base; for Planeswalkers and heroes
(one figure) that is the same thing, and for a unique squad the markers on the card are kept
apart by figure (else one figure's wounds would destroy its squad-mates). `is_damage_on_card`
tells the client where to draw them.

Mutations go through the `set_*` methods, which also drop the per-state cache of derived data
(bodies, occupancy); queries may read the cache freely.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from dataclasses import field as dc_field
from typing import TYPE_CHECKING, Any

from arena.engine.board import Board
from arena.engine.bodies import Body
from arena.engine.defs import ArmyCardDef, FieldSetup, ScenarioRules, SpellCardDef
from arena.engine.lasting_records import Lasting
from arena.engine.rng import Rng
from arena.engine.vocab import Phase
from arena.hexgrid import Hex

if TYPE_CHECKING:
    from arena.engine.rulebook import RuleBook

__all__ = [
    "HAND_LIMIT",
    "OPENING_HAND",
    "Attachment",
    "CardInfo",
    "CardState",
    "Decision",
    "FigureInfo",
    "FigureState",
    "GameState",
    "GlyphState",
    "ObstacleState",
    "Outcome",
    "PlayerInfo",
    "PlayerState",
    "ScoreLine",
    "SpellInfo",
    "Static",
    "TurnState",
]

HAND_LIMIT = 7
"""Guide "Spell card hand limit"."""

OPENING_HAND = 3
"""Guide "Get ready to play" step 3."""

SPELLS_PER_TURN = 3
"""Guide Action 1: "you may play up to three spell cards"."""

SUMMONS_PER_TURN = 2
"""Guide "Planeswalker rules": "up to two squads and heroes"."""


_BODIES_KEPT = 16384
"""Bodies a board keeps (`GameState._standing`) before it starts afresh: a bound on memory."""


# --- static, shared by every copy ----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayerInfo:
    """A seat: its team, Planeswalker card and every army card it brought."""

    seat: int
    team: int
    planeswalker: str
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CardInfo:
    """An army card in the game: owner, definition id and its figures (in order)."""

    uid: str
    owner: int
    def_id: str
    figures: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class FigureInfo:
    """A figure: its card, owner and number on the card (0 for a single-figure card)."""

    id: str
    card: str
    owner: int
    index: int


@dataclass(frozen=True, slots=True)
class SpellInfo:
    """A spell card in the game (``def_id`` None: a card hidden from this view)."""

    uid: str
    owner: int
    def_id: str | None


@dataclass(frozen=True)
class Static:
    """What every copy of one game shares: never mutated after set-up."""

    field: FieldSetup
    scenario: ScenarioRules
    rules: RuleBook
    army_defs: Mapping[str, ArmyCardDef]
    spell_defs: Mapping[str, SpellCardDef]
    seats: tuple[int, ...]
    play_order: tuple[int, ...]
    """The seats in the order play passes to the left around the table, from the first
    team's leftmost player (`arena.engine.setup.seating_order`); `arena.engine.setup.
    turn_order` starts it at any seat. A save from before version 2 keeps its seats' order
    (`arena.engine.persist`)."""
    players: Mapping[int, PlayerInfo]
    cards: Mapping[str, CardInfo]
    figures: Mapping[str, FigureInfo]
    spells: Mapping[str, SpellInfo]
    turn_limit: int
    origin: Mapping[str, Any] = dc_field(default_factory=dict)
    """How the game was made (new_game inputs or a position), for saves and replays."""
    memo: dict[str, Any] = dc_field(default_factory=dict, compare=False, repr=False)
    """Derived plain data computed once per game (card dumps for saves)."""

    def card_def(self, card_uid: str) -> ArmyCardDef:
        """The definition of an army card in the game."""
        return self.army_defs[self.cards[card_uid].def_id]

    def figure_def(self, figure: str) -> ArmyCardDef:
        """The definition of a figure's army card."""
        return self.army_defs[self.cards[self.figures[figure].card].def_id]

    def spell_def(self, spell: str) -> SpellCardDef | None:
        """The definition of a spell card (None when hidden from this view)."""
        def_id = self.spells[spell].def_id
        return None if def_id is None else self.spell_defs[def_id]

    def team_of(self, seat: int) -> int:
        """The team a seat plays on."""
        return self.players[seat].team

    def opposed(self, a: int, b: int) -> bool:
        """Guide "Team rules": friendly means you and your teammates; everyone else opposes."""
        return self.players[a].team != self.players[b].team

    def figure_name(self, figure: str) -> str:
        """A display name: the card name, and the figure's number for a squad."""
        info = self.figures[figure]
        name = self.figure_def(figure).name
        return f"{name} {info.index}" if info.index else name

    def spell_name(self, spell: str) -> str:
        """A display name for a spell card ("a hidden card" when hidden)."""
        d = self.spell_def(spell)
        return "a hidden card" if d is None else d.name


# --- records -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FigureState:
    """Where a figure is and how hurt it is. ``controller`` 0 means its owner."""

    zone: str = "reserve"
    hexes: tuple[Hex, ...] = ()
    damage: int = 0
    controller: int = 0


@dataclass(frozen=True, slots=True)
class Attachment:
    """An enchantment on an army card (``face_up`` False: a hidden enchantment)."""

    spell: str
    face_up: bool = True


@dataclass(frozen=True, slots=True)
class CardState:
    """An army card's zone, enchantments and counters (Shadows over Innistrad)."""

    zone: str = "reserve"
    enchantments: tuple[Attachment, ...] = ()
    counters: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True, slots=True)
class PlayerState:
    """A player's spell zones (library top first)."""

    library: tuple[str, ...] = ()
    hand: tuple[str, ...] = ()
    graveyard: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class GlyphState:
    """A glyph on the battlefield (``kind`` None: face down and hidden from this view)."""

    kind: str | None
    face_up: bool
    amount: int


@dataclass(frozen=True, slots=True)
class ObstacleState:
    """What has happened to an obstacle (Shadows over Innistrad cryptoliths): damage markers on
    it and whether it was destroyed (removed from the game). Untouched obstacles have none."""

    damage: int = 0
    destroyed: bool = False


@dataclass(frozen=True, slots=True)
class Decision:
    """A choice the game waits for: its kind, who decides, a one-line description, and
    kind-specific plain data. Its options are ordinary legal actions."""

    kind: str
    player: int
    description: str
    data: Mapping[str, Any] = dc_field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class TurnState:
    """What the active player has done this turn."""

    chosen: str | None = None
    moved: tuple[str, ...] = ()
    attacks: tuple[tuple[str, int], ...] = ()
    summoned: tuple[str, ...] = ()
    spells_played: int = 0
    used: tuple[str, ...] = ()
    """Keys the abilities module records (e.g. ``"p1:card/ability"``) for once-per-turn."""

    def attacks_by(self, figure: str) -> int:
        """How many attacks a figure has made this turn."""
        for fid, n in self.attacks:
            if fid == figure:
                return n
        return 0


@dataclass(frozen=True, slots=True)
class ScoreLine:
    """One team's score (victory.py): points, figures counted, Planeswalker life left and the
    figures that scored, as (figure, price)."""

    team: int
    seats: tuple[int, ...]
    points: int
    figures: int
    planeswalker_life: int
    items: tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class Outcome:
    """How the game ended: winning seats (empty for a draw), a reason code
    (``planeswalkers_destroyed``, ``last_standing``, ``turn_limit``), a sentence, and the
    scoring breakdown when scores were compared."""

    winners: tuple[int, ...]
    reason: str
    description: str
    scores: tuple[ScoreLine, ...] = ()
    turn: int = 0

    @property
    def is_draw(self) -> bool:
        """Whether nobody won."""
        return not self.winners


# --- the state -----------------------------------------------------------------------------


@dataclass(slots=True)
class GameState:
    """Everything that changes during a game (plus the shared `static` part)."""

    static: Static
    rng: Rng
    turn: int = 1
    active: int = 1
    phase: Phase = Phase.SETUP
    first_player: int = 0
    players: dict[int, PlayerState] = dc_field(default_factory=dict)
    cards: dict[str, CardState] = dc_field(default_factory=dict)
    figures: dict[str, FigureState] = dc_field(default_factory=dict)
    glyphs: dict[Hex, GlyphState] = dc_field(default_factory=dict)
    pending: list[Decision] = dc_field(default_factory=list)
    turn_state: TurnState = dc_field(default_factory=TurnState)
    setup_queue: tuple[int, ...] = ()
    stack: tuple[str, ...] = ()
    outcome: Outcome | None = None
    obstacles: dict[str, ObstacleState] = dc_field(default_factory=dict)
    """Damaged or destroyed obstacles by id (`arena.engine.cryptoliths`); others are absent."""
    lasting: Lasting = Lasting()
    """What card mechanics leave behind (stat changes, control, detained cards, the trigger
    queue ...; `arena.engine.lasting_records`): one frozen value, replaced, never mutated."""
    cache: dict[str, Any] = dc_field(default_factory=dict)

    def clone(self) -> GameState:
        """An independent copy sharing the static part and the frozen records."""
        return GameState(
            static=self.static,
            rng=self.rng.copy(),
            turn=self.turn,
            active=self.active,
            phase=self.phase,
            first_player=self.first_player,
            players=dict(self.players),
            cards=dict(self.cards),
            figures=dict(self.figures),
            glyphs=dict(self.glyphs),
            pending=list(self.pending),
            turn_state=self.turn_state,
            setup_queue=self.setup_queue,
            stack=self.stack,
            outcome=self.outcome,
            obstacles=dict(self.obstacles),
            lasting=self.lasting,
            # The copy is the same state, so what was worked out for this one holds for it
            # until it changes (every mutator drops the cache): the AI copies a state to try
            # an action on it, and the rules' checks of that action ask what it already
            # asked. The tables are copied one level deep, so neither state fills the
            # other's after one of them has changed.
            cache={key: dict(value) if type(value) is dict else value
                   for key, value in self.cache.items()},
        )

    # mutators (each drops the cache) -------------------------------------------------------

    def set_figure(self, figure: str, state: FigureState) -> None:
        """Replace a figure's record."""
        self.figures[figure] = state
        self.cache.clear()

    def set_card(self, card: str, state: CardState) -> None:
        """Replace an army card's record."""
        self.cards[card] = state
        self.cache.clear()

    def set_player(self, seat: int, state: PlayerState) -> None:
        """Replace a player's spell zones."""
        self.players[seat] = state
        self.cache.clear()

    def set_glyph(self, at: Hex, state: GlyphState | None) -> None:
        """Replace (or with None remove) a glyph."""
        if state is None:
            self.glyphs.pop(at, None)
        else:
            self.glyphs[at] = state
        self.cache.clear()

    def set_obstacle(self, obstacle: str, state: ObstacleState) -> None:
        """Replace an obstacle's record (damage on a cryptolith, its destruction)."""
        self.obstacles[obstacle] = state
        self.cache.clear()

    def set_lasting(self, lasting: Lasting) -> None:
        """Replace the lasting effects."""
        self.lasting = lasting
        self.cache.clear()

    def set_turn(self, **changes: Any) -> None:
        """Update the turn record."""
        self.turn_state = replace(self.turn_state, **changes)
        self.cache.clear()

    # queries -------------------------------------------------------------------------------

    @property
    def board(self) -> Board:
        """The terrain as it stands now: the battlefield's board without the obstacles
        destroyed in play (one board object per set of destroyed obstacles, kept for the
        game, so sight indexes and movement memos stay valid)."""
        found: Board | None = self.cache.get("board")
        if found is not None:
            return found
        board = self.static.field.board
        gone = frozenset(k for k, o in self.obstacles.items() if o.destroyed)
        if gone:
            boards: dict[frozenset[str], Board] = self.static.memo.setdefault("boards", {})
            found = boards.get(gone)
            if found is None:
                found = boards[gone] = board.without(gone)
            board = found
        self.cache["board"] = board
        return board

    @property
    def to_act(self) -> int:
        """The player whose decision or turn it is."""
        if self.pending:
            return self.pending[-1].player
        return self.active

    def controller(self, figure: str) -> int:
        """Who controls a figure now (its owner unless an effect took control)."""
        c = self.figures[figure].controller
        return c if c else self.static.figures[figure].owner

    def on_battlefield(self) -> list[str]:
        """Ids of the figures on the battlefield, in a fixed order."""
        found = self.cache.get("on_battlefield")
        if found is None:
            found = [f for f, s in self.figures.items() if s.zone == "battlefield"]
            self.cache["on_battlefield"] = found
        return list(found)

    def occupant_map(self) -> dict[Hex, str]:
        """Which figure stands on each occupied hex."""
        found = self.cache.get("occupants")
        if found is None:
            found = {}
            for fid in self.on_battlefield():
                for h in self.figures[fid].hexes:
                    found[h] = fid
            self.cache["occupants"] = found
        return found  # shared: callers must not change it

    def body(self, figure: str) -> Body:
        """The figure's `Body` where it stands (cached until the next change)."""
        bodies: dict[str, Body] = self.cache.setdefault("bodies", {})
        found = bodies.get(figure)
        if found is None:
            found = bodies[figure] = self._standing(figure, self.figures[figure].hexes)
        return found

    def body_at(self, figure: str, hexes: tuple[Hex, ...]) -> Body:
        """The figure's `Body` as if it stood on ``hexes``: the rules' queries at a position
        it may take (an effect's origin, a move the AI weighs); where it stands, `body`."""
        fs = self.figures[figure]
        if fs.zone == "battlefield" and fs.hexes == hexes:
            return self.body(figure)
        return self._standing(figure, hexes)

    def _standing(self, figure: str, hexes: tuple[Hex, ...]) -> Body:
        # Kept with the board, by everything a body is made of: the AI stands figures on
        # every position it weighs, in every state it tries.
        d = self.static.figure_def(figure)
        board = self.board
        key = (figure, hexes, d.height, d.target_point, d.hit_zone.bottom, d.hit_zone.top)
        memo: dict[tuple[Any, ...], Body] | None = board.memo.get("bodies")
        if memo is None or len(memo) >= _BODIES_KEPT:
            memo = board.memo["bodies"] = {}
        found = memo.get(key)
        if found is None:
            found = memo[key] = Body.standing(board, figure, hexes, d.height, d.target_point,
                                              (d.hit_zone.bottom, d.hit_zone.top))
        return found

    def bodies(self, exclude: tuple[str, ...] = ()) -> list[Body]:
        """Bodies of every figure on the battlefield except those named."""
        return [self.body(f) for f in self.on_battlefield() if f not in exclude]

    def figures_of_card(self, card: str, zone: str | None = None) -> list[str]:
        """A card's figures (in a zone, if given)."""
        figs = self.static.cards[card].figures
        return [f for f in figs if zone is None or self.figures[f].zone == zone]

    def planeswalker_figure(self, seat: int) -> str:
        """The figure id of a seat's Planeswalker."""
        return self.static.cards[self.static.players[seat].planeswalker].figures[0]

    def has_planeswalker(self, seat: int) -> bool:
        """Whether a seat's Planeswalker is on the battlefield."""
        return self.figures[self.planeswalker_figure(seat)].zone == "battlefield"

    def is_eliminated(self, seat: int) -> bool:
        """Guide "Playing the multiplayer game" (skip rule): a player whose Planeswalker is
        destroyed and who controls no figure on the battlefield can never act again."""
        if self.has_planeswalker(seat):
            return False
        return not any(self.controller(f) == seat for f in self.on_battlefield())

    def spell_zones(self) -> Iterator[tuple[str, str]]:
        """Every spell card with the zone it is in (for invariants and views)."""
        for seat, p in self.players.items():
            for zone in ("library", "hand", "graveyard", "removed"):
                for uid in getattr(p, zone):
                    yield uid, f"p{seat}.{zone}"
        for card, cs in self.cards.items():
            for a in cs.enchantments:
                yield a.spell, f"{card}.enchantments"
        for uid in self.stack:
            yield uid, "stack"
