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
