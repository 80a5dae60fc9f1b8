"""The pygame-ce side of Arena: windows, drawing and input.

This is the only ``arena`` package allowed to import pygame. The support banner pygame
prints on import is noise in a game's terminal and in test logs, so it is switched off
here, before any submodule imports pygame (a value the user set is kept).

Map of the package:

- `app`: the window and frame loop (``arena`` / ``make play``); `scenes`: the scene stack
  (main menu, settings, load, new game, battle with its `scenes.hud` panels, pause,
  results, dialogs);
- `projection`: the one bridge between (hex, level) and pixels (rotations, zoom, pan,
  picking, depth order); `render`: the battlefield (cached terrain rows, figures and markers
  interleaved by depth, dirty rectangles); `terrain`, `figures`, `palette`: what one column,
  one miniature and the colours look like; `picture`: engine state -> what is drawn;
- `session`: a battle as the client runs it (legal actions sorted for the screen, computer
  players on worker threads via `controllers`, the log, autosaves); `saves`, `settings`,
  `storage`: files in the user's data directory; `content`: the shipped scenarios and
  armies, loaded in the background;
- `ui`, `text`: a small widget kit and cached text; `icon`: the window icon;
  `bench`: the client's rows of ``make bench``.
"""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
