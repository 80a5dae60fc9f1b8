"""Saves, loads, replays and the state digest.

A save (`game_to_data`) is versioned plain data -- dicts, lists, ints, floats, strings, bools
and None only, so ``json.dumps`` takes it as it is -- and self-contained:

- ``defs``: every army and spell card definition as plain data (`defs.card_to_data`: the
  content model's full dump when it has one), keyed by card id;
- ``field``, ``scenario``, the seats, the order of play (``play_order``: the seats as play
  passes around the table), and the card, figure and spell ids;
- ``origin``: how the game began -- ``new_game`` inputs (seed, armies, decks, teams) or, for a
  game made from a position, the state it began in;
- ``actions``: the text of every action applied since (undone ones are gone);
- ``state``: the full current state (its lasting effects under ``extra``, in the plain form
  `arena.engine.lasting_records` describes).

`game_from_data` rebuilds the current state directly (no replay); the card definitions are
rebuilt by a ``card_factory(kind, data)`` (kind ``army`` or ``spell``) -- by default the
engine's own `ArmyCardData` / `SpellCardData`, which keep abilities as plain data; the content
layer passes one that rebuilds its models (`arena.content.to_engine.card_factory`). The rule
book is not data: pass the same one (`Game.from_data` defaults to the standard one).

`replay` rebuilds from the origin and re-applies the actions: from the seed for a ``new_game``
origin (so a replay also checks the set-up), from the stored state for a position. Same seed
and same actions give the same state byte for byte: `state_digest` is the SHA-256 of the
canonical JSON of the state part, and tests compare digests.

Versions: 2 records the order of play. A version 1 save has none: its game was played with
turns passing in seat order (1, 2, 3, 4 in a team game, where the guide's seating gives 1, 4,
3, 2), so it loads, replays and plays on in that order -- the order its recorded state and
digest come from -- rather than change under its players' feet.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from arena.engine.actions import format_pos, parse_hex
from arena.engine.board import Board, ObstacleSpec
from arena.engine.defs import (
    ArmyCardData,
    FieldSetup,
    GlyphSpec,
    ScenarioRules,
    SpellCardData,
    ZoneSpec,
    card_to_data,
)
from arena.engine.errors import EngineError, SetupError, plain_detail
from arena.engine.lasting_records import Lasting
from arena.engine.rng import Rng
from arena.engine.rulebook import RuleBook
from arena.engine.state import (
    Attachment,
    CardInfo,
    CardState,
    Decision,
    FigureInfo,
    FigureState,
    GameState,
    GlyphState,
    ObstacleState,
    Outcome,
    PlayerInfo,
    PlayerState,
    ScoreLine,
    SpellInfo,
    Static,
    TurnState,
)
from arena.engine.vocab import Phase
from arena.hexgrid import Hex

__all__ = [
    "SAVE_FORMAT",
    "READ_VERSIONS",
    "SAVE_VERSION",
    "CardFactory",
    "default_card_factory",
    "field_from_data",
    "field_to_data",
    "reading",
    "state_digest",
    "state_from_data",
    "state_to_data",
    "static_from_data",
    "static_to_data",
]

SAVE_FORMAT = "arena-game"
SAVE_VERSION = 2
READ_VERSIONS = (1, 2)
"""The versions `check_save` accepts (module docstring: what each means)."""

CardFactory = Callable[[str, Mapping[str, Any]], Any]
"""Rebuilds a card definition from plain data: ``factory("army" | "spell", data)``."""


def default_card_factory(kind: str, data: Mapping[str, Any]) -> Any:
    """The engine's own plain cards."""
    return ArmyCardData.from_data(data) if kind == "army" else SpellCardData.from_data(data)


def _hex(text: str) -> Hex:
    return parse_hex(text)


def _hexes(items: Any) -> tuple[Hex, ...]:
    return tuple(_hex(t) for t in items)


def _hex_text(h: Hex) -> str:
    return format_pos(h)


# --- field ---------------------------------------------------------------------------------


def field_to_data(field: FieldSetup) -> dict[str, Any]:
    """A battlefield as plain data."""
    board = field.board
    return {
        "id": field.id,
        "columns": [[_hex_text(h), list(board.columns[h].levels)] for h in board.hexes()],
        "obstacles": [
            {"id": o.id, "kind": o.kind, "footprint": [_hex_text(h) for h in o.footprint],
             "height": o.height, "blocks_sight": o.blocks_sight}
            for o in board.obstacles.values()
        ],
        "glyphs": [[_hex_text(g.at), g.kind, g.face_up, g.amount] for g in field.glyphs],
        "zones": [{"id": z.id, "name": z.name, "capacity": z.capacity,
                   "spaces": [_hex_text(h) for h in z.spaces]} for z in field.zones],
        "power_spaces": [_hex_text(h) for h in field.power_spaces],
        "glyph_spaces": [_hex_text(h) for h in field.glyph_spaces],
    }


def field_from_data(data: Mapping[str, Any]) -> FieldSetup:
    """Rebuild `field_to_data` output."""
    board = Board.build(
        {_hex(h): list(levels) for h, levels in data["columns"]},
        [ObstacleSpec(o["id"], o["kind"], _hexes(o["footprint"]), int(o["height"]),
                      bool(o["blocks_sight"])) for o in data["obstacles"]],
    )
    return FieldSetup(
        board=board,
        glyphs=tuple(GlyphSpec(_hex(at), kind, bool(up), None if amount is None else int(amount))
                     for at, kind, up, amount in data["glyphs"]),
        zones=tuple(ZoneSpec(z["id"], _hexes(z["spaces"]), int(z["capacity"]), z["name"])
                    for z in data["zones"]),
        power_spaces=_hexes(data["power_spaces"]),
        glyph_spaces=_hexes(data["glyph_spaces"]),
        id=str(data["id"]),
    )


# --- static --------------------------------------------------------------------------------


def static_to_data(static: Static) -> dict[str, Any]:
    """The static part of a game as plain data (card dumps computed once per game)."""
    cached = static.memo.get("data")
    if cached is not None:
        return dict(cached)
    data = {
        "defs": {
            "army": {k: card_to_data(v) for k, v in static.army_defs.items()},
            "spell": {k: card_to_data(v) for k, v in static.spell_defs.items()},
        },
        "field": field_to_data(static.field),
        "scenario": static.scenario.to_data(),
        "seats": list(static.seats),
        "play_order": list(static.play_order),
        "players": [[p.seat, p.team, p.planeswalker, list(p.cards)]
                    for p in static.players.values()],
        "cards": [[c.uid, c.owner, c.def_id, list(c.figures)] for c in static.cards.values()],
        "figures": [[f.id, f.card, f.owner, f.index] for f in static.figures.values()],
        "spells": [[s.uid, s.owner, s.def_id] for s in static.spells.values()],
        "turn_limit": static.turn_limit,
        "origin": dict(static.origin),
    }
    static.memo["data"] = data
    return dict(data)


def static_from_data(
    data: Mapping[str, Any],
    rules: RuleBook,
    card_factory: CardFactory | None = None,
    version: int = SAVE_VERSION,
) -> Static:
    """Rebuild `static_to_data` output of a save of ``version``, playing by ``rules``."""
    factory = card_factory or default_card_factory
    with reading("battlefield", "static.field"):
        field = field_from_data(data["field"])
    with reading("scenario rules", "static.scenario"):
        scenario = ScenarioRules.from_data(data["scenario"])
    with reading("army cards", "static.defs.army"):
        army_defs = {k: factory("army", v) for k, v in data["defs"]["army"].items()}
    with reading("spells", "static.defs.spell"):
        spell_defs = {k: factory("spell", v) for k, v in data["defs"]["spell"].items()}
    with reading("seats", "static.seats"):
        seats = tuple(int(s) for s in data["seats"])
    with reading("order of play", "static.play_order"):
        # A version 1 save was played in seat order (module docstring): it keeps that order.
        order = seats if version < 2 else tuple(int(s) for s in data.get("play_order", ()))
    if sorted(order) != sorted(seats):
        raise SetupError(f"the save's order of play {list(order)} does not list each of its "
                         f"seats {list(seats)} once; the save is damaged, load another one")
    with reading("players", "static.players"):
        players = {int(s): PlayerInfo(int(s), int(t), pw, tuple(cards))
                   for s, t, pw, cards in data["players"]}
    with reading("army cards in play", "static.cards"):
        cards = {u: CardInfo(u, int(o), d, tuple(f)) for u, o, d, f in data["cards"]}
    with reading("figures", "static.figures"):
        figures = {f: FigureInfo(f, c, int(o), int(i)) for f, c, o, i in data["figures"]}
    with reading("decks", "static.spells"):
        spells = {u: SpellInfo(u, int(o), d) for u, o, d in data["spells"]}
    with reading("turn limit", "static.turn_limit"):
        turn_limit = int(data["turn_limit"])
    with reading("origin", "static.origin"):
        origin = dict(data["origin"])
    return Static(field=field, scenario=scenario, rules=rules, army_defs=army_defs,
                  spell_defs=spell_defs, seats=seats, play_order=order, players=players,
                  cards=cards, figures=figures, spells=spells, turn_limit=turn_limit,
                  origin=origin)


# --- state ---------------------------------------------------------------------------------


def _outcome_to_data(o: Outcome | None) -> Any:
    if o is None:
        return None
    return {
        "winners": list(o.winners), "reason": o.reason, "description": o.description,
        "turn": o.turn,
        "scores": [[s.team, list(s.seats), s.points, s.figures, s.planeswalker_life,
                    [list(i) for i in s.items]] for s in o.scores],
    }


def _outcome_from_data(d: Any) -> Outcome | None:
    if d is None:
        return None
    return Outcome(
        tuple(d["winners"]), d["reason"], d["description"],
        tuple(ScoreLine(int(t), tuple(seats), int(p), int(n), int(life),
                        tuple((str(f), int(v)) for f, v in items))
              for t, seats, p, n, life, items in d["scores"]),
        int(d["turn"]),
    )


def state_to_data(state: GameState) -> dict[str, Any]:
    """The changing part of a game as plain data (canonical: same state, same data)."""
    ts = state.turn_state
    return {
        "rng": state.rng.to_data(),
        "turn": state.turn,
        "active": state.active,
        "phase": state.phase.value,
        "first_player": state.first_player,
        "players": {str(s): {"library": list(p.library), "hand": list(p.hand),
                             "graveyard": list(p.graveyard), "removed": list(p.removed)}
                    for s, p in state.players.items()},
        "cards": {u: {"zone": c.zone,
                      "enchantments": [[a.spell, a.face_up] for a in c.enchantments],
                      "counters": [list(x) for x in c.counters]}
                  for u, c in state.cards.items()},
        "figures": {f: [s.zone, [_hex_text(h) for h in s.hexes], s.damage, s.controller]
                    for f, s in state.figures.items()},
        "glyphs": [[_hex_text(h), g.kind, g.face_up, g.amount]
                   for h, g in sorted(state.glyphs.items())],
        "pending": [{"kind": d.kind, "player": d.player, "description": d.description,
                     "data": json.loads(json.dumps(d.data))} for d in state.pending],
        "turn_state": {"chosen": ts.chosen, "moved": list(ts.moved),
                       "attacks": [list(a) for a in ts.attacks], "summoned": list(ts.summoned),
                       "spells_played": ts.spells_played, "used": list(ts.used)},
        "setup_queue": list(state.setup_queue),
        "stack": list(state.stack),
        "outcome": _outcome_to_data(state.outcome),
        "obstacles": {k: [o.damage, o.destroyed] for k, o in sorted(state.obstacles.items())},
        "extra": state.lasting.to_plain(),
    }


@contextmanager
def reading(part: str, where: str) -> Iterator[None]:
    """Read one part of a save: a value of the wrong form there (text where a number
    belongs, a record too short, a missing entry, a number too long to read) becomes a
    `SetupError` naming the part, in words a player can read -- never Python's own wording
    ("invalid literal for int()", "not enough values to unpack")."""
    try:
        yield
    except EngineError:
        raise
    except KeyError as error:
        missing = f" ({error.args[0]!r} is missing)" if error.args else ""
        raise SetupError(f"its {part} ({where}) cannot be read{missing}; the save is "
                         "damaged") from None
    except (TypeError, ValueError, IndexError, AttributeError, OverflowError):
        raise SetupError(f"its {part} ({where}) cannot be read: a value there has the "
                         "wrong form; the save is damaged") from None


def _phase(text: Any) -> Phase:
    """The save's phase as a `Phase` member (a plain string would compare equal but is not
    the member the engine's tables hold)."""
    try:
        return Phase(text)
    except ValueError:
        raise SetupError(f"the save's phase {text!r} is not one of "
                         f"{', '.join(p.value for p in Phase)}") from None


def _lasting(data: Mapping[str, Any]) -> Lasting:
    """The save's lasting effects (``extra``) as records."""
    try:
        return Lasting.from_plain(data)
    except KeyError as error:
        detail = f"{error.args[0]!r} is missing" if error.args else "an entry is missing"
    except (TypeError, ValueError, IndexError, AttributeError) as error:
        detail = plain_detail(error)
    raise SetupError(f"its lasting effects (state.extra) cannot be read: {detail}; the save "
                     "is damaged")




def state_from_data(data: Mapping[str, Any], static: Static) -> GameState:
    """Rebuild `state_to_data` output on a static part."""
    with reading("dice", "state.rng"):
        rng = Rng.from_data(data["rng"])
    with reading("turn", "state.turn, state.active, state.first_player"):
        turn, active = int(data["turn"]), int(data["active"])
        first_player = int(data["first_player"])
    with reading("phase", "state.phase"):
        phase = _phase(data["phase"])
    with reading("hands, libraries and graveyards", "state.players"):
        players = {int(s): PlayerState(tuple(p["library"]), tuple(p["hand"]),
                                       tuple(p["graveyard"]), tuple(p["removed"]))
                   for s, p in data["players"].items()}
    with reading("army cards", "state.cards"):
        cards = {u: CardState(c["zone"], tuple(Attachment(s, bool(up)) for s, up in
                                               c["enchantments"]),
                              tuple((str(k), int(v)) for k, v in c["counters"]))
                 for u, c in data["cards"].items()}
    with reading("figures", "state.figures"):
        figures = {f: FigureState(zone, _hexes(hexes), int(damage), int(controller))
                   for f, (zone, hexes, damage, controller) in data["figures"].items()}
    with reading("glyphs", "state.glyphs"):
        glyphs = {_hex(h): GlyphState(kind, bool(up), int(amount))
                  for h, kind, up, amount in data["glyphs"]}
    with reading("decisions", "state.pending"):
        pending = [Decision(d["kind"], int(d["player"]), d["description"], dict(d["data"]))
                   for d in data["pending"]]
    with reading("turn's record", "state.turn_state"):
        ts = data["turn_state"]
        turn_state = TurnState(
            chosen=ts["chosen"], moved=tuple(ts["moved"]),
            attacks=tuple((str(f), int(n)) for f, n in ts["attacks"]),
            summoned=tuple(ts["summoned"]), spells_played=int(ts["spells_played"]),
            used=tuple(ts["used"]),
        )
    with reading("order of play", "state.setup_queue, state.stack"):
        setup_queue = tuple(int(s) for s in data["setup_queue"])
        stack = tuple(data["stack"])
    with reading("result", "state.outcome"):
        outcome = _outcome_from_data(data["outcome"])
    with reading("obstacles", "state.obstacles"):
        obstacles = {str(k): ObstacleState(int(d), bool(gone))
                     for k, (d, gone) in data.get("obstacles", {}).items()}
    with reading("lasting effects", "state.extra"):
        lasting = _lasting(data["extra"])
    return GameState(
        static=static, rng=rng, turn=turn, active=active, phase=phase,
        first_player=first_player, players=players, cards=cards, figures=figures,
        glyphs=glyphs, pending=pending, turn_state=turn_state, setup_queue=setup_queue,
        stack=stack, outcome=outcome, obstacles=obstacles, lasting=lasting,
    )


def canonical_json(data: Any) -> str:
    """Sorted keys, no spaces: the same data always gives the same text."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def state_digest(state: GameState) -> str:
    """SHA-256 of the canonical JSON of the state (same state, same digest)."""
    return hashlib.sha256(canonical_json(state_to_data(state)).encode()).hexdigest()


def check_save(data: Mapping[str, Any]) -> int:
    """The save's version; raise `SetupError` unless ``data`` is a save this version
    reads."""
    if data.get("format") != SAVE_FORMAT:
        raise SetupError("not an Arena save (format is not 'arena-game')")
    version = data.get("version")
    if isinstance(version, bool) or version not in READ_VERSIONS:
        raise SetupError(f"save version {version} is not one of "
                         f"{', '.join(map(str, READ_VERSIONS))}")
    return int(version)
