#!/usr/bin/env python3
"""Plays a SugarCube story in SugarCube's own runtime, exhaustively, as a reader would, to
check what storygraph's state search says about it.

It builds a Twine 2 HTML file from the story's Twee sources the way Tweego does (every
.twee/.tw/.tw2 file under the folder, in path order, split at `::` passage headers; .js
files and `script` passages become the story JavaScript, .css files and `stylesheet`
passages the story stylesheet; StoryTitle and StoryData give the name, IFID and start),
puts it into the story format's own page (`format.js`, as Twine does: `{{STORY_NAME}}`,
`{{STORY_DATA}}`), opens that page in headless Chromium over the DevTools protocol
(--remote-debugging-pipe) and explores breadth-first: on each screen it collects the
links a reader can click in the passage area (`#passages .link-internal`, which SugarCube
gives to `[[…]]` links, `<<link>>`, `<<button>>`, `<<back>>`/`<<return>>` and
`<<linkreplace>>`/`<<linkappend>>`/`<<linkprepend>>`; broken links are left out), clicks
each in turn from a restored copy of the screen, and goes on from what the click shows.

A screen is restored from SugarCube's own saved state: `State.marshalForSave()` when the
passage was shown (kept in the page), then `State.unmarshalForSave()` and `Engine.show()`
(what loading a save does), followed by the clicks made on that passage that did not leave it. A screen
is identified by (passage, the story variables `State.variables` as JSON, the texts and
targets of the links offered); one seen before is not explored again. The variables
compared are the story's `$` variables only (temporary `_` variables and the visit
history are not part of the identity, so a story whose links depend on `visited()` alone
may be cut short; the output says how many screens were explored).

Prints one JSON object: the story, the format version, screens explored, clicks made,
seconds, whether the exploration was complete or stopped at --max-states / --max-seconds,
the passages shown (sorted), the passages where no link was offered (endings as the
runtime shows them), every link offered as [passage, link text, target] (for a `<<link>>` without a
target, "-> " and the passage the click led to, or null if it stayed), the screens
explored per passage and on how many of them each link was offered, the inputs used, the passages the
runtime never showed (of those in the story, special passages left out), and errors that
SugarCube printed on a screen (`.error` elements), each with its passage.

With --inputs first, a reader picks only the first radio button of each group and the
first option of each list box (the links are still all followed): a story that asks for
several settings in a row has as many screens as combinations of them otherwise.
With --host NAME the page is served over HTTP from 127.0.0.1 and opened as
http://NAME:PORT/ (Chromium maps NAME to 127.0.0.1), for a story whose script looks at
`location.hostname` (mytwine-game skips its server login on a `github.io` host).

usage: sugarcube-explore.py STORY_DIR FORMAT_JS [--max-states N] [--max-seconds S] [--inputs all|first] [--host NAME] [--html OUT]

Exit codes: 0 done (complete or stopped at a bound, as the output says), 2 usage, 3 the
page did not behave (message on stderr), 4 chromium missing. Used by hand to check the
findings in Documentation/trials/twine-realworld.md ("Checked in SugarCube's runtime").
"""
import functools
import html
import http.server
import threading
import importlib.util
import json
import os
import signal
import sys
import time
from collections import deque

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("browser", os.path.join(here, "html-report-browser.py"))
browser_module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(browser_module)
PageError, wait_for = browser_module.PageError, browser_module.wait_for


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


class Browser(browser_module.Browser):
    """The report driver's browser, which also accepts the page's alert() boxes (SugarCube
    reports a story's script errors with one, and an open box blocks every other call) and
    keeps their messages."""
    dialogs = []

    def __init__(self, chromium, width, height, extra):
        # The report driver's Browser starts chromium with a fixed list of switches; the
        # extra ones (a host mapping) go in through the command it runs.
        original = browser_module.subprocess.Popen

        def popen(command, **options):
            return original(command + extra, **options)
        browser_module.subprocess.Popen = popen
        try:
            super().__init__(chromium, width, height)
        finally:
            browser_module.subprocess.Popen = original

    def receive(self):
        while True:
            message = super().receive()
            if message.get("method") == "Page.javascriptDialogOpening":
                self.dialogs.append(message["params"].get("message", "")[:300])
                # An id of its own, above the calls' ids, so that the waiting call still
                # matches its own reply.
                reply = {"id": 1000000000 + len(self.dialogs), "method": "Page.handleJavaScriptDialog",
                         "params": {"accept": True}, "sessionId": message.get("sessionId")}
                os.write(self.send_fd, json.dumps(reply).encode() + b"\0")
                continue
            return message

SPECIAL = {"StoryTitle", "StoryData", "StoryInit", "StoryCaption", "StoryMenu", "StoryBanner",
           "StorySubtitle", "StoryAuthor", "StoryShare", "StoryInterface", "PassageReady",
           "PassageDone", "PassageHeader", "PassageFooter", "StoryDisplayTitle"}
SPECIAL_TAGS = {"script", "stylesheet", "widget", "Twine.private", "Twine.image", "annotation"}


def split_header(line):
    """`:: Name [tags] {metadata}` (Twee 3; Twee 1 has no metadata) -> (name, tags)."""
    rest = line[2:].strip()
    name, i = [], 0
    while i < len(rest):
        c = rest[i]
        if c == "\\" and i + 1 < len(rest):
            name.append(rest[i + 1])
            i += 2
            continue
        if c in "[{":
            break
        name.append(c)
        i += 1
    tags = []
    tail = rest[i:].strip()
    if tail.startswith("["):
        close = tail.find("]")
        if close > 0:
            tags = tail[1:close].split()
    return "".join(name).strip(), tags


def read_twee(root):
    """Passages as (name, tags, text), scripts and stylesheets, in Tweego's file order."""
    files = []
    for folder, dirs, names in os.walk(root):
        dirs.sort()
        for name in sorted(names):
            files.append(os.path.join(folder, name))
    passages, scripts, styles = [], [], []
    for path in files:
        ext = os.path.splitext(path)[1].lower()
        with open(path, encoding="utf-8-sig") as f:
            text = f.read()
        if ext == ".js":
            scripts.append(text)
            continue
        if ext == ".css":
            styles.append(text)
            continue
        if ext not in (".twee", ".tw", ".tw2"):
            continue
        current = None
        for line in text.split("\n"):
            line = line.rstrip("\r")
            if line.startswith("::"):
                current = [*split_header(line), []]
                passages.append(current)
            elif current is not None:
                current[2].append(line)
    out = []
    for name, tags, lines in passages:
        body = "\n".join(lines).rstrip()
        if "script" in tags:
            scripts.append(body)
        elif "stylesheet" in tags:
            styles.append(body)
        else:
            out.append((name, tags, body))
    return out, scripts, styles


def build_page(root, format_js):
    passages, scripts, styles = read_twee(root)
    by_name = {p[0]: p for p in passages}
    title = by_name.get("StoryTitle", (None, None, "story"))[2].strip() or "story"
    data = {}
    if "StoryData" in by_name:
        data = json.loads(by_name["StoryData"][2])
    start = data.get("start", "Start")
    kept = [p for p in passages if p[0] not in ("StoryTitle", "StoryData") and "Twine.private" not in p[1]]
    names = [p[0] for p in kept]
    if start not in names:
        raise PageError("no start passage %r" % start)
    attr = lambda v: html.escape(str(v), quote=True)
    parts = ['<tw-storydata name="%s" startnode="%d" creator="storygraph-sugarcube-explore" creator-version="1" '
             'ifid="%s" zoom="1" format="SugarCube" format-version="%s" options="" hidden>'
             % (attr(title), names.index(start) + 1, attr(data.get("ifid", "00000000-0000-4000-8000-000000000000")),
                attr(data.get("format-version", "")))]
    # Raw text elements, as Twine writes them: not escaped (only a closing tag is broken up).
    raw = lambda text, tag: text.replace("</" + tag, "<\\/" + tag)
    parts.append('<style role="stylesheet" id="twine-user-stylesheet" type="text/twine-css">%s</style>'
                 % raw("\n".join(styles), "style"))
    parts.append('<script role="script" id="twine-user-script" type="text/twine-javascript">%s</script>'
                 % raw("\n".join(scripts), "script"))
    for pid, (name, tags, body) in enumerate(kept, 1):
        parts.append('<tw-passagedata pid="%d" name="%s" tags="%s" position="0,0" size="100,100">%s</tw-passagedata>'
                     % (pid, attr(name), attr(" ".join(tags)), html.escape(body, quote=False)))
    parts.append("</tw-storydata>")
    with open(format_js, encoding="utf-8") as f:
        source = f.read()
    story_format = json.loads(source[source.index("(") + 1:source.rindex(")")])
    page = story_format["source"].replace("{{STORY_NAME}}", html.escape(title)).replace("{{STORY_DATA}}", "".join(parts))
    readable = [p[0] for p in kept if p[0] not in SPECIAL and not (set(p[1]) & SPECIAL_TAGS)]
    return page, story_format["version"], title, readable


# What a reader can do on a screen, in the passage area, in order: click a link (kind
# "link"), pick a radio button or an option of a list box, or tick a checkbox (kinds
# "radio", "option", "checkbox": these change variables without leaving the passage).
# Empty text boxes are filled with "Reader" first (a reader must type something to go on).
ACTIONS = """(function(){
  Array.prototype.forEach.call(document.querySelectorAll('#passages input[type=text], #passages input:not([type]), #passages textarea'), function(t){
    if (t.value === '') { t.value = 'Reader'; t.dispatchEvent(new Event('input', {bubbles: true})); t.dispatchEvent(new Event('change', {bubbles: true})); }
  });
  var found = [], groups = {}, all = window.__exploreAllInputs;
  Array.prototype.forEach.call(document.querySelectorAll('#passages .link-internal:not(.link-broken):not([disabled]), #passages input[type=radio], #passages input[type=checkbox], #passages select'), function(e){
    if (e.tagName === 'SELECT') {
      Array.prototype.forEach.call(e.options, function(o, i){ if (!all && i > 0) { return; } found.push({kind: 'option', text: o.textContent.trim(), target: null, act: function(){ e.selectedIndex = i; e.dispatchEvent(new Event('change', {bubbles: true})); }}); });
    } else if (e.tagName === 'INPUT') {
      var label = (e.closest('label') || e.parentNode).textContent.trim();
      if (e.type === 'radio' && !all) { if (groups[e.name]) { return; } groups[e.name] = true; }
      found.push({kind: e.type, text: label, target: null, act: function(){ e.click(); }});
    } else {
      found.push({kind: 'link', text: e.textContent.trim(), target: e.getAttribute('data-passage'), act: function(){ e.click(); }});
    }
  });
  return found;
})()"""
SCREEN = """(function(){ var a = %s; return {passage: SugarCube.State.passage, turns: SugarCube.State.turns,
  variables: JSON.stringify(SugarCube.State.variables), links: a.map(function(x){ return [x.kind, x.text, x.target]; }),
  errors: Array.prototype.map.call(document.querySelectorAll('#passages .error'), function(e){ return e.textContent.slice(0, 200); })}; })()""" % ACTIONS
# Do action I of the screen, then wait until SugarCube is idle and either a new turn has
# begun or 150 ms have passed (a `<<goto>>` in a `<<link>>` plays after
# Engine.minDomActionDelay, 40 ms).
CLICK = """new Promise(function(done){
  var actions = %s;
  var turns = SugarCube.State.turns, began = Date.now();
  if (%%d >= actions.length) { done(false); return; }
  actions[%%d].act();
  (function wait(){
    if (SugarCube.Engine.isIdle() && SugarCube.State.turns !== turns) { setTimeout(function(){ done(true); }, 0); return; }
    if (Date.now() - began > 150) { done(SugarCube.State.turns !== turns); return; }
    setTimeout(wait, 5);
  })();
})""" % ACTIONS


def evaluate_async(browser, expression):
    result = browser.call("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True})
    if "exceptionDetails" in result:
        raise PageError("script failed: %s" % json.dumps(result["exceptionDetails"])[:400])
    return result["result"].get("value")


def restore(browser, saved, clicks):
    browser.evaluate("SugarCube.State.unmarshalForSave(window.__saves[%d]); SugarCube.Engine.show(); true" % saved)
    for i in clicks:
        evaluate_async(browser, CLICK % (i, i))


def explore(browser, max_states, max_seconds):
    began = time.time()
    wait_for(browser, "typeof SugarCube !== 'undefined' && SugarCube.State && SugarCube.State.passage !== '' && SugarCube.Engine.isIdle()",
             "SugarCube to show the start", seconds=60)
    seen, shown, no_links, offered, inputs, errors = set(), set(), set(), set(), set(), set()
    clicks_made = 0
    screens, offered_on = {}, {}
    queue = deque()

    def visit(saved, clicks):
        screen = browser.evaluate(SCREEN)
        key = (screen["passage"], screen["variables"], json.dumps(screen["links"]))
        if key in seen:
            return
        seen.add(key)
        shown.add(screen["passage"])
        screens[screen["passage"]] = screens.get(screen["passage"], 0) + 1
        for kind, text, _ in screen["links"]:
            if kind == "link":
                on = (screen["passage"], text)
                offered_on[on] = offered_on.get(on, 0) + 1
        for e in screen["errors"]:
            errors.add((screen["passage"], e))
        if not any(kind == "link" for kind, _, _ in screen["links"]):
            no_links.add(screen["passage"])
        if not clicks:
            # Kept in the page, not sent here as JSON: a story's own classes (an
            # inventory object with methods) would come back as plain objects.
            saved = browser.evaluate("window.__saves = window.__saves || []; window.__saves.push(SugarCube.State.marshalForSave()) - 1")
        queue.append((saved, clicks, screen))

    visit(None, [])
    complete = True
    while queue:
        if len(seen) >= max_states or time.time() - began > max_seconds:
            complete = False
            break
        saved, clicks, screen = queue.popleft()
        for i, (kind, text, target) in enumerate(screen["links"]):
            restore(browser, saved, clicks)
            navigated = evaluate_async(browser, CLICK % (i, i))
            clicks_made += 1
            now = browser.evaluate("SugarCube.State.passage")
            if kind == "link":
                offered.add((screen["passage"], text, target if target is not None else ("-> " + now if navigated else None)))
            else:
                inputs.add((screen["passage"], kind, text[:80]))
            visit(saved, [] if navigated else clicks + [i])
    return {"states": len(seen), "clicks": clicks_made, "seconds": round(time.time() - began, 2),
            "complete": complete, "shown": sorted(shown), "no_links": sorted(no_links),
            "offered": sorted(offered, key=lambda o: json.dumps(o)),
            "screens": dict(sorted(screens.items())),
            "offered_on": sorted([p, t, n] for (p, t), n in offered_on.items()),
            "inputs": sorted(inputs),
            "errors": sorted(errors)}


def main(argv):
    args = argv[1:]
    max_states, max_seconds, html_out, inputs, host = 20000, 600.0, None, "all", None
    for flag in ("--max-states", "--max-seconds", "--html", "--inputs", "--host"):
        if flag in args:
            i = args.index(flag)
            if i + 1 >= len(args):
                print("%s needs a value" % flag, file=sys.stderr)
                return 2
            value = args[i + 1]
            del args[i:i + 2]
            if flag in ("--max-states", "--max-seconds"):
                try:
                    number = int(value) if flag == "--max-states" else float(value)
                except ValueError:
                    print("%s needs a number, not %r" % (flag, value), file=sys.stderr)
                    return 2
                if flag == "--max-states":
                    max_states = number
                else:
                    max_seconds = number
            elif flag == "--inputs" and value in ("all", "first"):
                inputs = value
            elif flag == "--inputs":
                print("--inputs is all or first", file=sys.stderr)
                return 2
            elif flag == "--host":
                host = value
            else:
                html_out = value
    if len(args) != 2 or not os.path.isdir(args[0]) or not os.path.isfile(args[1]):
        print(next(line for line in __doc__.splitlines() if line.startswith("usage:")), file=sys.stderr)
        return 2
    chromium = browser_module.find_chromium()
    if not chromium:
        return 4
    try:
        page, version, title, readable = build_page(args[0], args[1])
    except (PageError, ValueError, KeyError) as error:
        print("%s: cannot build the page: %s" % (args[0], error), file=sys.stderr)
        return 3
    out = html_out or os.path.join(os.path.abspath(args[0]), ".sugarcube-explore.html")
    with open(out, "w", encoding="utf-8") as f:
        f.write(page)
    signal.alarm(int(max_seconds) + 120)
    url = "file://" + os.path.abspath(out)
    extra = []
    if host:
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=os.path.dirname(out)))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        url = "http://%s:%d/%s" % (host, server.server_address[1], os.path.basename(out))
        extra = ["--host-resolver-rules=MAP %s 127.0.0.1" % host]
    browser = Browser(chromium, 1200, 900, extra)
    try:
        target = browser.call("Target.createTarget", {"url": "about:blank"}, browser=True)
        attached = browser.call("Target.attachToTarget", {"targetId": target["targetId"], "flatten": True}, browser=True)
        browser.session = attached["sessionId"]
        browser.call("Runtime.enable")
        browser.call("Page.enable")
        browser.call("Page.addScriptToEvaluateOnNewDocument", {"source": "window.__exploreAllInputs = %s;" % ("true" if inputs == "all" else "false")})
        browser.call("Page.navigate", {"url": url})
        found = explore(browser, max_states, max_seconds)
        found = {"story": title, "format": "SugarCube " + version, "inputs": inputs, "url": url.rsplit("/", 1)[0] + "/", **found,
                 "never_shown": sorted(set(readable) - set(found["shown"])),
                 "alerts": sorted(set(browser.dialogs))}
        print(json.dumps(found, ensure_ascii=False, indent=1))
        return 0
    except PageError as error:
        print("%s: %s" % (args[0], error), file=sys.stderr)
        return 3
    finally:
        browser.close()
        if not html_out:
            os.remove(out)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
