"""The map in the middle of the editor window and what works on it.

`view` (the camera, the 3D view or the flat plan, the status line), `tools` (the map tools:
the current tool, the brush, the selection and the strokes), `panels` (the top bar, the tool
palette and the validation panel), `brush` (the tools' vocabulary and the brush), `frame`
(the bars' sizes) and `piece_palette` (the terrain-piece tools).
"""
