"""Programs written against hal/ alone, not part of the game: hal_demo (four
cards and a button echo) runs on a board, through Blinka and in the
simulator (basra-sim --app examples.hal_demo; its fallback app)."""
