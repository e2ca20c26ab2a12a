"""What a refresh sends over I2C in the simulator (the SSD1306 driver and
displayio over the emulated bus): a screen switch is one full frame, and the
refresh after a full one sends only what changed since, as CircuitPython's
displayio does (hal/blinkarefresh.py)."""
import displayio

from simulator.sim import Simulator

FULL = 1024     # the panel's GDDRAM: a full frame's pixel bytes


def screen(fill_tile):
    """A full-screen 128x64 TileGrid of 8x8 tiles over a two-tile bitmap."""
    bmp = displayio.Bitmap(16, 8, 2)
    for x in range(8, 16):
        for y in range(8):
            bmp[x, y] = 1
    pal = displayio.Palette(2)
    pal[0] = 0
    pal[1] = 0xFFFFFF
    grid = displayio.TileGrid(bmp, pixel_shader=pal, width=16, height=8, tile_width=8,
                              tile_height=8, default_tile=fill_tile)
    g = displayio.Group()
    g.append(grid)
    return g, grid


def sent(sim):
    return sim.refreshes[-1].data_bytes if sim.refreshes else 0


def test_a_switch_by_redraw_sends_one_full_frame_and_hiding_sends_two():
    sim = Simulator()
    d = sim.display
    a, _ = screen(0)
    b, _ = screen(1)
    holder = displayio.Group()
    d.root.append(holder)
    holder.append(a)
    d.refresh()
    # hide one screen and show another in the same graph: two screen-sized areas
    holder.append(b)
    a.hidden = True
    d.refresh()
    two = sent(sim)
    # App.show's way: only the screen shown in the graph, and a full frame
    holder.pop()
    holder.pop()
    holder.append(a)
    a.hidden = False
    d.redraw()
    d.refresh()
    one = sent(sim)
    assert one == FULL
    assert two >= 2 * FULL
    assert sim.frame() == bytes(FULL)        # screen a: tile 0 is blank


def test_the_refresh_after_a_full_one_sends_only_the_new_change():
    sim = Simulator()
    d = sim.display
    a, grid = screen(0)
    d.root.append(a)
    d.refresh()
    for i in range(16 * 8):                  # every tile changed, then a full frame
        grid[i] = 1
    d.redraw()
    d.refresh()
    assert sent(sim) == FULL
    grid[0] = 0                              # one 8x8 tile: 8 bytes of GDDRAM
    d.refresh()
    assert 0 < sent(sim) <= 16
