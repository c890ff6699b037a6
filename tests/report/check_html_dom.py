#!/usr/bin/env python3
"""Checks the DOM Chromium built from an HTML report (--html) against the run's trace file.

Usage: check_html_dom.py DOM PAGE RANKS ok|violation TRACE-OR-EMPTY SCREENSHOT [folded]
Exits 1 with one line per failed check.
"""
import json
import struct
import sys
from html.parser import HTMLParser


class Elements(HTMLParser):
    """Every element with its tag, classes and id, in document order: `items` outside any
    diagram and in the first (whole) one, `folded` in the folded drawing of the first
    counterexample, if the page has one."""

    def __init__(self):
        super().__init__()
        self.items = []
        self.folded = []
        self.svgs = 0
        self.current = 0  # the drawing we are in (1 = the first), 0 outside any

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        item = (tag, set((a.get("class") or "").split()), a.get("id"))
        if tag == "svg":
            self.svgs += 1
            self.current = self.svgs
        if self.current == 0 or self.current == 1:
            self.items.append(item)
        elif self.current == 2 and "folded" in (self.folded[0][1] if self.folded else item[1]):
            self.folded.append(item)

    def handle_endtag(self, tag):
        if tag == "svg":
            self.current = 0


def main():
    dom_path, page_path, ranks, expect, trace_path, shot = sys.argv[1:7]
    ranks = int(ranks)
    failed = []
    dom = open(dom_path, encoding="utf-8").read()
    page = open(page_path, encoding="utf-8").read()
    p = Elements()
    p.feed(dom)

    def count(tag, *classes, without=()):
        return sum(1 for t, c, _ in p.items
                   if t == tag and all(k in c for k in classes) and not any(k in c for k in without))

    verdict = [c for t, c, i in p.items if i == "verdict"]
    if not verdict:
        failed.append("no verdict")
    elif ("bad" if expect == "violation" else "good") not in verdict[0]:
        failed.append(f"verdict is {sorted(verdict[0])}, expected {expect}")

    story = []
    if trace_path:
        story = json.load(open(trace_path, encoding="utf-8")).get("story", [])
    if expect == "violation" and not story:
        failed.append("a violation without a trace story: nothing for the diagram to check")
    if expect == "violation" and story:
        sent = {m["id"] for s in story for m in s.get("sent", [])}
        delivered = [s["message"] for s in story if "message" in s]
        arrows = sum(1 for m in delivered if m in sent)
        pending = len(sent - set(delivered))
        if count("g", "lane") != ranks:
            failed.append(f"{count('g', 'lane')} lanes, expected {ranks}")
        if count("line", "msg", without=("pending",)) != arrows:
            failed.append(f"{count('line', 'msg', without=('pending',))} message arrows, "
                          f"the trace delivers {arrows}")
        if count("line", "msg", "pending") != pending:
            failed.append(f"{count('line', 'msg', 'pending')} dashed arrows, the trace leaves "
                          f"{pending} messages undelivered")
        steps = count("g", "step")
        if steps != len(story):
            failed.append(f"{steps} steps drawn, the trace has {len(story)}")
        chosen = sum(1 for s in story if s.get("choice"))
        if count("g", "step", "choice") != chosen:
            failed.append(f"{count('g', 'step', 'choice')} choices marked, the trace has {chosen}")
        # A lasso (liveness) has no one offending rank: its cycle is what is marked.
        if any(s.get("cycle_start") for s in story):
            if not any(i == "cycle" for _, _, i in p.items):
                failed.append("no cycle marker (#cycle) for a lasso")
        elif not any(i == "violation" for _, _, i in p.items):
            failed.append("no violation marker (#violation)")
    else:
        if any(i == "violation" for _, _, i in p.items):
            failed.append("a violation marker on a page without a counterexample")
    if p.folded:
        lanes = sum(1 for t, c, _ in p.folded if t == "g" and "lane" in c)
        folds = sum(1 for t, c, _ in p.folded if t == "g" and "fold" in c)
        if lanes != ranks or folds == 0:
            failed.append(f"the folded drawing has {lanes} lanes and {folds} folds")
    if len(sys.argv) > 7 and sys.argv[7] == "folded" and not p.folded:
        failed.append("a long story without a folded drawing")
    if not any(i == "statistics" for _, _, i in p.items):
        failed.append("no statistics")

    # Self-contained: nothing to fetch (the SVG namespace is a name, not a fetch).
    for needle in ("<script src", "<link", "@import", "url(http"):
        if needle in page:
            failed.append(f"the page loads something from elsewhere ({needle})")
    if "https://" in page or page.count("http://") != page.count("http://www.w3.org/2000/svg"):
        failed.append("the page names an address besides the SVG namespace")

    try:
        data = open(shot, "rb").read()
        if data[:8] != b"\x89PNG\r\n\x1a\n":
            failed.append("the screenshot is not a PNG")
        else:
            width, height = struct.unpack(">II", data[16:24])
            if width < 600 or height < 300 or len(data) < 5000:
                failed.append(f"the screenshot is {width}x{height}, {len(data)} bytes")
    except OSError as e:
        failed.append(f"no screenshot: {e}")

    for f in failed:
        print("    " + f)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
