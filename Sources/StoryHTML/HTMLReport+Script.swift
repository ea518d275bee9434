extension HTMLReport {
    /// The page's one script. It reads the embedded JSON (`#story-data`) and builds every
    /// piece of story text into the page with `textContent`, never as markup. Map: the
    /// visible figure's `viewBox` is the camera (wheel and +/- zoom, drag and arrows pan,
    /// 0 fits); passage nodes are found by Graphviz's element id `passage:ID` (with the
    /// figure's prefix), edges by their positional `<title>` (`p3->c3_0`).
    static let script = #"""
        (function () {
          'use strict';
          var data = JSON.parse(document.getElementById('story-data').textContent);
          var passages = data.passages, byId = new Map(), indexOf = new Map();
          passages.forEach(function (p, i) { byId.set(p.id, p); indexOf.set(p.id, i); });
          document.body.classList.add('js');
          var area = document.getElementById('map-area');
          var panel = document.getElementById('panel'), panelBody = document.getElementById('panel-body');
          var search = document.getElementById('search'), count = document.getElementById('search-count');
          var views = Array.prototype.map.call(area.querySelectorAll('figure.map'), function (figure) {
            var svg = figure.querySelector('svg');
            var b = svg.getAttribute('viewBox').split(/[\s,]+/).map(Number);
            svg.removeAttribute('width'); svg.removeAttribute('height');
            svg.setAttribute('preserveAspectRatio', 'none');
            return { figure: figure, svg: svg, prefix: figure.getAttribute('data-prefix') || '', full: { x: b[0], y: b[1], w: b[2], h: b[3] }, vb: null };
          });
          var view = views.filter(function (v) { return !v.figure.hidden; })[0] || views[0];
          // A big story: the overview's chapter boxes open chapter maps; chapterOf[i] is
          // passage i's chapter (1-based), whose map is the figure map-chapter-K.
          var chapterOf = data.chapter_of || null;
          function viewByKey(key) { return views.filter(function (v) { return v.figure.id === 'map-' + key; })[0] || null; }
          function chapterNumber(v) { var m = /^map-chapter-(\d+)$/.exec(v.figure.id); return m ? +m[1] : 0; }

          // Passages on a loop a reader can leave get a dashed purple border (traps are
          // outlined in the drawing itself); passages not reachable: their choice boxes and
          // edges hide with them.
          views.forEach(function (v) {
            var k = chapterNumber(v);
            passages.forEach(function (p, i) {
              if (chapterOf && chapterOf[i] !== k) { return; }
              var n = document.getElementById(v.prefix + 'passage:' + p.id);
              if (n && p.loop !== undefined && !p.trapped) { n.classList.add('on-loop'); }
            });
            v.svg.querySelectorAll('g.node, g.edge').forEach(function (g) {
              var t = g.querySelector('title'); if (!t) { return; }
              var m = /^[pc](\d+)/.exec(t.textContent);
              if (m && passages[+m[1]] && passages[+m[1]].unreachable && !g.classList.contains('passage')) { g.classList.add('of-unreachable'); }
            });
          });

          // Camera.
          function apply() { var b = view.vb; view.svg.setAttribute('viewBox', [b.x, b.y, b.w, b.h].join(' ')); }
          function fit() {
            var r = area.getBoundingClientRect(), f = view.full;
            var s = Math.max(f.w / Math.max(1, r.width), f.h / Math.max(1, r.height)) * 1.04;
            var w = r.width * s, h = r.height * s;
            view.vb = { x: f.x - (w - f.w) / 2, y: f.y - (h - f.h) / 2, w: w, h: h };
            apply();
          }
          function toView(clientX, clientY) {
            var r = view.svg.getBoundingClientRect(), b = view.vb;
            return { x: b.x + (clientX - r.left) * b.w / r.width, y: b.y + (clientY - r.top) * b.h / r.height };
          }
          function zoom(factor, clientX, clientY) {
            var r = view.svg.getBoundingClientRect();
            if (clientX === undefined) { clientX = r.left + r.width / 2; clientY = r.top + r.height / 2; }
            var p = toView(clientX, clientY), b = view.vb;
            var w = Math.min(Math.max(b.w * factor, 20), view.full.w * 20), k = w / b.w;
            view.vb = { x: p.x - (p.x - b.x) * k, y: p.y - (p.y - b.y) * k, w: w, h: b.h * k };
            apply();
          }
          function pan(dx, dy) { view.vb.x += dx; view.vb.y += dy; apply(); }
          function centreOn(el) {
            var r = el.getBoundingClientRect(), a = toView(r.left, r.top), c = toView(r.right, r.bottom);
            var w = c.x - a.x, b = view.vb;
            if (w > b.w * 0.5 || w < b.w / 12) { var k = (w * 5) / b.w; b.w *= k; b.h *= k; }
            b.x = (a.x + c.x) / 2 - b.w / 2; b.y = (a.y + c.y) / 2 - b.h / 2;
            apply();
          }
          function show(next) {
            views.forEach(function (v) { v.figure.hidden = v !== next; });
            view = next; if (!view.vb) { fit(); } else { apply(); }
            refreshMarks();
          }
          area.addEventListener('wheel', function (e) { e.preventDefault(); zoom(e.deltaY < 0 ? 1 / 1.2 : 1.2, e.clientX, e.clientY); }, { passive: false });
          var drag = null;
          area.addEventListener('pointerdown', function (e) { if (e.button !== 0) { return; } drag = { x: e.clientX, y: e.clientY, moved: false }; });
          window.addEventListener('pointermove', function (e) {
            if (!drag) { return; }
            var dx = e.clientX - drag.x, dy = e.clientY - drag.y;
            if (!drag.moved && Math.abs(dx) + Math.abs(dy) < 4) { return; }
            if (!drag.moved) { drag.moved = true; area.classList.add('dragging'); }
            var r = view.svg.getBoundingClientRect();
            pan(-dx * view.vb.w / r.width, -dy * view.vb.h / r.height);
            drag.x = e.clientX; drag.y = e.clientY;
          });
          window.addEventListener('pointerup', function () { area.classList.remove('dragging'); setTimeout(function () { drag = null; }, 0); });
          function onKey(e) {
            var b = view.vb, step = 0.1;
            switch (e.key) {
              case '+': case '=': zoom(1 / 1.25); break;
              case '-': case '_': zoom(1.25); break;
              case '0': fit(); break;
              case 'ArrowLeft': pan(-b.w * step, 0); break;
              case 'ArrowRight': pan(b.w * step, 0); break;
              case 'ArrowUp': pan(0, -b.h * step); break;
              case 'ArrowDown': pan(0, b.h * step); break;
              default: return;
            }
            e.preventDefault();
          }
          area.addEventListener('keydown', onKey);
          document.getElementById('fit').addEventListener('click', fit);
          window.addEventListener('resize', fit);

          // Marks: search matches and the selected passage, in whichever view is shown.
          var matches = [], at = -1, selected = null;
          function node(id) { return document.getElementById(view.prefix + 'passage:' + id); }
          // The passage's box, switching to its chapter's map when the shown one lacks it.
          function reveal(id) {
            var n = node(id);
            if (n || !chapterOf || !indexOf.has(id)) { return n; }
            var v = viewByKey('chapter-' + chapterOf[indexOf.get(id)]);
            if (!v) { return null; }
            show(v);
            return node(id);
          }
          function refreshMarks() {
            document.querySelectorAll('g.node.match, g.node.selected').forEach(function (g) { g.classList.remove('match', 'selected'); });
            matches.forEach(function (id) { var n = node(id); if (n) { n.classList.add('match'); } });
            if (selected !== null) { var n = node(selected); if (n) { n.classList.add('selected'); } }
          }
          function runSearch() {
            var q = search.value.trim().toLowerCase();
            matches = q === '' ? [] : passages.filter(function (p) {
              return p.id.toLowerCase().indexOf(q) >= 0 || p.text.toLowerCase().indexOf(q) >= 0;
            }).map(function (p) { return p.id; });
            at = matches.length ? 0 : -1;
            refreshMarks(); jump();
          }
          function jump() {
            count.textContent = search.value.trim() === '' ? '' : matches.length === 0 ? 'no match' : (at + 1) + ' of ' + matches.length;
            var n = at >= 0 ? reveal(matches[at]) : null;
            if (n) { centreOn(n); }
          }
          search.addEventListener('input', runSearch);
          function nextMatch() { if (matches.length) { at = (at + 1) % matches.length; jump(); } }
          search.addEventListener('keydown', function (e) { if (e.key === 'Enter') { e.preventDefault(); nextMatch(); } });
          document.getElementById('search-next').addEventListener('click', nextMatch);

          // The side panel: built with textContent only.
          function el(tag, text, cls) { var e = document.createElement(tag); if (text !== undefined && text !== null) { e.textContent = text; } if (cls) { e.className = cls; } return e; }
          function where(loc) { return loc ? loc.file + ':' + loc.line : 'no source place'; }
          function percent(p) { var v = p * 100; return (v === Math.round(v) ? v.toFixed(0) : v.toPrecision(4)) + '%'; }
          function grouped(n) { return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ','); }
          function passageLink(id) {
            if (!byId.has(id)) { return el('span', id); }
            var b = el('button', id, 'link'); b.type = 'button';
            b.addEventListener('click', function () { select(id, true); }); return b;
          }
          function open(id) {
            var p = byId.get(id); if (!p) { return; }
            panelBody.textContent = '';
            panelBody.appendChild(el('h2', p.id));
            panelBody.appendChild(el('p', where(p.location), 'where'));
            var badges = el('p');
            if (p.start) { badges.appendChild(el('span', 'start', 'badge')); }
            if (p.ending !== undefined) { badges.appendChild(el('span', p.ending ? 'ending: ' + p.ending : 'ending', 'badge ending')); }
            if (p.unreachable) { badges.appendChild(el('span', 'unreachable', 'badge')); }
            if (p.trapped) { badges.appendChild(el('span', 'trapped: no ending from here', 'badge trap')); }
            if (p.loop !== undefined) { badges.appendChild(el('span', 'on a loop', 'badge loop')); }
            p.tags.forEach(function (t) { badges.appendChild(el('span', '#' + t, 'badge')); });
            if (badges.childNodes.length) {
              Array.prototype.slice.call(badges.childNodes, 1).forEach(function (b) { badges.insertBefore(document.createTextNode(' '), b); });
              panelBody.appendChild(badges);
            }
            panelBody.appendChild(el('h3', 'Text'));
            panelBody.appendChild(el('p', p.text === '' ? '(no text)' : p.text, 'text'));
            panelBody.appendChild(el('h3', 'Choices'));
            if (p.choices.length === 0) { panelBody.appendChild(el('p', 'none')); } else {
              var ul = el('ul');
              p.choices.forEach(function (c) {
                var li = el('li');
                li.appendChild(document.createTextNode((c.text === '' ? '(' + c.kind + ')' : c.text) + ' → '));
                li.appendChild(passageLink(c.target));
                if (!byId.has(c.target) && c.kind !== 'dynamic') { li.appendChild(document.createTextNode(' (broken link)')); }
                if (c.restart) { li.appendChild(document.createTextNode(' (restart)')); }
                if (c.condition !== undefined) { li.appendChild(document.createTextNode(' [if ' + c.condition + ']')); }
                ul.appendChild(li);
              });
              panelBody.appendChild(ul);
            }
            panelBody.appendChild(el('h3', 'Paths through it'));
            panelBody.appendChild(el('p', (data.paths_exact ? '' : 'at least ') + grouped(p.paths) + (p.paths === 1 ? ' path' : ' paths') + ' from the start to an ending'));
            panelBody.appendChild(el('h3', 'Odds from here'));
            if (p.odds === undefined) { panelBody.appendChild(el('p', p.unreachable ? 'not reachable' : 'not solved for a story this big')); } else {
              var list = el('ul');
              p.odds.forEach(function (o) { var li = el('li'); li.appendChild(passageLink(o.ending)); li.appendChild(document.createTextNode(' ' + percent(o.probability))); list.appendChild(li); });
              if (p.never_ending > 0) { list.appendChild(el('li', 'never ending ' + percent(p.never_ending))); }
              if (p.broken_link > 0) { list.appendChild(el('li', 'a broken link ' + percent(p.broken_link))); }
              if (p.dynamic_link > 0) { list.appendChild(el('li', 'a computed link ' + percent(p.dynamic_link))); }
              if (!list.childNodes.length) { list.appendChild(el('li', 'no ending')); }
              panelBody.appendChild(list);
            }
            if (data.fuzz) {
              panelBody.appendChild(el('h3', 'Fuzz visits'));
              panelBody.appendChild(el('p', grouped(p.visits) + ' of ' + grouped(data.fuzz.runs) + ' runs (seed ' + data.fuzz.seed + ', ' + data.fuzz.policy + ')'));
            }
            panelBody.appendChild(el('h3', 'Findings'));
            if (p.findings.length === 0) { panelBody.appendChild(el('p', 'none')); } else {
              var fl = el('ul');
              p.findings.forEach(function (f) { fl.appendChild(el('li', f.severity + (f.rule ? ' [' + f.rule + ']' : '') + ': ' + f.message + (f.location ? ' (' + f.location.file + ':' + f.location.line + ')' : ''))); });
              panelBody.appendChild(fl);
            }
            panel.hidden = false;
          }
          function select(id, centre) {
            var n = reveal(id);
            selected = id; refreshMarks(); open(id);
            if (n && centre) { centreOn(n); }
            document.querySelectorAll('.report tr.highlight').forEach(function (r) { r.classList.remove('highlight'); });
            document.querySelectorAll('.report tr[data-passage]').forEach(function (r) { if (r.getAttribute('data-passage') === id) { r.classList.add('highlight'); } });
          }
          document.getElementById('panel-close').addEventListener('click', function () { panel.hidden = true; selected = null; refreshMarks(); });
          area.addEventListener('click', function (e) {
            if (drag && drag.moved) { return; }
            var g = e.target.closest('g.node'); if (!g) { return; }
            var name = g.id.slice(view.prefix.length);
            if (name.indexOf('chapter:') === 0) { var c = viewByKey('chapter-' + name.slice(8)); if (c) { show(c); } return; }
            if (name.indexOf('passage:') === 0) { select(name.slice(8), false); }
            else if (name.indexOf('choice:') === 0) { var rest = name.slice(7); select(rest.slice(0, rest.lastIndexOf(':')), false); }
          });
          document.getElementById('report').addEventListener('click', function (e) {
            var t = e.target.closest('[data-passage]'); if (!t) { return; }
            var id = t.getAttribute('data-passage'); if (!byId.has(id)) { return; }
            select(id, true); area.scrollIntoView({ block: 'nearest' });
          });

          // Toggles.
          function toggle(box, cls) { if (box) { box.addEventListener('change', function () { area.classList.toggle(cls, !box.checked); }); } }
          toggle(document.getElementById('toggle-restarts'), 'hide-restarts');
          toggle(document.getElementById('toggle-unreachable'), 'hide-unreachable');
          var overview = document.getElementById('overview');
          if (overview) { overview.addEventListener('click', function () { show(viewByKey('overview')); }); }
          var heat = document.getElementById('toggle-heat');
          if (heat) {
            heat.addEventListener('change', function () {
              var key = heat.checked ? 'heat' : 'story';
              show(views.filter(function (v) { return v.figure.id === 'map-' + key; })[0] || views[0]);
            });
          }

          // Sortable tables: by the cell text, as numbers when every cell reads as one.
          function key(text) {
            var t = text.replace(/[,+%\s]/g, '');
            if (t === '-') { return { n: -1 }; }
            if (/^\d+$/.test(t)) { return { n: t.length > 15 ? BigInt(t) : Number(t) }; }
            if (/^\d*\.\d+$/.test(t)) { return { n: Number(t) }; }
            return { s: text };
          }
          function compare(a, b) {
            if (a.n !== undefined && b.n !== undefined) {
              if (typeof a.n !== typeof b.n) { a = { n: BigInt(Math.round(Number(a.n))) }; b = { n: BigInt(Math.round(Number(b.n))) }; }
              return a.n < b.n ? -1 : a.n > b.n ? 1 : 0;
            }
            return String(a.s !== undefined ? a.s : a.n).localeCompare(String(b.s !== undefined ? b.s : b.n));
          }
          document.querySelectorAll('.report table.sortable').forEach(function (table) {
            var heads = table.querySelectorAll('thead th');
            heads.forEach(function (th, column) {
              th.addEventListener('click', function () {
                var dir = th.getAttribute('aria-sort') === 'ascending' ? -1 : 1;
                heads.forEach(function (h) { h.removeAttribute('aria-sort'); });
                th.setAttribute('aria-sort', dir === 1 ? 'ascending' : 'descending');
                var body = table.tBodies[0], rows = Array.prototype.slice.call(body.rows);
                rows.sort(function (r, s) { return dir * compare(key(r.cells[column].textContent), key(s.cells[column].textContent)); });
                rows.forEach(function (r) { body.appendChild(r); });
              });
            });
          });

          views.forEach(function (v) { var keep = view; view = v; fit(); view = keep; });
          fit();
        })();
        """#
}
