#!/usr/bin/env python3
"""run_explain.py -- the tests of `ingot explain` (meson suite `explain`).

Renders the pages of examples/learn (the seed's sections: §2.1 tracing.py, §2.3
autograph.py, ...) and of tests/explain's own scripts, then checks each page:
  * it parses as HTML with every element closed in order, unique ids, a title;
  * it has the stages' sections, and every line link (class LN) names a line of the
    script;
  * what each script must show: AutoGraph's if_stmt linked to the `if` line, graph
    nodes drawn, each trace's Python arguments and reason in the traces table, a warning and an error in place, the compiled and eager outputs
    side by side with the differing lines marked, the note when dot is missing;
  * in headless Chromium (Debian's `chromium`), the page loads without script
    errors and its own #selftest finds the links working both ways (a source line
    highlights graph nodes and C lines; a graph node highlights its source line).
    A screenshot of each goes to --out, out of the tree.
Without chromium every other check still runs, then the test reports SKIP (exit 77):
a skip, never a pass. scripts/test installs chromium, so CI runs it."""
import argparse
import html.parser
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

MESON_SKIP = 77
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
        "source", "track", "wbr"}


class PageParser(html.parser.HTMLParser):
    """Checks nesting and collects ids, classes and text by section."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack, self.errors, self.ids = [], [], {}
        self.classes = []          # (section id, class attribute)
        self.section = None
        self.title = ""
        self.text = {}             # section id -> its text

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "section":
            self.section = a.get("id")
        if "id" in a:
            if a["id"] in self.ids:
                self.errors.append(f"duplicate id '{a['id']}'")
            self.ids[a["id"]] = tag
        if a.get("class"):
            self.classes.append((self.section, tag, a["class"]))
        if tag not in VOID:
            self.stack.append((tag, self.getpos()))

    def handle_startendtag(self, tag, attrs):
        a = dict(attrs)
        if a.get("class"):
            self.classes.append((self.section, tag, a["class"]))

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        if not self.stack or self.stack[-1][0] != tag:
            where = self.getpos()
            top = self.stack[-1][0] if self.stack else "nothing"
            self.errors.append(f"line {where[0]}: </{tag}> closes <{top}>")
            return
        self.stack.pop()
        if tag == "section":
            self.section = None

    def handle_data(self, data):
        if self.stack and self.stack[-1][0] == "title":
            self.title += data
        if self.section:
            self.text[self.section] = self.text.get(self.section, "") + data


class Checks:
    def __init__(self, name):
        self.name, self.failures = name, []

    def expect(self, ok, what):
        if not ok:
            self.failures.append(what)
        return ok


def explain(ingot, script, page, *extra, env=None):
    cmd = [ingot, "explain", *extra, script.name, "-o", str(page)]
    p = subprocess.run(cmd, cwd=script.parent, capture_output=True, text=True, env=env,
                       timeout=300)
    return p.returncode, p.stderr


def parse(page, c):
    parser = PageParser()
    text = page.read_text(encoding="utf-8")
    c.expect(text.startswith("<!DOCTYPE html>"), "no <!DOCTYPE html>")
    parser.feed(text)
    parser.close()
    for e in parser.errors[:5]:
        c.expect(False, "HTML: " + e)
    c.expect(not parser.stack, f"HTML: unclosed {[t for t, _ in parser.stack][:5]}")
    c.expect(parser.title.strip(), "no title")
    return parser


def line_links(parser, section=None, tag=None):
    """The script lines that elements of a section (of a tag) link to."""
    out = set()
    for sec, t, cls in parser.classes:
        if (section is None or sec == section) and (tag is None or t == tag):
            out.update(int(m) for m in re.findall(r"(?:^|\s)L(\d+)(?=\s|$)", cls))
    return out


def line_of(script, needle):
    for n, line in enumerate(script.read_text(encoding="utf-8").splitlines(), 1):
        if needle in line:
            return n
    raise AssertionError(f"{script.name} has no line with {needle!r}")


def check_common(script, parser, c, run=False):
    nlines = len(script.read_text(encoding="utf-8").splitlines())
    for sec in ("source", "autograph", "traces", "graphs", "c", "output") + (("run",) if run else ()):
        c.expect(sec in parser.ids, f"no section '{sec}'")
    bad = sorted(n for n in line_links(parser) if not 1 <= n <= nlines)
    c.expect(not bad, f"links to lines the script does not have: {bad[:5]}")
    c.expect(len(line_links(parser, "source")) == nlines, "not every source line is linked")


def check_browser(chromium, page, shot, c):
    """The page's own #selftest in headless Chromium: the title says ok."""
    base = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
            "--no-first-run", "--user-data-dir=" + str(shot.parent / "chromium-profile")]
    url = page.resolve().as_uri() + "#selftest"
    p = subprocess.run(base + ["--dump-dom", url], capture_output=True, text=True, timeout=120)
    m = re.search(r"<title>(selftest[^<]*)</title>", p.stdout)
    c.expect(m and m.group(1).startswith("selftest ok"),
             "browser self-test: " + (m.group(1) if m else
                                      f"did not run (exit {p.returncode}): {p.stderr[-500:]}"))
    subprocess.run(base + ["--window-size=1500,950", "--screenshot=" + str(shot),
                           page.resolve().as_uri() + "#graphs"],
                   capture_output=True, timeout=120)
    c.expect(shot.exists() and shot.stat().st_size > 0, "no screenshot")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ingot", required=True)
    ap.add_argument("--source-root", required=True)
    ap.add_argument("--out", required=True, help="where pages and screenshots go")
    args = ap.parse_args()
    ingot = os.path.abspath(args.ingot)
    root = Path(args.source_root)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    learn, here = root / "examples" / "learn", root / "tests" / "explain"
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    results = []

    # Every page of examples/learn: well-formed, linked, and in the browser.
    for script in sorted(learn.glob("*.py")):
        c = Checks(f"learn/{script.name}")
        page = out / (script.stem + ".html")
        rc, err = explain(ingot, script, page, "--run")
        if c.expect(rc == 0, f"ingot explain: exit {rc}: {err[-500:]}"):
            parser = parse(page, c)
            check_common(script, parser, c, run=True)
            c.expect(line_links(parser, "graphs", "g"), "no graph node linked to a line")
            c.expect(line_links(parser, "c"), "no C line linked")
            diff = parser.text.get("run", "")
            c.expect("ingot run --eager" in diff, "no compiled-vs-eager table")
            if script.name == "autograph.py":
                if_line = line_of(script, "if x > 0")
                c.expect("ag__.if_stmt" in parser.text.get("autograph", ""),
                         "the AutoGraph listing has no ag__.if_stmt")
                c.expect(if_line in line_links(parser, "autograph"),
                         "no AutoGraph line linked to the if")
                c.expect(if_line in line_links(parser, "graphs", "g"),
                         "no graph node linked to the if (the cond)")
            if script.name == "retracing.py":
                traces = parser.text.get("traces", "")
                c.expect("scale(x, factor=2)" in traces and
                         "argument 'factor': 2, was 1 in trace 1" in traces,
                         "the traces table does not show the Python argument and the reason")
                c.expect(line_of(script, "tf.constant(factor)") in line_links(parser, "traces"),
                         "the trace made by the tensor call does not link to its line")
            if script.name == "tracing.py":
                c.expect(line_of(script, 'print("Tracing!")') in line_links(parser, "output"),
                         "the build output's 'Tracing!' is not linked to the print's line")
            if script.name == "train_step.py":
                forward = line_of(script, "prediction = tf.matmul(x, w) + b")
                tape = line_of(script, "tape.gradient(loss, [w, b])")
                c.expect("gradients" in parser.ids, "no Gradients tab")
                c.expect(forward in line_links(parser, "gradients", "tr") and
                         "matmul" in parser.text.get("gradients", ""),
                         "the Gradients tab has no row for the matmul's line")
                c.expect(any(sec == "graphs" and "grad" in cls.split() and
                             f"L{tape}" in cls.split() and f"L{forward}" in cls.split()
                             for sec, _, cls in parser.classes),
                         "no graph node of the gradient linked to both the tape's line and "
                         "its forward line")
            if script.name == "side_effects.py":
                warn = line_of(script, "counter += 1")
                c.expect(any(sec == "source" and "diag warning L%d" % warn in cls
                             for sec, _, cls in parser.classes),
                         "the -Wtrace-side-effect warning is not shown at its line")
                html_text = page.read_text(encoding="utf-8")
                c.expect(re.search(r'<tr class="differs"><td></td><td>python counter: 3',
                                   html_text) or
                         re.search(r'<tr class="differs"><td>python counter: 2  variable: 3'
                                   r'</td><td></td>', html_text),
                         "the lines where compiled and eager differ are not marked")
            if chromium:
                check_browser(chromium, page, out / (script.stem + ".png"), c)
        results.append(c)

    # A script that does not parse: the page still comes, the error in place.
    script = here / "syntax_error.py"
    c = Checks("syntax_error.py")
    page = out / "syntax_error.html"
    rc, err = explain(ingot, script, page)
    c.expect(rc == 1, f"exit {rc}, expected 1 (the script has an error)")
    want = script.with_suffix(".err").read_text(encoding="utf-8")
    c.expect(err == want, f"stderr is not syntax_error.err (the error, as ingot build shows it):"
                          f"\n{err[-500:]}")
    if c.expect(page.exists(), "no page"):
        parser = parse(page, c)
        check_common(script, parser, c)
        c.expect(any(sec == "source" and "diag error L4" in cls
                     for sec, _, cls in parser.classes), "the error is not shown at line 4")
        c.expect("stopped at parsing" in page.read_text(encoding="utf-8"),
                 "the page does not say where the build stopped")
    results.append(c)

    # Without Graphviz's dot the page says so (and how to get it).
    script = learn / "autograph.py"
    c = Checks("no dot")
    page = out / "no_dot.html"
    env = dict(os.environ, INGOT_DOT="/nonexistent/dot")
    rc, err = explain(ingot, script, page, env=env)
    if c.expect(rc == 0, f"exit {rc}: {err[-300:]}"):
        parser = parse(page, c)
        check_common(script, parser, c)
        c.expect("was not found" in parser.text.get("graphs", ""),
                 "no note that dot is missing")
    results.append(c)

    # -o - writes the page to stdout.
    c = Checks("-o -")
    p = subprocess.run([ingot, "explain", "autograph.py", "-o", "-"], cwd=learn,
                       capture_output=True, text=True, timeout=300)
    c.expect(p.returncode == 0 and p.stdout.startswith("<!DOCTYPE html>")
             and p.stdout.rstrip().endswith("</html>"), "no page on stdout")
    results.append(c)

    failed = [r for r in results if r.failures]
    for r in results:
        print(("FAIL " if r.failures else "PASS ") + r.name)
        for f in r.failures:
            print("    " + f)
    print(f"{len(results) - len(failed)} passed, {len(failed)} failed")
    if failed:
        return 1
    if not chromium:
        print("SKIP: chromium is not installed, so the pages were not tried in a browser "
              "(scripts/test installs it)")
        return MESON_SKIP
    return 0


if __name__ == "__main__":
    sys.exit(main())
