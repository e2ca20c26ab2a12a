"""make bench's heap script (tools/bench.py HEAP_SCRIPT) runs against
today's AI API: four seats of three levels deciding through the one decider
on the MicroPython VM, and a hand allocates next to nothing."""
from harness.mpvm import require_vm


def test_bench_heap_script_plays_hands_through_the_one_decider():
    require_vm()
    from tools.bench import heap_figures
    h = heap_figures(("core",))
    assert h["hands"] >= 3, h
    # the move loop and the searches allocate nothing: what a hand leaves on
    # the heap is a few small objects of the game's, not a search's buffers
    assert h["hand_growth"] < 1024, h
    assert h["core"] < h["core_ai"] < h["game_ready"], h
