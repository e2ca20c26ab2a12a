"""The AI: four levels that see only what their seat can see.

- core/ai/observe.py: what one seat knows (no hidden card), from a State;
- core/ai/world.py: a world sampled consistently with an observation (or,
  when few are possible, each split of the unseen cards in turn);
- core/ai/evaluate.py: the static evaluation (and a search leaf's threat);
- core/ai/roots.py: the root plays of a decision, valued after one ply;
- core/ai/onestep.py: easy and normal, one play ahead (the danger a play
  leaves);
- core/ai/search.py: determinized search (PIMC) with alpha-beta, exact when
  nothing is hidden (hard, expert: anytime within a budget of positions);
- core/ai/player.py: the levels easy, normal, hard, expert, and the hint
  (its words: core/ai/reason.py); a Player loads only what its level uses;
- core/ai/levelbot.py: a level asked from outside the device: for a play on
  a State in one call (choose), or as a referee bot (core/bots.py) fed
  from a referee view; never loaded on the device;
- core/ai/oracle.py: the oracle's world, the true state (a yardstick that
  sees every card; never loaded on the device).
"""

# the levels, here so that menus name them without loading the AI (the
# device loads core/ai/player.py and the rest for each decision only)
LEVELS = ("easy", "normal", "hard", "expert")
