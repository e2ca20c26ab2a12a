"""Every relative link of README.md, boards.md, CHANGELOG.md and docs/*.md
leads to a file of the checkout, and every #anchor to a heading of the page
it names (GitHub's slugs)."""

import glob
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_LINK = re.compile(r"!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
_FENCE = re.compile(r"^(```|~~~).*?^\1", re.M | re.S)
_CODE = re.compile(r"`[^`\n]*`")


def pages():
    names = ["README.md", "boards.md", "CHANGELOG.md"]
    names += sorted(os.path.relpath(p, ROOT) for p in glob.glob(os.path.join(ROOT, "docs", "*.md")))
    return [n for n in names if os.path.exists(os.path.join(ROOT, n))]


def links(text):
    """The link targets of a page's text, code blocks and code spans left out."""
    text = _CODE.sub("", _FENCE.sub("", text))
    return _LINK.findall(text)


def slug(heading):
    s = heading.strip().lower()
    s = re.sub(r"[^\w\- ]", "", s)
    return s.replace(" ", "-")


def anchors(path):
    with open(path, encoding="utf-8") as f:
        text = _FENCE.sub("", f.read())
    seen = {}
    out = set()
    for h in re.findall(r"^#{1,6}\s+(.*?)\s*#*\s*$", text, re.M):
        base = slug(h)
        n = seen.get(base, 0)
        seen[base] = n + 1
        out.add(base if n == 0 else "%s-%d" % (base, n))
    return out


def broken():
    bad = []
    for page in pages():
        with open(os.path.join(ROOT, page), encoding="utf-8") as f:
            text = f.read()
        for target in links(text):
            if re.match(r"[a-z][a-z0-9+.-]*:", target, re.I):     # http:, mailto:
                continue
            path, _, anchor = target.partition("#")
            full = (os.path.join(ROOT, page) if not path else
                    os.path.normpath(os.path.join(ROOT, os.path.dirname(page), path)))
            if not os.path.exists(full):
                bad.append("%s: %s (no such file)" % (page, target))
            elif anchor and full.endswith(".md") and anchor not in anchors(full):
                bad.append("%s: %s (no such heading)" % (page, target))
    return bad


def test_every_relative_link_resolves():
    assert len(pages()) >= 8
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        assert len(links(f.read())) >= 15     # the screens, the pages
    assert not broken(), "\n".join(broken())


def test_the_checker_finds_a_broken_link_and_a_broken_anchor(tmp_path, monkeypatch):
    assert links("see [a](docs/a.md#x-y) and ![p](b.png) `[c](no.md)`\n```\n[d](e.md)\n```\n") \
        == ["docs/a.md#x-y", "b.png"]
    assert slug("The board's heap") == "the-boards-heap"
    assert slug("Raspberry Pi Pico (RP2040) and Pico 2 (RP2350)") == \
        "raspberry-pi-pico-rp2040-and-pico-2-rp2350"
    (tmp_path / "docs").mkdir()
    (tmp_path / "README.md").write_text("[ok](docs/x.md#a-b) [gone](docs/y.md) [bad](#nope)\n# Top\n")
    (tmp_path / "docs" / "x.md").write_text("# A b\n[up](../README.md#top)\n")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", str(tmp_path))
    assert broken() == ["README.md: docs/y.md (no such file)",
                        "README.md: #nope (no such heading)"]
