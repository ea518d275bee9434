#!/usr/bin/env python3
"""The independent count of the Twine trial (Documentation/trials/twine-realworld.md): for each story in
FOLDER (a .twee/.tw/.tw2/.html file, or a sub-folder that is one Tweego project), counts
passages, links and endings without storygraph, from the Twee 3 and Twine 2 HTML
specifications and the story formats' documented link forms, and prints them beside
storygraph's own figures (`report --format json`) when $STORYGRAPH names a binary.

    STORYGRAPH=.build/release/storygraph Benchmarks/realworld/count-twine.py FOLDER

Definitions (ours, written down so a disagreement can be judged):
- a passage is every `::` header (Twee) or `<tw-passagedata>` element (HTML) that is not a
  reserved passage (the Story*/Passage* names the formats reserve, a `script`, `stylesheet`,
  `widget`, `Twine.private` or `Twine.image` tag; in Harlowe also `header`, `footer`,
  `startup` and their `debug-` forms);
- a link is one written occurrence, in a passage, of `[[...]]` (not to a URL) or of a
  macro that names a passage: SugarCube `<<goto>> <<include>> <<display>> <<link "t" "P">>
  <<button "t" "P">> <<actionlink>> <<choice>> <<actions>> <<click "t" "P">>`, `[img[..][P]]`,
  an HTML `data-passage` attribute, `Engine.play("P")`/`Engine.goto("P")` (in scripts too);
  Harlowe `(goto:) (go-to:) (redirect:) (display:) (link-goto:) (click-goto:)
  (link-reveal-goto:) (mouseover-goto:) (mouseout-goto:)`; Snowman `story.show(...)`.
  Text inside `/* */`, `<!-- -->`, SugarCube `<<script>>` and triple-quoted and `<nowiki>` text is skipped;
- an ending is a passage with no link at all, or whose only links are `[[ ]]` links back
  to the start passage (a restart: "Play again").
"""
import html
import json
import os
import re
import subprocess
import sys

RESERVED = {
    "StoryTitle", "StoryData", "StoryInit", "StoryMenu", "StoryCaption", "StoryBanner",
    "StorySubtitle", "StoryAuthor", "StoryShare", "StoryInterface", "StoryDisplayTitle",
    "StorySettings", "StoryIncludes", "StoryColophon", "PassageReady", "PassageDone",
    "PassageHeader", "PassageFooter",
}
RESERVED_TAGS = {"script", "stylesheet", "widget", "Twine.private", "Twine.image", "annotation"}
HARLOWE_TAGS = {"header", "footer", "startup", "debug-header", "debug-footer", "debug-startup"}


def twee_passages(text):
    """(name, tags, body) for each `::` header of a Twee file."""
    out = []
    name = None
    body = []
    for line in text.lstrip("\ufeff").splitlines():
        if line.startswith("::") and not line.startswith(":::"):
            if name is not None:
                out.append((name, tags, "\n".join(body)))
            head = line[2:].strip()
            # metadata `{...}` at the end, then tags `[...]` (unescaped brackets only)
            head = re.sub(r"\s*\{[^{}]*\}\s*$", "", head)
            m = re.search(r"(?<!\\)\[([^\]]*)\]\s*$", head)
            tags = m.group(1).split() if m else []
            if m:
                head = head[: m.start()]
            name = re.sub(r"\\(.)", r"\1", head.strip())
            body = []
        elif name is not None:
            body.append(line)
    if name is not None:
        out.append((name, tags, "\n".join(body)))
    return out


def html_passages(text):
    out = []
    fmt = ""
    m = re.search(r"<tw-storydata[^>]*\sformat=\"([^\"]*)\"", text)
    if m:
        fmt = m.group(1)
    for m in re.finditer(r"<tw-passagedata([^>]*)>(.*?)</tw-passagedata>", text, re.S):
        attrs = dict(re.findall(r'([\w-]+)="([^"]*)"', m.group(1)))
        out.append((html.unescape(attrs.get("name", "")), html.unescape(attrs.get("tags", "")).split(), html.unescape(m.group(2))))
    return fmt, out


def story_format(texts):
    for t in texts:
        m = re.search(r'"format"\s*:\s*"([^"]*)"', t)
        if m:
            return m.group(1)
    return ""


def story_start(texts):
    for t in texts:
        m = re.search(r'"start"\s*:\s*"((?:[^"\\]|\\.)*)"', t)
        if m:
            return json.loads('"' + m.group(1) + '"')
    return None


SKIP = [r"/\*.*?\*/", r"<!--.*?-->", r"<<script>>.*?<</script>>", r'""".*?"""', r"<nowiki>.*?</nowiki>"]
STR = r"""(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|`([^`]*)`)"""
SUGAR = [
    r"<<(?:goto|include|display)\s+" + STR,
    r"<<(?:link|button|click|actionlink)\s+" + STR + r"\s+" + STR,
    r"<<choice\s+" + STR,
]
HARLOWE = [r"\((?:goto|go-to|redirect|display|link-goto|click-goto|link-reveal-goto|mouseover-goto|mouseout-goto):"]
SNOWMAN = [r"(?:window\.)?story\.show\(\s*"]


def links(body, fmt):
    """The number of links in a passage's text, and the targets of its `[[ ]]` links."""
    f = fmt.lower()
    count = 0
    targets = []
    if f.startswith("sugarcube") or f == "":
        # JavaScript navigation with a literal target, in scripts too
        count += len(re.findall(r"Engine\.(?:play|goto)\(\s*" + STR, body))
    for pattern in SKIP:
        body = re.sub(pattern, " ", body, flags=re.S)
    for m in re.finditer(r"\[\[(.*?)\]\]", body, re.S):
        inner = m.group(1)
        target = re.split(r"\||->", inner)[-1] if ("|" in inner or "->" in inner) else inner
        if "<-" in inner and "->" not in inner:
            target = inner.split("<-")[0]
        target = target.split("][")[0]
        if re.match(r"^\s*[a-z][a-z0-9+.-]*:", target) and "://" in target or target.strip().startswith("mailto:"):
            continue
        count += 1
        targets.append(target.strip())
    if f.startswith("sugarcube") or f == "":
        count += len(re.findall(r"\sdata-passage\s*=", body))
        # (`<<goto [[P]]>>` and `<<actions [[a]] [[b]]>>` are counted by their [[ ]])
        for p in SUGAR:
            count += len(re.findall(p, body))
        count += len(re.findall(r"\[img\[[^\]]*\]\[[^\]]+\]\]", body))
    if f.startswith("harlowe") or f == "":
        for p in HARLOWE:
            count += len(re.findall(p, body))
    if f.startswith("snowman") or f == "":
        for p in SNOWMAN:
            count += len(re.findall(p, body))
    return count, targets


def count(path):
    texts = []
    if os.path.isdir(path):
        for root, _, files in sorted(os.walk(path)):
            for name in sorted(files):
                if name.lower().endswith((".twee", ".tw", ".tw2")):
                    texts.append(open(os.path.join(root, name), encoding="utf-8", errors="replace").read())
        passages = [p for t in texts for p in twee_passages(t)]
        fmt = story_format(texts)
        start = story_start(texts)
    else:
        text = open(path, encoding="utf-8", errors="replace").read()
        if path.lower().endswith((".html", ".htm")):
            fmt, passages = html_passages(text)
            m = re.search(r'<tw-storydata[^>]*\sstartnode="(\d+)"', text)
            node = m and re.search(r'<tw-passagedata[^>]*\spid="' + m.group(1) + r'"[^>]*\sname="([^"]*)"', text) or re.search(r'<tw-passagedata[^>]*\sname="([^"]*)"[^>]*\spid="' + (m.group(1) if m else "x") + '"', text)
            start = html.unescape(node.group(1)) if node else None
        else:
            passages = twee_passages(text)
            fmt = story_format([text])
            start = story_start([text])
    harlowe = fmt.lower().startswith("harlowe")
    names = [n for n, _, _ in passages]
    if start is None or start not in names:
        start = "Start" if "Start" in names else None
    story = []
    for name, tags, body in passages:
        if name in RESERVED or any(t in RESERVED_TAGS or (harlowe and t in HARLOWE_TAGS) for t in tags):
            continue
        story.append((name, links(body, fmt)))
    return fmt, start, story


def all_names(path):
    """Every passage name, reserved ones too (a link may lead to one)."""
    if os.path.isdir(path):
        return [n for root, _, files in os.walk(path) for f in files if f.lower().endswith((".twee", ".tw", ".tw2"))
                for n, _, _ in twee_passages(open(os.path.join(root, f), encoding="utf-8", errors="replace").read())]
    text = open(path, encoding="utf-8", errors="replace").read()
    return [n for n, _, _ in (html_passages(text)[1] if path.lower().endswith((".html", ".htm")) else twee_passages(text))]


def storygraph(path):
    binary = os.environ.get("STORYGRAPH")
    if not binary:
        return None
    run = subprocess.run([binary, "report", path, "--format", "json", "--color", "never"], capture_output=True, text=True)
    if run.returncode != 0 and not run.stdout:
        return ("refused", run.returncode, (run.stderr.strip().splitlines() or [""])[0][:120])
    s = json.loads(run.stdout)["structure"]
    dot = subprocess.run([binary, "map", path, "--format", "dot", "--color", "never"], capture_output=True, text=True).stdout
    drawn = len(re.findall(r'class="(?:choice|restart)', dot))
    return (s["passages"], drawn, s["endings"])


def drawn_per_passage(path):
    """Links storygraph draws from each passage (its `choice:NAME:N` nodes)."""
    dot = subprocess.run([os.environ["STORYGRAPH"], "map", path, "--format", "dot", "--color", "never"], capture_output=True, text=True).stdout
    per = {}
    for m in re.finditer(r'id="choice:(.*?):\d+"', dot):
        name = html.unescape(m.group(1).replace('\\"', '"'))
        per[name] = per.get(name, 0) + 1
    node = {m.group(1): html.unescape(m.group(2).replace('\\"', '"')) for m in re.finditer(r'^  (p\d+) \[id="passage:(.*?)", class', dot, re.M)}
    for m in re.finditer(r'^  (p\d+) -> p\d+ \[class="restart"', dot, re.M):
        per[node[m.group(1)]] = per.get(node[m.group(1)], 0) + 1
    return per


def main():
    args = [a for a in sys.argv[1:] if a != "--diff"]
    folder = args[0]
    print("story\tformat\tpassages\tlinks\tendings\tstorygraph (passages, links drawn, endings)")
    for name in sorted(os.listdir(folder)):
        path = os.path.join(folder, name)
        if not (os.path.isdir(path) or name.lower().endswith((".twee", ".tw", ".tw2", ".html", ".htm"))):
            continue
        fmt, start, story = count(path)
        links_total = sum(n for _, (n, _) in story)
        # an ending: no link, or only `[[ ]]` links back to the start (a restart)
        endings = sum(1 for name, (n, targets) in story if n == 0 or (name != start and len(targets) == n and all(t == start for t in targets)))
        print(f"{name}\t{fmt or '-'}\t{len(story)}\t{links_total}\t{endings}\t{storygraph(path) or ''}")
        if "--diff" in sys.argv and os.environ.get("STORYGRAPH"):
            per = drawn_per_passage(path)
            ours = {name: n for name, (n, _) in story}
            run = subprocess.run([os.environ["STORYGRAPH"], "report", path, "--format", "json"], capture_output=True, text=True)
            if run.stdout:
                report = json.loads(run.stdout)
                everything = set(all_names(path))
                mine_broken = sorted({t for _, (_, targets) in story for t in targets if t not in everything})
                theirs_broken = sorted({re.search(r"leads to '(.*)', which does not exist", f["message"]).group(1) for f in report["findings"] if f["rule"] == "broken-link"})
                if mine_broken != theirs_broken:
                    print(f"    broken [[ ]] targets ours: {mine_broken}; storygraph's broken links: {theirs_broken}")
                theirs = {e["id"] for e in report["endings"]} | set(report["unreachable_endings"])
                mine = {name for name, (n, targets) in story if n == 0 or (name != start and len(targets) == n and all(t == start for t in targets))}
                if mine != theirs:
                    print(f"    endings only ours: {sorted(mine - theirs)}; only storygraph's: {sorted(theirs - mine)}")
            for passage in sorted(set(ours) | set(per)):
                if ours.get(passage) != per.get(passage, 0 if passage in ours else None):
                    print(f"    {passage!r}: ours {ours.get(passage)}, storygraph {per.get(passage, 0)}")


if __name__ == "__main__":
    main()
