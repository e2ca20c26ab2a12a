"""A hand dealt again and its plays replayed: Undo on the game menu
(device/gamemenu.py) and a saved game resumed (device/begin.py). Loaded for
that call and dropped after it on a board (hal/mem.py drop), so a hand's
play never holds this code."""
from core.plays import nth
from device.session import WINDOW


def replay(sess, plays):
    """Deal sess's current hand again and apply the logged plays (places in
    core.plays' list). ValueError when one does not exist."""
    sess.start_hand()
    c = sess.cursor
    for i in plays:
        if not nth(c, sess.state, i):
            raise ValueError("saved play %d does not exist" % i)
        sess.buf[2 * WINDOW] = c.word
        sess.buf[2 * WINDOW + 1] = c.take
        sess.play(WINDOW)


def undo(sess, seat):
    """Take back seat's last play and every play after it; False when seat
    has none in this hand."""
    k = sess.nlog - 1
    while k >= 0 and sess.log_seat(k) != seat:
        k -= 1
    if k < 0:
        return False
    replay(sess, sess.log[0:k])
    return True
