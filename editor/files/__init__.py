"""The editor's files and formats: what is read from and written to disk.

`document` (opening, saving, recovery and the question before unsaved work is lost),
`recovery` and `recent` (the copies of unsaved work, the recent files), `mapimport`
(Heroscape community maps), `buildsheet` and `pdf` (the level-by-level build sheet),
`export` and `file_menu` (the Export and Open menus, the file dialog and what a path is for).
"""
