"""tools/bench_device.py's machinery, never its times: every press at the
table finds the frame it made, a play is written after its frame, and the VM
and the simulator play the same game (so each refresh's bytes are the VM
refresh's). Figures: make bench (docs/performance.md)."""

from tools import bench_device as B


def test_every_press_at_the_table_finds_its_frame_and_no_write_comes_between():
    rec, sent = B.cpython_run(steps=120)     # 6,000 loop turns: hands end, the summary shows
    assert len(sent) == rec.frames
    kinds = {k for k, _, _, _ in rec.presses}
    assert {"play", "move"} <= kinds, kinds
    frames = [f for _, _, f, _ in rec.presses]
    assert frames == sorted(set(frames))          # a frame of its own for each press
    # no stage of a game write while a press waits for its frame, a hand's
    # end included (README: a play is on the panel before its save is
    # written) ...
    waiting = [f for _, f, w, _, _, _ in rec.saves if w]
    assert rec.saves and not waiting, waiting
    # a hand's last play: its frame is the table's, the summary's next; the
    # hand's record (the next hand's start) is written after the summary's
    written = {f for _, f, _, _, _, flash in rec.saves if flash}     # the nvm written, after that many frames
    # (the last play a person's, or the AI's with a key skipping its show)
    ends = {f for k, _, f, at in rec.presses if k in ("play", "skip") and at == "last"}
    assert ends and all(f + 2 in written for f in ends), ends
    # ... a key skips what is on show, and A on the summary deals the next hand
    assert {"skip", "next"} <= kinds, kinds
    # (the next hand's table, or the game's end)
    assert all(at in ("table", "menu") for k, _, _, at in rec.presses if k == "next"), rec.presses
    plays = [f for k, _, f, at in rec.presses if k == "play" and at in ("table", "last")]
    for f, nxt in zip(plays, plays[1:]):
        assert sent[f] > 0                        # a play changes the panel
        # ... and it is written after its frame, before the next play (a
        # press that skips what is on show may go first: its frame between)
        assert any(f < w <= nxt for w in written), (f, nxt)


def test_the_vm_and_the_simulator_play_the_same_whole_game(mpvm):
    m = B.measure(calibrate=False)      # raises when the two games differ
    assert m["done"] and m["calibration"] is None
    assert m["start"]["bytes"] >= 1024    # the first frame: the whole panel
    plays = [p for p in m["presses"] if p[0] == "play"]
    assert len(plays) > 40 and all(b > 0 and t > 0 for _, t, b, _, _, _, _ in plays)
    # start-up charges the panel's init sequence hal/oled.py hands busdisplay:
    # no waits (its commands with the DELAY flag and 0 ms), its bytes on I2C
    from hal.oled import _FAST
    H = _heapapp()
    assert m["start"]["init_wait"] == 0
    assert m["start"]["init_bytes"] == H.init_wire_bytes(_FAST)
    # and is timed again with a game saved mid-hand: the load replays it
    assert m["start_saved"]["saved"] >= 24, m["start_saved"]


def _heapapp():
    import sys
    if B.MPSTUB not in sys.path:
        sys.path.append(B.MPSTUB)
    import heapapp
    return heapapp


def test_the_init_sequence_is_charged_its_waits_and_its_command_bytes():
    H = _heapapp()
    # two commands: 0xAE alone (10 ms after it), 0x81 0xCF with DELAY 5 ms
    seq = b"\xae\x00" + b"\x81\x81\xcf\x05"
    assert H.init_wait_ms(seq) == 15
    assert H.init_wire_bytes(seq) == (1 + 2) + (1 + 4)     # address + 0x80-prefixed bytes, a write each
    from hal.oled import _DRIVERS, _FAST
    assert H.init_wait_ms(_DRIVERS) == 130 and H.init_wait_ms(_FAST) == 0
    assert H.init_wire_bytes(_FAST) == H.init_wire_bytes(_DRIVERS) + 1 + 2 * 3   # plus the column-address command
    m = {"start": {"import_hal": 1.0, "import_app": 9.0, "hal": 2.0, "draw": 3.5,
                   "init_wait": 130, "init_bytes": 100, "bytes": 1040}}
    st = B.start_model(m, 2.0)
    assert st["hal"] == 4.0 + 130 + B.i2c_ms(100)
    assert st["menu"] == 2.0 + 18.0 + st["hal"] + 7.0 + B.render_ms(1040) + B.i2c_ms(1040)


def test_start_up_parts_are_charged_a_collection_for_each_import_and_their_settings_reads():
    m = {"start": {"import_hal": 1.0, "import_app": 9.0, "hal": 2.0, "draw": 3.5,
                   "init_wait": 0, "init_bytes": 0, "bytes": 1040},
         "files": {"import_hal": [3, 0, 3 * 1024], "import_app": [10, 0, 200 * 1024],
                   "hal": [11, 19, 300 * 1024], "draw": [8, 0, 400 * 1024]}}
    st = B.start_model(m, 2.0)
    k = B.GC_MS_PER_KB
    s0 = B.board_start_kb()
    assert abs(st["import_hal"] - (2.0 + (3 + 3 * s0) * k)) < 1e-9
    assert abs(st["import_app"] - (18.0 + (200 + 10 * s0) * k)) < 1e-9
    assert abs(st["hal"] - (4.0 + (300 + 11 * s0) * k + 19 * B.FS_SETTING_MS)) < 1e-9
    assert abs(st["draw"] - (7.0 + (400 + 8 * s0) * k)) < 1e-9
    # a module imported over a bigger heap costs more: its collection reads more
    assert B.import_ms(1, 80 * 1024) > 2 * B.import_ms(1, 20 * 1024) > 0


def test_the_collection_fit_meets_the_firmwares_start_up_within_5_percent():
    # the model run on the code the firmware ran (commit bd674a8's bench,
    # CircuitPython predicted, the mean of three runs) and that code's
    # counts and live heaps (python -m tools.bench_device --start-counts on
    # that tree: KB above the heap before `import hal`, summed over the
    # modules), against CircuitPython
    # 10.2.1's figures; the fit of a cost a module alone (2.9 ms) missed
    # two of these by 16%
    fw = B.FIRMWARE_START
    parts = (   # (model ms without the imports, modules, KB summed, settings reads, firmware ms)
        (221, 24, 489.4, 0, fw["import_hal"] + fw["import_app"]),
        (65 + 130, 10, 504.7, 19, fw["hal"]),
        (88, 9, 545.1, 0, fw["draw"]),
    )
    for model, files, kb, reads, firmware in parts:
        got = model + B.import_ms(files, kb * 1024) + reads * B.FS_SETTING_MS
        assert abs(got - firmware) <= 0.05 * firmware, (got, firmware)


def test_a_board_collects_when_what_it_allocated_since_the_last_collection_outgrows_its_free_heap():
    from tools.heap import BOARD_HEAP_KB
    base = 10000
    free = BOARD_HEAP_KB * 1024 - (100 * 1024 - base + B.board_start_kb() * 1024)
    step = 100 * 1024
    # one step allocating a little more than the free heap: one collection
    m = {"base": base, "allocs": [[step, step + free + 10, []]]}
    auto, _, _, cost = B.collections(m)
    # it costs a collection of what is live then, as an import's does
    assert auto == 1 and cost == B.import_ms(1, step - base) > 0
    # the same with an import half way: its collection, none of the heap's
    m = {"base": base, "allocs": [[step, step + free + 10, [step + free // 2]]]}
    auto, most, least, cost = B.collections(m)
    assert auto == 0 and cost == 0 and abs(most - (free // 2 + 10) / 1024.0) < 0.01 and abs(least - free / 1024.0) < 0.01
    # what is allocated adds up over steps until a collection
    m = {"base": base, "allocs": [[step, step + free // 2 + 1, []], [step, step + free // 2 + 1, []]]}
    assert B.collections(m)[0] == 1


def test_a_decision_waits_for_the_write_after_the_press_before_it_and_no_other():
    # refreshes: 0 a person's play, 3 the AI's play (its decision 1); 5 a
    # skip of it, 8 the next AI's play (decision 2, no press between the
    # decisions' frames but the skip)
    f = 2.0
    m = {"presses": [["play", 1.0, 100, 0, "table", 0, 0], ["skip", 1.0, 100, 5, "table", 0, 0]],
         # [VM ms, refreshes before it, a press waiting, modules, live, flash]
         "saves": [[1.0, 1, False, 0, 0, False], [2.0, 1, False, 0, 0, "program"],
                   [3.0, 6, False, 1, 1024, "write"],
                   [50.0, 9, False, 0, 0, "program"]],      # after decision 2: no decision's
         # [VM ms, modules, live, kind, mode, refreshes by its end]: no write's
         "turns": [[9.0, 0, 0, "ai", 3, 2]],
         "decisions": [{"frame": 3}, {"frame": 8}]}
    w1, w2 = B.writes_before(m, f)
    assert abs(w1 - (2 + 4 + B.FLASH_PROGRAM_MS)) < 1e-9
    assert abs(w2 - (6 + B.import_ms(1, 1024) + B.FLASH_WRITE_MS)) < 1e-9
    # the decision model adds it to each decision
    dec = [{"begin": 1.0, "steps": [], "deadline": 0, "spent": 0, "frame": 3, "bytes": 0, "files": 0, "live": 0},
           {"begin": 1.0, "steps": [], "deadline": 0, "spent": 0, "frame": 8, "bytes": 0, "files": 0, "live": 0}]
    d = B.decision_model(dict(m, decisions=dec), f, 10.0)
    assert abs(d["worst"] - (10 + 2 + w2)) < 1e-9 and abs(d["median"] - (10 + 2 + (w1 + w2) / 2)) < 1e-9


def test_a_write_over_erased_flash_is_a_page_programmed_and_any_other_an_erase():
    # respond.Recorder.watch_saves reads the flash a write goes over, as an
    # RP2040's nvm does: a slot of the log written again erases the sector
    from hal.storage import ByteStore
    _heapapp()      # harness/mpstub on the path
    import respond

    storage = ByteStore(bytearray(b"\xff" * 512))

    class Store:
        def flush(self, data):
            storage.write(0, data)
        save_game = frame_held = save_settings = flush

    class App:
        def __init__(self):
            self.h = type("h", (), {"storage": storage})()
            self.store = Store()
    app = App()
    rec = respond.Recorder(lambda: 0.0, "hard")
    rec.watch_saves(app)
    for data in (b"\x01" * 128, b"\x02" * 128, b"\xff" * 128, b"\x03" * 128):
        app.store.flush(data)
    assert [s[5] for s in rec.saves] == ["program", "write", "write", "program"]
