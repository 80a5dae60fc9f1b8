"""The editor window's frame: the bars around the map (the file and view bar along the top, the
tool palette on the left, the validation panel on the right, the status line at the bottom),
in pixels. The map view is what they leave (`editor.map.view.MapView.viewport`)."""

TOP = 40
LEFT = 204
RIGHT = 330
BOTTOM = 26
