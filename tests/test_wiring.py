"""The wiring pictures of docs/boards/: one per board in hal/profiles.py,
each what art/wiring.py draws from the profile's pins today."""

import os

import pytest

from hal import profiles
from art import wiring

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_every_board_in_the_profiles_has_its_picture_up_to_date():
    made = wiring.pictures()
    assert sorted(os.path.basename(p) for p in made) == sorted(
        b + ".png" for b in profiles.PROFILES)
    stale = []
    for path, data in made.items():
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        assert os.path.exists(path), "%s missing: python -m art.wiring" % path
        with open(path, "rb") as f:
            if f.read() != data:
                stale.append(os.path.basename(path))
    assert not stale, "out of date (python -m art.wiring): %s" % stale
    # no picture of a board the profiles lack
    on_disk = {f for f in os.listdir(wiring.OUT) if f.endswith(".png")}
    assert on_disk == {b + ".png" for b in profiles.PROFILES}


def test_the_pico_s_pins_lie_as_on_the_board():
    lay = wiring.LAYOUTS["pico"]
    left = [label for label, _ in lay["left"]]
    right = [label for label, _ in lay["right"]]
    # 1-20 down the left side, 21-40 up the right (40 at the top right)
    assert [int(l.split()[0]) for l in left] == list(range(1, 21))
    assert [int(l.split()[-1]) for l in right] == list(range(40, 20, -1))
    assert right[-1] == "GP16 21" and right[0] == "VBUS 40"
    assert right.index("GND 38") < right.index("3V3(OUT) 36")     # 38 above 36
    assert left[5] == "6 GP4" and left[6] == "7 GP5" and left[19] == "20 GP15"
    assert [l for l in left + right if "GND" in l] == [
        "3 GND", "8 GND", "13 GND", "18 GND", "GND 38", "GND 33", "GND 28", "GND 23"]


def test_the_picture_follows_the_profile(monkeypatch):
    before = wiring.draw("raspberry_pi_pico")
    pico = dict(profiles.PROFILES["raspberry_pi_pico"], a="GP9")
    monkeypatch.setitem(profiles.PROFILES, "raspberry_pi_pico", pico)
    assert wiring.draw("raspberry_pi_pico") != before
    pico = dict(pico, a="GP99")            # no such pin on a Pico's headers
    monkeypatch.setitem(profiles.PROFILES, "raspberry_pi_pico", pico)
    with pytest.raises(ValueError, match="GP99"):
        wiring.draw("raspberry_pi_pico")


def test_every_board_s_used_pins_are_on_its_headers():
    for bid, (kind, _) in wiring.BOARDS.items():
        lay = wiring.LAYOUTS[kind]
        pins = {p for _, p in lay["left"] + lay["right"] if p}
        oled, parts, prof = wiring.wires(bid)
        for label, pin in parts:
            assert pin in pins, (bid, label, pin)
        if lay["oled"] != "stemma":
            for opin, bpin in oled:
                assert bpin in pins, (bid, opin, bpin)
        if prof["link"] == "uart":
            assert {prof["link_tx"], prof["link_rx"]} <= pins, bid
    assert set(wiring.BOARDS) == set(profiles.PROFILES)
