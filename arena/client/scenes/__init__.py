"""The client's screens, one module each, on the scene stack of `base`.

`menu` (main menu, settings, load), `newgame`, `battle` (with `hud` for its panels),
`pause`, `results`; `common` holds the backdrop and modal dialogs. Modules are imported
when first shown, so the main menu comes up fast.
"""
