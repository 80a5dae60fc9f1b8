"""Games started from the editor: `testplay` (the temporary content a test game plays on),
`playgame` (the game process, watched) and `playing` (the editor window's part that starts
and watches them)."""
