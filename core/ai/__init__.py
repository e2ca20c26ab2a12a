"""The AI: four levels that see only what their seat can see.

- core/ai/observe.py: what one seat knows (no hidden card), from a State;
- core/ai/world.py: a world sampled consistently with an observation;
- core/ai/evaluate.py: the static evaluation and the one-play heuristic;
- core/ai/search.py: determinized search (PIMC) with alpha-beta, exact when
  nothing is hidden;
- core/ai/player.py: the levels easy, normal, hard, expert, and the hint;
- core/ai/levelbot.py: a level as a referee bot (core/bots.py), fed from a
  referee view; never loaded on the device.
"""

# the levels, here so that menus name them without loading the AI (the
# device loads core/ai/player.py and the rest for each decision only)
LEVELS = ("easy", "normal", "hard", "expert")
