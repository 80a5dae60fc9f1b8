"""The editor's headless core (no pygame): the battlefield being edited and everything that
reads or changes it without a window.

`mapdoc` (the document) and `piece_model` (its terrain pieces); `commands` and `fragments`
(each edit as a value) run by `model` (undo stack, symmetry, file); `validation`, `verdict`,
`parts` and `refusals` (the live checks and the game's verdict); `scene`, `sightcheck` and
`balance_check` (the map as the game sees it); `builder`, `card_form`, `ability_form` and
`scenario_form` (the forms behind the builder, card and scenario windows).
"""
