"""Files the repository keeps generated (the device's sheet modules, the
wiring pictures): write them, or with --check say which are out of date."""
import os
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def write_or_check(made, check, what):
    """made: {path: str or bytes}. check: exit 1 naming the files that
    differ from made (what: the files' name in the message), else exit 0;
    otherwise write them all."""
    if check:
        stale = []
        for path, data in made.items():
            try:
                with open(path, "rb") as f:
                    same = f.read() == (data.encode() if isinstance(data, str) else data)
            except OSError:
                same = False
            if not same:
                stale.append(os.path.relpath(path, REPO))
        print("OUT OF DATE: %s" % ", ".join(stale) if stale else "the %s are up to date" % what)
        sys.exit(1 if stale else 0)
    for path, data in made.items():
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data.encode() if isinstance(data, str) else data)
        print("wrote %s (%d bytes)" % (os.path.relpath(path, REPO), len(data)))


def main(prog, doc, make, what, argv=None):
    """A generator's command line: make() gives {path: data}; --check says
    which of them are out of date (write_or_check)."""
    from basra_flash.cmdline import Parser
    ap = Parser(prog=prog, description=doc.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="exit 1 when one of the %s is out of date" % what)
    args = ap.parse_args(argv)
    sys.path.insert(0, REPO)
    write_or_check(make(), args.check, what)
