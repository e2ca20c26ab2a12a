"""The documentation is a set of references: README.md a front door of at
most 8 KB, boards.md and each docs/*.md page at most 20 KB, and none of
them tells its own history (what changed and when is CHANGELOG.md's and
git's)."""

import glob
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
README_MAX = 8_000
PAGE_MAX = 20_000

# phrases that only a page's history can say: a reference states what is
HISTORY = ("this session", "last session", "this round", "last round", "earlier round",
           "previous round", "(was ", "before issue", "after issue", "since issue",
           "until issue", "since this round", "until this round")
# a project issue's number as narrative ("issue 27 measured ..."); another
# project's issue (CircuitPython's) is a reference a reader can follow
_ISSUE = re.compile(r"(?<!circuitpython )\bissues? \d+")


def pages(root=ROOT):
    names = ["README.md", "boards.md"]
    names += sorted(os.path.relpath(p, root) for p in glob.glob(os.path.join(root, "docs", "*.md")))
    return [n for n in names if os.path.exists(os.path.join(root, n))]


def limit(name):
    return README_MAX if name == "README.md" else PAGE_MAX


def too_big(root=ROOT):
    out = []
    for name in pages(root):
        size = os.path.getsize(os.path.join(root, name))
        if size > limit(name):
            out.append("%s: %d bytes (at most %d)" % (name, size, limit(name)))
    return out


def history(root=ROOT):
    out = []
    for name in pages(root):
        with open(os.path.join(root, name), encoding="utf-8") as f:
            lines = f.read().splitlines()
        for no, line in enumerate(lines, 1):
            # a sentence can break across lines: each line read with the next
            text = " ".join(lines[no - 1:no + 1]).lower()
            text = re.sub(r"\s+", " ", text)
            head = len(re.sub(r"\s+", " ", line.lower()))
            for phrase in HISTORY:
                at = text.find(phrase)
                if 0 <= at < head:
                    out.append("%s:%d: %r" % (name, no, phrase))
            for m in _ISSUE.finditer(text):
                if m.start() < head:
                    out.append("%s:%d: %r" % (name, no, m.group()))
    return out


def test_every_page_is_within_its_size():
    assert len(pages()) >= 9
    assert not too_big(), "\n".join(too_big())


def test_no_page_tells_its_history():
    assert not history(), "\n".join(history())


def test_the_checks_find_a_big_page_and_history_words(tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "README.md").write_text("x" * (README_MAX + 1))
    (tmp_path / "boards.md").write_text("See CircuitPython issue 10507.\nThe pins: GP4, GP5.\n")
    (tmp_path / "docs" / "a.md").write_text("y" * PAGE_MAX)
    b = "z" * PAGE_MAX + "\nThe budget is 289 (was\n418). Since issue 27 the loop\nsleeps.\n"
    (tmp_path / "docs" / "b.md").write_text(b)
    assert pages(str(tmp_path)) == ["README.md", "boards.md", "docs/a.md", "docs/b.md"]
    assert too_big(str(tmp_path)) == ["README.md: %d bytes (at most %d)" % (README_MAX + 1, README_MAX),
                                      "docs/b.md: %d bytes (at most %d)" % (len(b), PAGE_MAX)]
    # a phrase broken across two lines is found once, on its first line
    assert history(str(tmp_path)) == ["docs/b.md:2: '(was '", "docs/b.md:3: 'since issue'",
                                      "docs/b.md:3: 'issue 27'"]
