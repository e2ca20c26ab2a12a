"""The code that draws the game's fonts, card sheets, wiring pictures and
screenshots (not deployed to the device, not installed)."""
