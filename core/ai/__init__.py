"""The AI: five levels that see only what their seat can see, and the level
registry.

- core/ai/observe.py: what one seat knows (no hidden card), from a State;
- core/ai/world.py: a world sampled consistently with an observation (or,
  when few are possible, each split of the unseen cards in turn);
- core/ai/evaluate.py: the static evaluation (and a search leaf's threat);
- core/ai/roots.py: the root plays of a decision, valued after one ply;
- core/ai/onestep.py: easy and normal, one play ahead (the danger a play
  leaves);
- core/ai/search.py: determinized search (PIMC) with alpha-beta, exact when
  nothing is hidden (hard, expert: anytime within a budget of positions);
- core/ai/player.py: the decider: any level's play, begin(obs, clock),
  step(), best() (the hint: core/ai/reason.py); a Player loads only what
  its level uses;
- core/ai/levelbot.py: a level asked from outside the device: for a play on
  a State in one call (choose), or as a referee bot (core/bots.py) fed
  from a referee view; never loaded on the device;
- core/ai/oracle.py: the oracle, a player that sees every card (its own
  way in: a yardstick for tests and the arena, never loaded on the device).
"""

# The level registry, here so that menus, saves and the link read it without
# loading the AI (the device loads core/ai/player.py and the rest for each
# decision only). One entry a level, in menu order, in three parallel
# tables (LEVELS a tuple and CODES bytes, for the heap on a board: a test
# that registers a level of its own rebinds them, tests/test_ai_levels.py):
# - LEVELS: the name;
# - CODES: the stable code the saves and the link carry (never reused or
#   renumbered; 0 and 5 are the save's "human" and "link" seats,
#   device/savedata.py);
# - TABLE: 6 bytes a level, its kind (0: one play ahead with a beginner's
#   mistakes, 1: one play ahead, 2: a fixed search, 3: an anytime search;
#   16 added: the search's worlds dealt by beliefs, core/ai/beliefs.py;
#   32 added: the tuned leaf constants, core/ai/evaluate.py TUNED)
#   and its budget (core/ai/player.py Player): worlds as a power
#   of two with 2 or 3 players, with 4; plies with 2 or 3 players, with 4;
#   work: positions a world / 10 (FIXED) or the device's work (DEVICE_WORK
#   positions and DEVICE_DEADLINE_MS) that many times (ANYTIME).
LEVELS = ("easy", "normal", "hard", "expert", "master")
CODES = b"\x01\x02\x03\x04\x06"
TABLE = bytearray(
    b"\x00\x00\x00\x00\x00\x00"  # easy: one play ahead, a beginner's mistakes
    b"\x01\x00\x00\x00\x00\x00"  # normal: one play ahead
    b"\x02\x02\x03\x02\x02\x0f"  # hard: 4 (8) worlds, 2 plies, 150 positions a world
    b"\x33\x06\x08\x03\x02\x01"  # expert: anytime, beliefs, tuned leaves, 64 (256) worlds, 3 (2) plies, the device's work
    b"\x33\x06\x08\x03\x02\x02"  # master: as the expert, twice the work
)
