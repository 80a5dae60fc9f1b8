"""Arena Editor: the battlefield, army and deck editor (pygame-gui), started as ``arena-editor``.

- `core`: the headless document and commands (no pygame): the map being edited, its undo
  stack, the live checks, the forms behind the builder, card and scenario windows.
- `files`: files and formats: opening, saving and recovering the map, community maps, the
  build sheet, the Export and Open menus.
- `windows`: the windows over the map (zone, scenario, builder, card, collection, balance,
  sight check) and the dialogs they share.
- `map`: the map view, the map tools and the panels around them.
- `play`: the games started from the editor (test play), watched until they stop.
- `app`: the editor window, which composes one part of each and routes input to them;
  `teststatus`: the status file the real-window tests read.

The packages' doors open one way: `app` -> `map` -> `files` -> `windows` -> `core`, and
`play` -> `core`; a part sees the window only through a `Protocol` in its own module.
"""
