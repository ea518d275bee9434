#!/usr/bin/env python3
"""Drives an HTML report in headless Chromium the way a reader does, over the DevTools
protocol on a pipe (--remote-debugging-pipe): clicks into the search box and types the
query with real input events, then clicks the passage's box on the map with the mouse,
and prints what the page shows as one JSON object (the search count, the selected box,
the side panel's heading, place and text, the panel's whole text, and what story text
could have injected: img/iframe/object/embed elements, scripts, `window.pwned`). With --screenshot
FILE it also writes a PNG of the page at that moment.

With --checks it goes on as a reader would and adds "checks": how many boxes are marked
as on a loop, the map's width in view
units before and after one wheel notch, after the "+" key and after "0"; how many restart
edges show before and after the restarts box is clicked; the endings' first column after
one and two clicks on the "odds" header; the panel's heading after a click on the first
finding; how many boxes and edges of unreachable passages show before and after the
unreachable box is clicked; the map shown once the heat box is clicked.

With --overview (a big story's page, which opens on its chapters) it first adds
"overview": the figure shown on opening, the seconds from opening the file to the
page's script being ready, the number of chapter boxes, the pixel variance of the map
area's screenshot (a blank map has 0), the figure a mouse click on the first chapter box
opens and how many passage boxes it holds, and the figure the "overview" button brings
back; and "search_seconds": from typing the query to the match's box being in view.

usage: html-report-browser.py PAGE.html QUERY PASSAGE [--checks] [--overview] [--screenshot FILE] [--size WxH]

Exit codes: 0 done, 2 usage, 3 the page did not behave (message on stderr), 4 chromium
missing or broken. Used by Tests/StoryHTMLTests/HTMLBrowserTests.swift and to make the
screenshot in Documentation/html-report.md (make examples takes it).
"""
import base64
import fcntl
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time


class PageError(Exception):
    pass


class Browser:
    def __init__(self, chromium, width, height):
        to_child_r, to_child_w = os.pipe()
        from_child_r, from_child_w = os.pipe()
        # Park the child's ends above 10 so that dup2 onto 3 and 4 cannot clobber them.
        child_in = fcntl.fcntl(to_child_r, fcntl.F_DUPFD, 10)
        child_out = fcntl.fcntl(from_child_w, fcntl.F_DUPFD, 10)
        os.close(to_child_r)
        os.close(from_child_w)

        def wire():
            os.dup2(child_in, 3)
            os.dup2(child_out, 4)

        self.profile = tempfile.mkdtemp(prefix="storygraph-chromium-")
        self.process = subprocess.Popen(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
             "--no-first-run", "--no-default-browser-check", "--disable-extensions",
             "--remote-debugging-pipe", "--user-data-dir=" + self.profile,
             "--window-size=%d,%d" % (width, height)],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            close_fds=False, preexec_fn=wire)
        os.close(child_in)
        os.close(child_out)
        self.send_fd = to_child_w
        self.read_fd = from_child_r
        self.buffer = b""
        self.next_id = 0
        self.session = None

    def call(self, method, params=None, browser=False):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if self.session and not browser:
            message["sessionId"] = self.session
        os.write(self.send_fd, json.dumps(message).encode() + b"\0")
        while True:
            reply = self.receive()
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise PageError("%s: %s" % (method, reply["error"]))
                return reply.get("result", {})

    def receive(self):
        while b"\0" not in self.buffer:
            chunk = os.read(self.read_fd, 1 << 16)
            if not chunk:
                raise PageError("chromium closed the pipe")
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True})
        if "exceptionDetails" in result:
            raise PageError("script failed: %s" % result["exceptionDetails"].get("text"))
        return result["result"].get("value")

    def key(self, key, code, keycode, text=None):
        down = {"type": "keyDown", "key": key, "code": code, "windowsVirtualKeyCode": keycode}
        if text:
            down["text"] = text
        self.call("Input.dispatchKeyEvent", down)
        self.call("Input.dispatchKeyEvent", {"type": "keyUp", "key": key, "code": code, "windowsVirtualKeyCode": keycode})

    def centre_of(self, expression):
        """Scrolls the element into view and gives its centre."""
        spot = self.evaluate("(function(e){ if (!e) { return null; } e.scrollIntoView({block: 'center'}); var r = e.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })(%s)" % expression)
        if spot is None:
            raise PageError("no element for " + expression)
        return spot

    def click(self, x, y):
        for kind in ("mouseMoved", "mousePressed", "mouseReleased"):
            self.call("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1})

    def close(self):
        try:
            self.call("Browser.close", browser=True)
        except Exception:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        shutil.rmtree(self.profile, ignore_errors=True)


def find_chromium():
    """Chromium's path, or None after saying how to install it."""
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if not chromium:
        print("chromium is not installed (apt-get install chromium)", file=sys.stderr)
    return chromium


def wait_for(browser, expression, what, seconds=20):
    deadline = time.time() + seconds
    while time.time() < deadline:
        if browser.evaluate(expression):
            return
        time.sleep(0.05)
    raise PageError("timed out waiting for " + what)


VIEW_WIDTH = "(function(){ var f = Array.prototype.filter.call(document.querySelectorAll('figure.map'), function(f){return !f.hidden;})[0]; return Math.round(Number(f.querySelector('svg').getAttribute('viewBox').split(' ')[2])); })()"
SHOWN_RESTARTS = "Array.prototype.filter.call(document.querySelectorAll('figure.map:not([hidden]) g.restart'), function(g){ return getComputedStyle(g).display !== 'none'; }).length"
ENDINGS = "Array.prototype.map.call(document.querySelectorAll('#table-endings tbody tr'), function(r){ return r.cells[0].textContent; })"


def checks(browser):
    found = {}
    area = browser.centre_of("document.getElementById('map-area')")
    found["width_before"] = browser.evaluate(VIEW_WIDTH)
    found["on_loop"] = browser.evaluate("document.querySelectorAll('figure.map:not([hidden]) g.node.on-loop').length")
    browser.call("Input.dispatchMouseEvent", {"type": "mouseWheel", "x": area[0], "y": area[1], "deltaX": 0, "deltaY": -120})
    time.sleep(0.1)
    found["width_after_wheel"] = browser.evaluate(VIEW_WIDTH)
    browser.evaluate("document.getElementById('map-area').focus()")
    browser.key("+", "Equal", 187, "+")
    found["width_after_plus"] = browser.evaluate(VIEW_WIDTH)
    browser.key("0", "Digit0", 48, "0")
    found["width_after_zero"] = browser.evaluate(VIEW_WIDTH)
    found["restarts_shown"] = browser.evaluate(SHOWN_RESTARTS)
    box = browser.centre_of("document.getElementById('toggle-restarts')")
    browser.click(box[0], box[1])
    found["restarts_after_toggle"] = browser.evaluate(SHOWN_RESTARTS)
    header = "Array.prototype.filter.call(document.querySelectorAll('#table-endings thead th'), function(t){ return t.textContent === 'odds'; })[0]"
    spot = browser.centre_of(header)
    browser.click(spot[0], spot[1])
    found["endings_by_odds"] = browser.evaluate(ENDINGS)
    spot = browser.centre_of(header)
    browser.click(spot[0], spot[1])
    found["endings_by_odds_descending"] = browser.evaluate(ENDINGS)
    if browser.evaluate("document.querySelector('tr.finding[data-passage]') !== null"):
        spot = browser.centre_of("document.querySelector('tr.finding[data-passage]')")
        browser.click(spot[0], spot[1])
        found["finding_opens"] = browser.evaluate("document.querySelector('#panel-body h2').textContent")
    unreachable = "Array.prototype.filter.call(document.querySelectorAll('figure.map:not([hidden]) g.node.unreachable, figure.map:not([hidden]) .of-unreachable'), function(g){ return getComputedStyle(g).display !== 'none'; }).length"
    found["unreachable_shown"] = browser.evaluate(unreachable)
    box = browser.centre_of("document.getElementById('toggle-unreachable')")
    browser.click(box[0], box[1])
    found["unreachable_after_toggle"] = browser.evaluate(unreachable)
    if browser.evaluate("document.getElementById('toggle-heat') !== null"):
        box = browser.centre_of("document.getElementById('toggle-heat')")
        browser.click(box[0], box[1])
        found["heat_off_shows"] = browser.evaluate("document.querySelector('figure.map:not([hidden])').id")
    return found


SHOWN_FIGURE = "document.querySelector('figure.map:not([hidden])').id"

# The variance of the grey levels of a PNG (base64) cropped to a rectangle, computed by the
# page's own canvas (no image library needed): 0 for a blank picture.
VARIANCE = """new Promise(function(done){
  var img = new Image();
  img.onload = function(){
    var r = %s, c = document.createElement('canvas'); c.width = Math.round(r[2]); c.height = Math.round(r[3]);
    var g = c.getContext('2d'); g.drawImage(img, r[0], r[1], r[2], r[3], 0, 0, r[2], r[3]);
    var d = g.getImageData(0, 0, c.width, c.height).data, n = 0, sum = 0, sq = 0;
    for (var i = 0; i < d.length; i += 4) { var v = 0.299 * d[i] + 0.587 * d[i + 1] + 0.114 * d[i + 2]; n++; sum += v; sq += v * v; }
    var m = sum / n; done(sq / n - m * m);
  };
  img.src = 'data:image/png;base64,%s';
})"""


def overview_checks(browser, opened):
    found = {"opens_on": browser.evaluate(SHOWN_FIGURE), "ready_seconds": round(time.time() - opened, 2)}
    found["chapter_boxes"] = browser.evaluate("document.querySelectorAll('figure.map:not([hidden]) g.node.chapter').length")
    rect = browser.evaluate("(function(){var r=document.getElementById('map-area').getBoundingClientRect();return [r.left,r.top,r.width,r.height];})()")
    png = browser.call("Page.captureScreenshot", {"format": "png"})["data"]
    found["variance"] = round(browser.call("Runtime.evaluate", {"expression": VARIANCE % (json.dumps(rect), png), "awaitPromise": True, "returnByValue": True})["result"]["value"], 1)
    spot = browser.evaluate("(function(){var n=document.getElementById('chapter:1'); if(!n){return null;} var r=n.getBoundingClientRect(); return [r.left+r.width/2, r.top+r.height/2];})()")
    if spot is None:
        raise PageError("no box for chapter 1 on the overview")
    browser.click(spot[0], spot[1])
    found["click_opens"] = browser.evaluate(SHOWN_FIGURE)
    found["chapter_passages"] = browser.evaluate("document.querySelectorAll('figure.map:not([hidden]) g.node.passage').length")
    back = browser.centre_of("document.getElementById('overview')")
    browser.click(back[0], back[1])
    found["button_opens"] = browser.evaluate(SHOWN_FIGURE)
    return found, png


def drive(browser, page, query, passage, screenshot, with_checks=False, with_overview=False):
    opened = time.time()
    target = browser.call("Target.createTarget", {"url": "file://" + os.path.abspath(page)}, browser=True)
    attached = browser.call("Target.attachToTarget", {"targetId": target["targetId"], "flatten": True}, browser=True)
    browser.session = attached["sessionId"]
    browser.call("Runtime.enable")
    wait_for(browser, "document.readyState === 'complete' && document.body.classList.contains('js')", "the page's script", seconds=60)
    overview = None
    if with_overview:
        overview, first = overview_checks(browser, opened)
        if screenshot:
            with open(screenshot, "wb") as out:
                out.write(base64.b64decode(first))
            screenshot = None

    # Click into the search box, then type as a keyboard does.
    box = browser.evaluate("(function(){var r=document.getElementById('search').getBoundingClientRect();return [r.left+r.width/2,r.top+r.height/2];})()")
    browser.click(box[0], box[1])
    if not browser.evaluate("document.activeElement === document.getElementById('search')"):
        raise PageError("the search box did not take the focus")
    typed = time.time()
    browser.call("Input.insertText", {"text": query})
    count = browser.evaluate("document.getElementById('search-count').textContent")

    # The passage's box, where the search put it: click its centre with the mouse.
    locate = """(function(id){
      var f = Array.prototype.filter.call(document.querySelectorAll('figure.map'), function(f){return !f.hidden;})[0];
      var n = document.getElementById((f.getAttribute('data-prefix')||'') + 'passage:' + id);
      if (!n) { return null; }
      var r = n.getBoundingClientRect(), a = document.getElementById('map-area').getBoundingClientRect();
      return {x: r.left + r.width / 2, y: r.top + r.height / 2, inside: r.left >= a.left && r.right <= a.right && r.top >= a.top && r.bottom <= a.bottom,
              match: n.classList.contains('match')};
    })(%s)""" % json.dumps(passage)
    spot = browser.evaluate(locate)
    if spot is None:
        raise PageError("no box for passage %r on the map" % passage)
    if not spot["inside"]:
        raise PageError("the search did not bring passage %r into view" % passage)
    search_seconds = round(time.time() - typed, 2)
    browser.click(spot["x"], spot["y"])
    wait_for(browser, "!document.getElementById('panel').hidden", "the side panel")
    shown = browser.evaluate("""(function(){
      var b = document.getElementById('panel-body'), sel = document.querySelector('figure.map:not([hidden]) g.node.selected');
      return {heading: b.querySelector('h2').textContent, where: b.querySelector('.where').textContent,
              text: b.querySelector('.text').textContent, panel: b.innerText,
              selected: sel ? sel.id : null};
    })()""")
    shown["search_count"] = count
    # What story text could have injected: elements it names, a flag its handlers set.
    shown["images"] = browser.evaluate("document.querySelectorAll('img, iframe, object, embed').length")
    shown["scripts"] = browser.evaluate("document.scripts.length")
    shown["pwned"] = browser.evaluate("window.pwned === true")
    shown["match_before_click"] = spot["match"]
    if screenshot:
        png = browser.call("Page.captureScreenshot", {"format": "png"})
        with open(screenshot, "wb") as out:
            out.write(base64.b64decode(png["data"]))
    if with_checks:
        shown["checks"] = checks(browser)
    if overview is not None:
        shown["overview"] = overview
        shown["search_seconds"] = search_seconds
    return shown


def main(argv):
    args = argv[1:]
    screenshot = None
    width, height = 1400, 1000
    with_checks = "--checks" in args
    if with_checks:
        args.remove("--checks")
    with_overview = "--overview" in args
    if with_overview:
        args.remove("--overview")
    if "--screenshot" in args:
        i = args.index("--screenshot")
        screenshot = args[i + 1]
        del args[i:i + 2]
    if "--size" in args:
        i = args.index("--size")
        width, height = (int(v) for v in args[i + 1].split("x"))
        del args[i:i + 2]
    if len(args) != 3:
        print(next(line for line in __doc__.splitlines() if line.startswith("usage:")), file=sys.stderr)
        return 2
    chromium = find_chromium()
    if not chromium:
        return 4
    signal.alarm(180 if with_overview else 90)
    browser = Browser(chromium, width, height)
    try:
        print(json.dumps(drive(browser, args[0], args[1], args[2], screenshot, with_checks, with_overview), sort_keys=True))
        return 0
    except PageError as error:
        print("page: %s" % error, file=sys.stderr)
        return 3
    finally:
        browser.close()


if __name__ == "__main__":
    sys.exit(main(sys.argv))
