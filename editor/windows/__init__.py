"""The editor's windows over the map, each with its part of the editor window.

`zone_window`, `scenario_window`, `builder_window`, `card_window`, `collection_window`,
`balance_window` and `sight_tool` (the sight check): each holds its widgets and the part
(`ZoneEditing`, `ScenarioEditing` ...) that sees the editor window through a `Protocol` of
its own. `dialogs`, `prompts` and `filedialog`: the failure windows, the small questions and
menus, and where file dialogs start, shared by every window.
"""
