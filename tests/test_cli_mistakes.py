"""Command-line mistakes, in basra-sim, basra-flash, the tools and the art
generators: one line on stderr that says what is wrong and what is accepted,
exit status 2, no traceback, and found before anything runs."""
import subprocess
import sys

import pytest

from simulator.__main__ import main as sim_main


def one_line_exit_2(main, argv, capsys):
    """The stderr line of a command line refused with exit status 2."""
    with pytest.raises(SystemExit) as e:
        main(argv)
    out, err = capsys.readouterr()
    assert e.value.code == 2, (argv, out, err)
    lines = err.splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    return lines[0]


@pytest.fixture
def no_run(monkeypatch):
    """A run that starts fails the test: a mistake is found before it."""
    import simulator.headless
    import simulator.link

    def started(*a, **k):
        raise AssertionError("the run started")
    monkeypatch.setattr(simulator.headless, "run_script", started)
    monkeypatch.setattr(simulator.link, "run_pair_scripts", started)


@pytest.mark.parametrize("script, says", [
    ("FOO*2 A", ["'FOO*2'", "unknown button 'foo'", "UP DOWN LEFT RIGHT A B"]),
    ("down:Q", ["'down:Q'", "unknown button 'q'"]),
    ("wait:abc", ["'wait:abc'", "time in ms must be a whole number, 0 or more", "'abc'"]),
    ("wait:-5", ["'wait:-5'", "0 or more"]),
    ("hold:A:x", ["'hold:A:x'", "time in ms"]),
    ("A*0", ["'A*0'", "repeat count must be a whole number, 1 or more"]),
    ("A*-1", ["'A*-1'", "repeat count"]),
    ("shot:", ["shot: needs a name"]),
    ("wait:1:2", ["not a script word", "hold:BUTTON:MS"]),
])
def test_a_bad_script_word_is_named_with_what_is_accepted(script, says, capsys, no_run):
    line = one_line_exit_2(sim_main, ["--script", script], capsys)
    assert line.startswith("basra-sim: script word ")
    for s in says:
        assert s in line, line


def test_a_bad_peer_script_word_is_refused_before_a_link_run(capsys, no_run):
    line = one_line_exit_2(sim_main, ["--link", "--script", "A", "--peer-script", "B*x"], capsys)
    assert "'B*x'" in line and "repeat count" in line


@pytest.mark.parametrize("opt", ["--screenshot", "--raw", "--save"])
def test_a_file_in_a_folder_that_does_not_exist_is_refused_before_the_run(opt, tmp_path, capsys,
                                                                          no_run):
    path = str(tmp_path / "nonexistent" / "x.png")
    line = one_line_exit_2(sim_main, ["--script", "A", opt, path], capsys)
    assert line == "basra-sim: %s %s: there is no folder %s (give a file in a folder that exists)" % (
        opt, path, tmp_path / "nonexistent")


def test_a_screenshot_onto_a_folder_is_refused(tmp_path, capsys, no_run):
    line = one_line_exit_2(sim_main, ["--screenshot", str(tmp_path)], capsys)
    assert "it is a folder" in line


def test_a_shot_into_a_missing_folder_is_refused_before_the_run(tmp_path, capsys, no_run):
    line = one_line_exit_2(sim_main, ["--script", "A shot:nope/after",
                                      "--screenshot", str(tmp_path / "x.png")], capsys)
    assert "shot:nope/after" in line and "there is no folder" in line


def test_an_app_that_is_no_module_or_has_no_main_is_one_line(capsys, no_run):
    line = one_line_exit_2(sim_main, ["--app", "nosuchmod", "--script", "A"], capsys)
    assert line.startswith("basra-sim: --app nosuchmod: no module of that name")
    assert "examples.hal_demo" in line
    line = one_line_exit_2(sim_main, ["--app", "hal", "--script", "A"], capsys)
    assert line == "basra-sim: --app hal: the module has no main(hal) to run"


def test_verbose_shows_the_traceback_behind_the_mistake(capsys, no_run):
    with pytest.raises(SystemExit) as e:
        sim_main(["-v", "--app", "nosuchmod", "--script", "A"])
    err = capsys.readouterr().err
    assert e.value.code == 2
    assert "Traceback" in err and "ModuleNotFoundError" in err
    assert err.splitlines()[-1].startswith("basra-sim: --app nosuchmod: no module")


def test_an_app_whose_own_import_fails_keeps_its_traceback(tmp_path, monkeypatch, no_run):
    # a bug in the app is not a command-line mistake: it is not hidden
    (tmp_path / "brokenapp.py").write_text("import nosuchdependency\ndef main(h):\n    pass\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(ModuleNotFoundError, match="nosuchdependency"):
        sim_main(["--app", "brokenapp", "--script", "A"])


@pytest.mark.parametrize("argv, says", [
    (["--link", "--link-port", "70000"], "argument --link-port: 70000 is not a TCP port from 1 to 65535"),
    (["--link", "--link-port", "0"], "argument --link-port: 0 is not a TCP port from 1 to 65535"),
    (["--link", "--link-port", "http"], "argument --link-port: 'http' is not a TCP port"),
    (["--scale", "0", "--screenshot", "x.png"], "argument --scale: 0 is not a scale from 1 to 32"),
    (["--settle", "-5", "--script", "A"], "argument --settle: -5 is not a time in ms, 0 or more"),
    (["--script", "A", "--peer-script", "A"], "--peer-script is the other device's script of a "
                                              "headless --link run: give --link too"),
    (["--buttons", "5"], "argument --buttons: invalid choice: 5 (choose from 4, 6)"),
    (["--nosuch"], "unrecognized arguments: --nosuch"),
])
def test_a_bad_option_value_is_refused_at_the_command_line(argv, says, capsys, no_run):
    line = one_line_exit_2(sim_main, argv, capsys)
    assert line.startswith("basra-sim: ") and says in line, line


def test_the_console_command_prints_one_line_and_exits_2():
    r = subprocess.run([sys.executable, "-m", "simulator", "--script", "FOO*2 A"],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 2
    assert r.stdout == ""
    assert r.stderr == ("basra-sim: script word 'FOO*2': unknown button 'foo' "
                        "(use UP DOWN LEFT RIGHT A B)\n")


# basra-flash: the options are checked before any board is looked for

@pytest.mark.parametrize("argv, says", [
    (["--dry-run", "--py", "--lines"], "--lines is about .mpy files and --py sends .py: give one of them"),
    (["--dry-run", "--py", "--mpy"], "--mpy is about .mpy files and --py sends .py: give one of them"),
    (["--dry-run", "--py", "--mpy-cross", "mpy-cross"],
     "--mpy-cross is about .mpy files and --py sends .py: give one of them"),
    (["--dry-run", "--mpy", "--mpy-cross", "/nonexistent/mpy-cross"],
     "--mpy-cross /nonexistent/mpy-cross: no such program"),
    (["--dry-run", "--drive", "/nonexistent/CIRCUITPY"], "--drive /nonexistent/CIRCUITPY: no such folder"),
    (["--dry-run", "--bundle", "/nonexistent/bundle.zip"],
     "--bundle /nonexistent/bundle.zip: no such folder or zip file"),
    (["--checksum", "md5"], "argument --checksum: invalid choice: 'md5'"),
])
def test_basra_flash_refuses_options_that_cannot_work(argv, says, capsys):
    from basra_flash.cli import main
    line = one_line_exit_2(main, argv, capsys)
    assert line.startswith("basra-flash: ") and says in line, line


# the tools and the art generators

@pytest.mark.parametrize("tool, argv, says", [
    ("tools.arena", ["--variant", "nosuch"], "argument --variant: unknown rule set 'nosuch' (known: egyptian"),
    ("tools.arena", ["--jobs", "0"], "argument --jobs: 0 is not a number of processes, 1 or more"),
    ("tools.arena", ["--hands", "0"], "argument --hands: 0 is not a number of hands, 2 or more"),
    ("tools.arena", ["--a", "expert:x:1:1"], "level:worlds:plies:nodes[:work] with whole numbers"),
    ("tools.arena", ["--b", "hard:4:2"], "level:worlds:plies:nodes[:work] with whole numbers"),
    ("tools.arena", ["--against", "nosuch"], "argument --against: unknown level 'nosuch' (known: easy"),
    ("tools.arena", ["--against"], "argument --against: expected at least one argument"),
    ("tools.soak", ["--games", "0"], "argument --games: 0 is not a number of games, 1 or more"),
    ("tools.soak", ["--jobs", "0"], "argument --jobs: 0 is not a number of processes, 1 or more"),
    ("tools.mash", ["--chunk", "0"], "argument --chunk: 0 is not a number of presses, 1 or more"),
    ("tools.mash", ["--presses", "-1"], "argument --presses: -1 is not a number of presses, 1 or more"),
    ("tools.fuzz_save", ["--cases", "-1"], "argument --cases: -1 is not a count, 0 or more"),
    ("tools.calibrate", ["--limit", "0"], "argument --limit: 0 is not a limit, 3 or more"),
    ("tools.calibrate", ["--search", "3"], "argument --search: invalid choice: 3 (choose from 2, 4)"),
    ("tools.heap", ["--mash", "x"], "argument --mash: 'x' is not a number of stretches, 1 or more"),
    ("tools.heap", ["--mash"], "argument --mash: expected one argument"),
    ("tools.heap", ["--borad"], "unrecognized arguments: --borad"),
    ("tools.bench", ["--wirte"], "unrecognized arguments: --wirte"),
    ("tools.bench_device", ["--write"], "unrecognized arguments: --write"),
    ("art.mksheets", ["--chek"], "unrecognized arguments: --chek"),
    ("art.screens", ["--goldne"], "unrecognized arguments: --goldne"),
])
def test_a_tool_refuses_a_bad_option_in_one_line(tool, argv, says, capsys, monkeypatch):
    import importlib
    mod = importlib.import_module(tool)
    for name in ("run", "capture", "sources", "measure", "print_board", "mash"):
        if callable(getattr(mod, name, None)):      # whatever the tool runs: not reached
            monkeypatch.setattr(mod, name, lambda *a, **k: pytest.fail("the tool ran"))
    line = one_line_exit_2(mod.main, argv, capsys)
    assert line.startswith("python -m %s: " % tool) and says in line, line
    assert line.endswith("(python -m %s -h lists the options)" % tool)
