"""Arena Editor: the battlefield, army and deck editor (pygame-gui), started as ``arena-editor``.

It shares its drawing primitives with the game client (``arena.client.splash``) so the two
windows look like one product and no code is duplicated between them.
"""
