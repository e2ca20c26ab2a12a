"""What every command line of the project (basra-sim, basra-flash, python -m
tools.X, python -m art.X) does with a mistake: one line on stderr that says
what is wrong and what is accepted, exit status 2, no traceback."""
import argparse


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line (``-h`` gives the usage)."""

    def error(self, message):
        self.fail("%s (%s -h lists the options)" % (message, self.prog))

    def fail(self, message):
        """A mistake found after parsing: ``message`` says what is accepted."""
        self.exit(2, "%s: %s\n" % (self.prog, message))


def whole(lo, hi=None, what="a whole number"):
    """An argparse type: an int from ``lo`` to ``hi`` (no upper bound when
    None); the message names the range."""
    want = "%s from %d to %d" % (what, lo, hi) if hi is not None else "%s, %d or more" % (what, lo)

    def parse(text):
        try:
            n = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError("%r is not %s" % (text, want)) from None
        if n < lo or (hi is not None and n > hi):
            raise argparse.ArgumentTypeError("%d is not %s" % (n, want))
        return n

    parse.__name__ = what       # argparse names the type in some messages
    return parse
