"""The editor's windows over the map, each with its part of the editor window.

`zone_window`, `scenario_window`, `builder_window`, `card_window`, `collection_window`,
`balance_window` and `sight_tool` (the sight check): each holds its widgets and the part
(`ZoneEditing`, `ScenarioEditing` ...) that sees the editor window through a `Protocol` of
its own. `strength_check`: the builder's "Test strength" panel (the army against the premade
field, in the background). `dialogs`, `prompts` and `filedialog`: the failure windows, the
small questions and menus, and where file dialogs start, shared by every window.
"""
