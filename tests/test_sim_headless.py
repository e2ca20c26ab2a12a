"""The simulator driven headless: the real displayio pipeline, the demo app,
scripts, screenshots, raw frames and bus byte counts."""

import io

import pytest

import hal
from simulator.__main__ import main as cli_main
from simulator.headless import parse, run_script
from simulator.render import braille_lines, halfblock_lines, read_png
from simulator.sim import Simulator
from simulator.ssd1306 import HEIGHT, WIDTH
from examples import hal_demo as demo

TOP = demo.TOP


def lit_rows_in_column(view, x):
    return [y for y in range(HEIGHT) if view[y][x]]


def card_top(view, i):
    """Top edge row of card i (its left border column)."""
    x = 6 + i * 30
    rows = [y for y in range(10, 52) if view[y][x]]
    return rows[0] if rows else None


def test_script_parsing():
    events, end = parse("A RIGHT*2 wait:300 hold:LEFT:900 shot:x 50 down:b up:B")
    kinds = [(t, a, arg) for t, a, arg in events]
    assert kinds[:2] == [(0, "press", hal.A), (60, "release", hal.A)]
    assert kinds[2] == (200, "press", hal.RIGHT)
    assert (900, "press", hal.LEFT) in kinds and (1800, "release", hal.LEFT) in kinds
    assert (1940, "shot", "x") in kinds
    assert kinds[-2:] == [(1990, "press", hal.B), (1990, "release", hal.B)]
    assert end == 1990
    with pytest.raises(ValueError):
        parse("JUMP")


def test_demo_starts_with_a_full_frame_and_raised_first_card():
    run = run_script("", demo.main, seed=1)
    first = run.refreshes[0]
    assert first.data_bytes == 1024          # the whole GDDRAM once
    view = run.sim.view()
    assert card_top(view, 0) == TOP - 4
    assert [card_top(view, i) for i in (1, 2, 3)] == [TOP] * 3
    assert len(run.refreshes) == 1           # nothing changed: nothing sent


def test_right_moves_the_raised_card_and_echoes():
    run = run_script("RIGHT shot:after", demo.main, seed=1)
    view = run.sim.view()
    assert card_top(view, 0) == TOP and card_top(view, 1) == TOP - 4
    # the refresh after the press sent only dirty areas, not the whole frame
    assert all(r.data_bytes < 1024 for r in run.refreshes[1:])
    assert run.shots["after"] == run.frame()


def test_held_direction_auto_repeats():
    run = run_script("hold:RIGHT:700", demo.main, seed=1)
    # press at 0, repeats at 400 and 520, 640: four moves -> card 0 again
    assert card_top(run.sim.view(), 0) == TOP - 4
    run = run_script("hold:RIGHT:450", demo.main, seed=1)
    assert card_top(run.sim.view(), 2) == TOP - 4


def test_seed_decides_the_deal():
    a = run_script("", demo.main, seed=7).frame()
    b = run_script("", demo.main, seed=7).frame()
    c = run_script("", demo.main, seed=8).frame()
    assert a == b
    assert a != c


def test_a_turns_the_card_over_and_beeps():
    run = run_script("A", demo.main, seed=2)
    view = run.sim.view()
    # a card back has the diagonal hatch: many lit pixels inside the card
    inside = sum(view[y][x] for y in range(TOP - 2, TOP + 24) for x in range(8, 26))
    assert inside > 80
    assert [f for _, f, _ in run.sim.sound.log] == [880]


def test_contrast_reaches_the_controller():
    run = run_script("DOWN*3", demo.main, seed=1)
    assert run.sim.emu.contrast == round(0xFF * (255 - 96) / 255)


def test_four_button_layout_ignores_up():
    run = run_script("UP*2", demo.main, seed=1, buttons=4)
    assert run.sim.emu.contrast == 0xFF
    assert not run.sim.hal.buttons.has(hal.UP)


def test_sleep_after_idle_and_wake_on_key():
    run = run_script("wait:31000 shot:asleep RIGHT shot:awake", demo.main, seed=1)
    assert 0xAE in run.sim.emu.commands
    assert set(run.shot_text["asleep"]) <= {".", "\n"}
    assert "#" in run.shot_text["awake"]
    assert run.sim.emu.on


def test_rotation_180_keeps_the_view_and_rotates_the_ram():
    r0 = run_script("", demo.main, seed=3)
    r180 = run_script("", demo.main, seed=3, rotation=180)
    assert r0.sim.view() == r180.sim.view()
    ram0, ram180 = r0.frame(), r180.frame()
    assert ram0 != ram180
    for x, y in ((0, 0), (10, 20), (100, 57), (127, 63)):
        p0 = (ram0[(y >> 3) * WIDTH + x] >> (y & 7)) & 1
        q = HEIGHT - 1 - y
        p180 = (ram180[(q >> 3) * WIDTH + WIDTH - 1 - x] >> (q & 7)) & 1
        assert p0 == p180


def test_save_file_counts_starts(tmp_path):
    p = str(tmp_path / "sim.sav")
    run_script("", demo.main, seed=1, save=p)
    run = run_script("", demo.main, seed=1, save=p)
    assert run.sim.hal.storage.read(0, 2) == bytes((2, 0))
    # the "#N" counter in the top right corner differs between run 1 and 2
    first = run_script("", demo.main, seed=1).sim.view()
    second = run.sim.view()
    assert [r[100:128] for r in first[:12]] != [r[100:128] for r in second[:12]]
    assert [r[:90] for r in first] == [r[:90] for r in second]


def test_terminal_renderings_have_the_right_size():
    run = run_script("", demo.main, seed=1)
    view = run.sim.view()
    half = halfblock_lines(view)
    br = braille_lines(view)
    assert len(half) == 32 and all(len(line) == 128 for line in half)
    assert len(br) == 16 and all(len(line) == 64 for line in br)
    # the same pixels: count lit dots both ways
    lit = sum(map(sum, view))
    n_half = sum(line.count("\u2580") + line.count("\u2584") + 2 * line.count("\u2588")
                 for line in half)
    n_br = sum(bin(ord(c) - 0x2800).count("1") for line in br for c in line)
    assert lit == n_half == n_br > 300


def test_cli_screenshot_raw_frames_and_stats(tmp_path, capsys):
    png = tmp_path / "out.png"
    raw = tmp_path / "frames.bin"
    rc = cli_main(["--script", "RIGHT A shot:mid", "--seed", "4", "--screenshot", str(png),
                   "--raw", str(raw), "--stats", "--app", "examples.hal_demo"])
    assert rc == 0
    out = capsys.readouterr().out
    assert "bytes per refresh" in out
    data = raw.read_bytes()
    assert len(data) % 1024 == 0 and len(data) // 1024 >= 3
    assert (tmp_path / "mid.png").exists()
    w, h, rows = read_png(str(png))
    assert (w, h) == (128 * 4 + 16, 64 * 4 + 16)
    # replay the last raw frame into pixels and compare with the PNG
    last = data[-1024:]
    for x, y in ((8, 20), (6, 30), (60, 3), (120, 60), (40, 40)):
        on = (last[(y >> 3) * 128 + x] >> (y & 7)) & 1
        px = rows[8 + y * 4 + 1][(8 + x * 4 + 1) * 3:(8 + x * 4 + 1) * 3 + 3]
        assert (px[0] > 150) == bool(on), (x, y)


def test_unchanged_refresh_sends_nothing():
    sim = Simulator(seed=1)
    import displayio
    g = displayio.Group()
    sim.display.root.append(g)
    sim.display.refresh()
    n = len(sim.refreshes)
    sim.display.refresh()
    assert sim.refreshes[n].bytes == 0
    sim.display.sleep()
    assert sim.display.refresh() is False
    assert not sim.emu.on
    sim.display.wake()
    assert sim.emu.on


def test_runtime_rotation_redraws_upside_down():
    run = run_script("", demo.main, seed=3)
    before = run.sim.view()
    run.sim.display.rotation = 180
    run.sim.display.refresh()
    after = run.sim.view()                   # the module did not move: picture flips
    assert after == [bytearray(reversed(r)) for r in reversed(before)]
    with pytest.raises(ValueError):
        run.sim.display.rotation = 90
