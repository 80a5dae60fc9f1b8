"""The client's screens, one module each, on the scene stack of `base`.

`menu` (main menu, settings, load), `newgame`, `battle` (with `hud` for its panels),
`pause`, `handoff`, `results`, `replay`, `cards`, `rules`; `common` holds the backdrop and
modal dialogs. A screen opens another by name (`App.scene(SceneName.PAUSE, ...)`); `standard`
is the table of every screen, and imports each screen's module when it is first shown, so the
main menu comes up fast.
"""
