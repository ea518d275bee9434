#!/usr/bin/env python3
"""An independent count of a gamebook file's sections, options and endings, for the trial
of real gamebook data (try-real-gamebooks.sh). It shares nothing with storygraph's loader:
YAML and JSON are read with PyYAML and the fields are named by hand for each file (no
inference); JavaScript is counted with regular expressions over the source.

  count-gamebook.py FILE data SECTIONS_PATH OPTIONS_PATH TARGET_FIELD [ENDINGS_PATH [START_FIELD [ID_FIELD]]]
  count-gamebook.py FILE js RECORD_REGEX OPTION_REGEX [TARGET_REGEX]

Prints "sections options endings". An ending is a section with no option, or whose every
option is a restart (a numeric target of 0 or below); for data files, only the endings a
reader can reach from the start are counted (as storygraph's report lists them)."""
import re
import sys

import yaml


def is_restart(target):
    try:
        return float(str(target).strip().strip("'\"")) <= 0
    except ValueError:
        return False


def count_data(path, sections_path, options_path, target_field, endings_path="", start_field="", id_field=""):
    """Sections (with the entries of an endings map that a target names), options with a
    target, and the endings a reader can reach from the start (BFS)."""
    with open(path, encoding="utf-8") as handle:
        top = yaml.safe_load(handle)
    data = top
    for key in [k for k in sections_path.split(".") if k]:
        data = data[key]
    keyed = isinstance(data, dict)
    records = list(data.items()) if keyed else [(None, r) for r in data]
    links = {}
    order = []
    options = 0
    for index, (key, record) in enumerate(records):
        value = record or {}
        for part in options_path.split("."):
            value = (value or {}).get(part) if isinstance(value, dict) else None
        targets = []
        if isinstance(value, dict):
            targets = list(value.values())
        elif isinstance(value, list):
            for option in value:
                if isinstance(option, dict):
                    if target_field in option:
                        targets.append(option[target_field])
                else:
                    targets.append(option)
        elif value is not None:
            targets = [value]
        options += len(targets)
        ident = str(key) if keyed else str(record[id_field]) if id_field else str(index)
        links[ident] = [str(t) for t in targets]
        order.append(ident)
    if endings_path:
        extra = top
        for key in endings_path.split("."):
            extra = (extra or {}).get(key)
        targeted = {t for ts in links.values() for t in ts}
        for key in (extra or {}):
            if str(key) in targeted and str(key) not in links:
                links[str(key)] = []
    start = str(top.get(start_field)) if start_field and isinstance(top, dict) and top.get(start_field) else order[0]
    seen, queue = {start}, [start]
    while queue:
        for target in links.get(queue.pop(), []):
            if target in links and target not in seen and not is_restart(target):
                seen.add(target)
                queue.append(target)
    endings = sum(1 for ident in seen if all(is_restart(t) for t in links[ident]))
    return len(links), options, endings


def count_js(path, record_regex, option_regex, target_regex=None):
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    # Comments hold no options (line comments only when the line starts with one).
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    text = re.sub(r"^\s*//.*$", "", text, flags=re.M)
    starts = [m.start() for m in re.finditer(record_regex, text, re.M)]
    options = endings = 0
    for i, start in enumerate(starts):
        chunk = text[start:starts[i + 1] if i + 1 < len(starts) else len(text)]
        found = re.findall(option_regex, chunk, re.M)
        options += len(found)
        targets = re.findall(target_regex, chunk, re.M) if target_regex else found
        if all(is_restart(t) for t in targets):
            endings += 1
    return len(starts), options, endings


if __name__ == "__main__":
    file, kind, *rest = sys.argv[1:]
    counts = count_data(file, *rest) if kind == "data" else count_js(file, *rest)
    print(*counts)
