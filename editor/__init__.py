"""Arena Editor: the battlefield, army and deck editor (pygame-gui), started as ``arena-editor``.

Headless parts (no pygame): `model` (the editable battlefield and its command stack, undo,
symmetry, files), `recovery` (the copies of unsaved work offered back after a crash),
`validation` (live checks, summary, core-box components), `scene` (what the view draws),
`scenario_form`, `builder` (armies and decks), `card_form` and `testplay`. Window parts:
`app` (the editor window, drawing the map with the game's own projection and renderer from
``arena.client``), `document` (open, save, recovery and the Save / Discard / Cancel
question), `builder_window`, `card_window`.
"""
