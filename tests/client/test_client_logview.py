"""The log follows new events unless the player scrolled away, and jumps back on request."""

from __future__ import annotations

from arena.client.logview import LogView


def test_at_the_bottom_the_log_follows_new_lines() -> None:
    view = LogView()
    view.sync(30)
    assert view.window(10) == (20, 30)
    view.sync(34)
    assert view.window(10) == (24, 34) and view.unread == 0


def test_scrolled_away_the_view_stays_and_counts_what_arrives() -> None:
    view = LogView()
    view.sync(30)
    view.scroll(5, visible=10)
    assert view.window(10) == (15, 25)
    view.sync(33)  # three new lines arrive below
    assert view.window(10) == (15, 25) and view.unread == 3 and not view.following
    view.jump()
    assert view.following and view.unread == 0 and view.window(10) == (23, 33)


def test_scrolling_back_down_follows_again_and_never_past_the_top() -> None:
    view = LogView()
    view.sync(30)
    view.scroll(100, visible=10)
    assert view.window(10) == (0, 10)
    view.sync(31)
    view.scroll(-100, visible=10)
    assert view.following and view.unread == 0
    view.sync(32)
    assert view.window(10) == (22, 32)


def test_a_shorter_log_after_an_undo_is_clamped() -> None:
    view = LogView()
    view.sync(40)
    view.scroll(20, visible=10)
    view.sync(12)
    start, end = view.window(10)
    assert 0 <= start < end <= 12


def test_the_turn_line_pattern_is_the_engines_turn_started_line() -> None:
    from arena.client.logview import TURN_LINE
    from arena.engine.events import TurnStarted

    found = TURN_LINE.match(TurnStarted(player=2, turn=17).describe())
    assert found is not None and (found[1], found[2]) == ("17", "2")


def test_the_log_groups_by_turn_and_player() -> None:
    from arena.client.logview import LogGroup, group_log

    log = ["Player 1 placed Gideon.", "Player 2 placed Jace.",
           "Turn 1: Player 2's turn began.", "Player 2 chose Jace.", "Player 1 answered: yes.",
           "Turn 2: Player 1's turn began.", "Player 1 moved Gideon."]
    assert group_log(log) == [
        LogGroup(0, 0, ("Player 1 placed Gideon.", "Player 2 placed Jace.")),
        LogGroup(1, 2, tuple(log[2:5])),
        LogGroup(2, 1, tuple(log[5:])),
    ]
    assert group_log([]) == []
    assert group_log(log[2:3]) == [LogGroup(1, 2, (log[2],))]
