extension HTMLReport {
    /// The page's one style sheet: system fonts only (nothing is fetched). Without script
    /// the toolbar and panel stay hidden and the map scrolls at its natural size.
    static let style = #"""
        :root { --ink: #1a1a1a; --muted: #555; --line: #d0d0d0; --accent: #1f5fbf; --select: #d6007e; }
        * { box-sizing: border-box; }
        body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", "DejaVu Sans", sans-serif; color: var(--ink); background: #fafafa; }
        code { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 0.92em; background: #eee; padding: 0 0.25em; border-radius: 3px; }
        .toolbar { display: none; position: sticky; top: 0; z-index: 3; gap: 0.6em; align-items: center; flex-wrap: wrap;
          padding: 0.5em 1em; background: #fff; border-bottom: 1px solid var(--line); }
        body.js .toolbar { display: flex; }
        .toolbar input[type=search] { width: 18em; padding: 0.25em 0.5em; font: inherit; }
        .toolbar button { font: inherit; padding: 0.15em 0.6em; }
        #search-count { color: var(--muted); min-width: 6em; }
        .layout { display: flex; align-items: stretch; }
        .map-area { flex: 1; min-width: 0; max-height: 85vh; overflow: auto; background: #fff; border-bottom: 1px solid var(--line); }
        body.js .map-area { height: 72vh; overflow: hidden; cursor: grab; touch-action: none; }
        body.js .map-area.dragging { cursor: grabbing; }
        .map-area:focus { outline: 2px solid var(--accent); outline-offset: -2px; }
        .map { margin: 0; }
        .map figcaption { position: absolute; padding: 0.2em 0.6em; color: var(--muted); font-size: 12px; }
        body.js .map, body.js .map svg { width: 100%; height: 100%; display: block; }
        .map[hidden] { display: none !important; }
        g.node { cursor: pointer; }
        g.node.on-loop path, g.node.on-loop polygon { stroke: #6a3d9a; stroke-width: 2.5px; stroke-dasharray: 6 3; }
        g.node.match path, g.node.match polygon { stroke: var(--accent); stroke-width: 4px; stroke-dasharray: none; }
        g.node.selected path, g.node.selected polygon { stroke: var(--select); stroke-width: 5px; stroke-dasharray: none; }
        .hide-restarts g.edge.restart, .hide-restarts g.node.restart { display: none; }
        .hide-unreachable g.node.unreachable, .hide-unreachable .of-unreachable { display: none; }
        .panel { width: 24em; max-height: 72vh; overflow: auto; padding: 0.8em 1em; background: #fff; border-left: 1px solid var(--line); position: relative; }
        .panel[hidden] { display: none; }
        #panel-close { position: absolute; right: 0.5em; top: 0.4em; font-size: 1.2em; border: none; background: none; cursor: pointer; }
        .panel h2 { margin: 0 1.5em 0.2em 0; font-size: 1.15em; word-break: break-word; }
        .panel h3 { margin: 0.9em 0 0.2em; font-size: 0.95em; color: var(--muted); text-transform: uppercase; letter-spacing: 0.04em; }
        .panel .where { margin: 0; color: var(--muted); font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 0.9em; }
        .panel .text { white-space: pre-wrap; margin: 0; }
        .panel ul { margin: 0; padding-left: 1.2em; }
        .panel .badge { display: inline-block; margin: 0.2em 0.3em 0 0; padding: 0 0.45em; border-radius: 0.8em; font-size: 0.85em; background: #eee; }
        .panel .badge.ending { background: #f4a3a3; } .panel .badge.trap { background: #ffd199; } .panel .badge.loop { background: #e3d7f0; }
        .panel button.link, .report code.id, .report tr[data-passage] { cursor: pointer; }
        .panel button.link { border: none; background: none; padding: 0; color: var(--accent); text-decoration: underline; font: inherit; }
        .report { max-width: 72em; padding: 0.5em 1.5em 3em; }
        .report h1 { font-size: 1.5em; margin: 0.6em 0 0.1em; }
        .report h2 { font-size: 1.15em; margin: 1.4em 0 0.4em; border-bottom: 1px solid var(--line); }
        .report h2 small { font-weight: normal; color: var(--muted); }
        .report table { border-collapse: collapse; margin: 0.3em 0; }
        .report th, .report td { padding: 0.15em 0.7em; border-bottom: 1px solid #e6e6e6; text-align: left; vertical-align: top; }
        .report .number { text-align: right; font-variant-numeric: tabular-nums; }
        .report table.figures th { font-weight: normal; color: var(--muted); }
        body.js .report table.sortable th { cursor: pointer; user-select: none; }
        .report th[aria-sort=ascending]::after { content: " ▲"; } .report th[aria-sort=descending]::after { content: " ▼"; }
        .report tr.finding.error td:first-child { color: #b22222; font-weight: bold; }
        .report tr.finding.warning td:first-child { color: #a05a00; }
        .report tr.highlight { background: #fff3b0; }
        .report .cut, .report .empty { color: var(--muted); }
        """#
}
