"""The simulator's links: two basra-sim --link over a local socket, and the
headless two-device run (basra-sim --link --script A --peer-script B)."""
import socket

from simulator.link import SocketPort, run_pair_scripts


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def test_two_socket_ports_find_each_other_and_carry_bytes_both_ways():
    port = free_port()
    a, b = SocketPort(port), SocketPort(port)
    a.open()                # listens: nobody there yet
    b.open()                # connects
    buf = bytearray(16)
    for _ in range(50):     # the listener accepts on its next read
        a.readinto(buf)
        if a.conn is not None:
            break
    got = b""
    for _ in range(200):
        if not got:
            b.write(b"\xb5ping")     # again until it goes (a connect may still be on its way)
            b.readinto(bytearray(1))
        n = a.readinto(buf)
        got += bytes(buf[:n])
        if len(got) >= 5:
            break
    assert got[:5] == b"\xb5ping"
    a.write(b"pong")
    got = b""
    for _ in range(200):
        n = b.readinto(buf)
        got += bytes(buf[:n])
        if len(got) >= 4:
            break
    assert got == b"pong"
    a.close()
    b.close()


def test_a_headless_pair_run_starts_a_link_game_on_both_devices():
    from device import app as A
    apps = []

    def main(h):
        apps.append(A.App(h))
        apps[-1].run()
    script = "A DOWN A A wait:3000 A wait:3000"
    run_pair_scripts(script, script, main=main, seed=5)
    a, b = apps
    assert a.sess is not None and b.sess is not None
    assert a.sess.seed == b.sess.seed and {a.sess.role, b.sess.role} == {0, 1}
    assert a.screen is a.table and b.screen is b.table


def test_each_terminal_keeps_its_save_slot_whichever_starts_first(tmp_path):
    from simulator.link import link_save
    left, right = tmp_path / "pts-3", tmp_path / "pts-4"     # two open terminals
    left.write_text("")
    right.write_text("")
    a = link_save(47474, terminal=str(left), home=str(tmp_path))
    b = link_save(47474, terminal=str(right), home=str(tmp_path))
    assert a.path != b.path
    first = {str(left): a.path, str(right): b.path}
    a.release()
    b.release()
    # the next time, the right-hand terminal starts first: its own save still
    b = link_save(47474, terminal=str(right), home=str(tmp_path))
    a = link_save(47474, terminal=str(left), home=str(tmp_path))
    assert (a.path, b.path) == (first[str(left)], first[str(right)])
    # a new terminal takes a slot neither of the two had
    new = tmp_path / "pts-9"
    new.write_text("")
    c = link_save(47474, terminal=str(new), home=str(tmp_path))
    assert c.path not in (a.path, b.path)
    for s in (a, b, c):
        s.release()


def test_no_lock_file_stays_after_the_simulators_end(tmp_path):
    from simulator.link import link_save
    saves = [link_save(47474, terminal="/dev/pts/%d" % k, home=str(tmp_path)) for k in (1, 2)]
    assert len(list(tmp_path.glob("*.lock"))) == 2           # held while they run
    for s in saves:
        s.release()
    assert list(tmp_path.glob("*.lock")) == []


def test_a_headless_link_run_honours_shots_raw_stats_save_and_screenshot(tmp_path, capsys):
    from simulator.__main__ import main
    script = "A DOWN A A wait:3000 A shot:%s wait:2000"
    rc = main(["--link", "--script", script % "mine", "--peer-script", script % "theirs",
               "--raw", str(tmp_path / "frames.bin"), "--stats",
               "--save", str(tmp_path / "game.sav"),
               "--screenshot", str(tmp_path / "end.png")])
    assert rc == 0
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["end-1.png", "end-2.png", "frames-1.bin", "frames-2.bin",
                     "game-1.sav", "game-2.sav", "mine-1.png", "theirs-2.png"]
    for k in (1, 2):
        n = (tmp_path / ("frames-%d.bin" % k)).stat().st_size
        assert n > 0 and n % 1024 == 0
    out = capsys.readouterr().out
    assert out.count("refreshes, ") == 2 and "device 1:" in out and "device 2:" in out
