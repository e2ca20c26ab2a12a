"""The emulated controller against the SSD1306 datasheet's byte protocol."""

from simulator.ssd1306 import EmulatedI2C, SSD1306Emulator


def test_command_stream_with_co_bit_and_parameters():
    e = SSD1306Emulator()
    # Co=1 pairs: 0x81 contrast 0x20, display on, inverse
    e.write(bytes([0x80, 0x81, 0x80, 0x20, 0x80, 0xAF, 0x80, 0xA7]))
    assert e.contrast == 0x20 and e.on and e.inverted
    # Co=0 command stream: addressing mode horizontal, columns 10..11, pages 2..3
    e.write(bytes([0x00, 0x20, 0x00, 0x21, 10, 11, 0x22, 2, 3]))
    assert (e.mode, e.col_start, e.col_end, e.page_start, e.page_end) == (0, 10, 11, 2, 3)


def test_horizontal_addressing_wraps_inside_the_window():
    e = SSD1306Emulator()
    e.write(bytes([0x00, 0x20, 0x00, 0x21, 10, 11, 0x22, 2, 3, 0xAF]))
    e.write(bytes([0x40, 1, 2, 3, 4, 5]))
    assert e.ram[2 * 128 + 10] == 5       # fifth byte wrapped back to the start
    assert e.ram[2 * 128 + 11] == 2
    assert e.ram[3 * 128 + 10] == 3
    assert e.ram[3 * 128 + 11] == 4
    assert e.pixel(10, 16) == 1 and e.pixel(10, 17) == 0 and e.pixel(10, 18) == 1
    assert e.stats() == (2, 10 + 6, 5)


def test_vertical_and_page_modes():
    e = SSD1306Emulator()
    e.write(bytes([0x00, 0x20, 0x01, 0x21, 0, 127, 0x22, 0, 1]))
    e.write(bytes([0x40, 7, 8, 9]))
    assert (e.ram[0], e.ram[128], e.ram[1]) == (7, 8, 9)
    e.write(bytes([0x00, 0x20, 0x02, 0xB5, 0x03, 0x12]))   # page 5, column 0x23
    e.write(bytes([0x40, 0xAA]))
    assert e.ram[5 * 128 + 0x23] == 0xAA


def test_display_off_and_inversion_change_pixels_not_ram():
    e = SSD1306Emulator()
    e.write(bytes([0x00, 0xAF, 0x20, 0x00]))
    e.write(bytes([0x40, 0x01]))
    assert e.pixel(0, 0) == 1 and e.pixel(0, 1) == 0
    e.write(bytes([0x80, 0xA7]))
    assert e.pixel(0, 0) == 0 and e.pixel(0, 1) == 1
    e.write(bytes([0x80, 0xAE]))
    assert e.pixel(0, 1) == 0 and e.ram[0] == 0x01


def test_wrong_address_is_a_nack():
    bus = EmulatedI2C({0x3C: SSD1306Emulator()})
    assert bus.scan() == [0x3C]
    try:
        bus.writeto(0x3D, b"\x00\xaf")
    except OSError as e:
        assert e.errno == 19
    else:
        raise AssertionError("no error")
