// --report <file>.html: one self-contained page (no network, no dependency) that renders the
// mutation-testing report JSON embedded in it: the score, recall per category, and each file's
// source with every plant marked by status, its defect, and the findings that located it.

import type { ReviewerRowJson } from '../schema.js';
import type { MutationReport } from './mutation-report.js';
import { REVIEWER_COLUMNS, reviewerCells } from './render-reviewers.js';

/** JSON made safe inside a <script> element: no `</script>`, `<!--` or line separators can escape. */
export function embedJson(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

/** Text made safe as HTML element content or a quoted attribute. */
function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');
}

/** The side-by-side table when several reviewers saw the same plants; nothing for one. */
function reviewersSection(rows: readonly ReviewerRowJson[]): string {
  if (rows.length < 2) return '';
  const head = `<tr>${REVIEWER_COLUMNS.map((c) => `<th>${escapeHtml(c)}</th>`).join('')}</tr>`;
  const body = rows
    .map((r) => `<tr title="${escapeHtml(r.command)}">${reviewerCells(r).map((c, i) => `<td${i === 8 ? ` class="${r.gatePass ? 'pass' : 'fail'}"` : ''}>${escapeHtml(c)}</td>`).join('')}</tr>`)
    .join('\n');
  return `<h2>Reviewers</h2>\n<p class="muted">The same plants shown to each reviewer in turn; the plants below are the first reviewer's.</p>\n<table id="reviewers">\n${head}\n${body}\n</table>\n`;
}

export function renderHtml(report: MutationReport, reviewers: readonly ReviewerRowJson[] = []): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>review-calibration report</title>
<style>
:root { color-scheme: light dark; --killed: #1a7f37; --survived: #cf222e; --located: #bf8700; --ignored: #6e7781; }
body { font: 14px/1.45 system-ui, sans-serif; margin: 0 auto; max-width: 1200px; padding: 1rem 1.5rem; }
h1 { font-size: 1.4rem; margin: 0 0 .25rem; } h2 { font-size: 1.1rem; margin-top: 1.75rem; }
.muted { color: #6e7781; } .pass { color: var(--killed); } .fail { color: var(--survived); }
table { border-collapse: collapse; } td, th { padding: .2rem .75rem .2rem 0; text-align: left; }
.bar { display: inline-block; height: .6rem; background: var(--killed); vertical-align: middle; }
.bar.rest { background: #d0d7de; }
pre.src { font: 12px/1.5 ui-monospace, SFMono-Regular, Menlo, monospace; overflow-x: auto; border: 1px solid #d0d7de; border-radius: 6px; padding: .5rem 0; }
.ln { display: block; padding: 0 .75rem; white-space: pre; } .ln .no { display: inline-block; width: 3.5em; color: #8c959f; user-select: none; }
.ln.m { cursor: pointer; } .ln.Killed { background: rgba(26,127,55,.15); } .ln.Survived { background: rgba(207,34,46,.15); }
.ln.located { background: rgba(191,135,0,.18); } .ln.Ignored { background: rgba(110,119,129,.15); }
.badge { display: inline-block; border-radius: 1em; padding: 0 .5em; font-size: 11px; color: #fff; margin-left: .75em; font-family: system-ui, sans-serif; }
.badge.Killed { background: var(--killed); } .badge.Survived { background: var(--survived); } .badge.located { background: var(--located); } .badge.Ignored { background: var(--ignored); }
.detail { display: none; white-space: normal; font-family: system-ui, sans-serif; margin: .25rem 0 .5rem 4.25em; padding: .5rem .75rem; border-left: 3px solid #8c959f; }
.detail.open { display: block; } .detail code { white-space: pre-wrap; }
.filter label { margin-right: 1rem; }
</style>
</head>
<body>
<h1>Reviewer calibration</h1>
<div id="summary" class="muted"></div>
${reviewersSection(reviewers)}<h2>Recall by bug category</h2>
<table id="categories"></table>
<h2>Plants</h2>
<div class="filter" id="filter"></div>
<div id="files"></div>
<script type="application/json" id="report">${embedJson(report)}</script>
<script>
(function () {
  var report = JSON.parse(document.getElementById('report').textContent);
  var cfg = report.config || {};
  var tests = {};
  Object.keys(report.testFiles || {}).forEach(function (k) { (report.testFiles[k].tests || []).forEach(function (t) { tests[t.id] = t.name; }); });
  function el(tag, cls, text) { var e = document.createElement(tag); if (cls) e.className = cls; if (text !== undefined) e.textContent = text; return e; }
  function pct(x) { return x === null || x === undefined ? 'n/a' : (Math.round(x * 1000) / 10) + '%'; }
  function label(m) { return m.status === 'Survived' && m.coveredBy && m.coveredBy.length ? 'located' : m.status; }
  var names = { Killed: 'caught', Survived: 'missed', located: 'located, not identified', Ignored: 'equivalent (excluded)' };

  var all = [];
  Object.keys(report.files).forEach(function (f) { report.files[f].mutants.forEach(function (m) { all.push(m); }); });
  var killed = all.filter(function (m) { return m.status === 'Killed'; }).length;
  var valid = all.filter(function (m) { return m.status !== 'Ignored'; }).length;
  var summary = document.getElementById('summary');
  var head = el('div');
  var gate = el('strong', cfg.gatePass ? 'pass' : 'fail', cfg.gatePass === undefined ? '' : (cfg.gatePass ? 'gate passes' : 'gate fails'));
  head.appendChild(el('span', '', 'recall ' + pct(valid ? killed / valid : 0) + ' (' + killed + '/' + valid + ' caught) · precision ' + pct(cfg.precision) + ' · scorer ' + (cfg.scorer || '?') + ' · '));
  head.appendChild(gate);
  summary.appendChild(head);
  summary.appendChild(el('div', '', 'reviewer: ' + (cfg.reviewCommand || '?') + ' · commit ' + (cfg.commit || '?') + (cfg.commitSha ? ' (' + String(cfg.commitSha).slice(0, 12) + ')' : '') + ' · seed ' + cfg.seed));

  var table = document.getElementById('categories');
  var cats = cfg.perCategory || {};
  Object.keys(cats).forEach(function (name) {
    var c = cats[name], tr = el('tr');
    tr.appendChild(el('td', '', name));
    tr.appendChild(el('td', '', c.caught + '/' + c.total));
    tr.appendChild(el('td', '', pct(c.recall)));
    var bar = el('td'), w = 160;
    var on = el('span', 'bar'); on.style.width = Math.round(w * c.recall) + 'px';
    var off = el('span', 'bar rest'); off.style.width = (w - Math.round(w * c.recall)) + 'px';
    bar.appendChild(on); bar.appendChild(off); tr.appendChild(bar);
    table.appendChild(tr);
  });

  var shown = { Killed: true, Survived: true, located: true, Ignored: true };
  var filter = document.getElementById('filter');
  Object.keys(shown).forEach(function (s) {
    var l = el('label'), box = el('input'); box.type = 'checkbox'; box.checked = true;
    box.addEventListener('change', function () { shown[s] = box.checked; render(); });
    l.appendChild(box); l.appendChild(document.createTextNode(' ' + names[s])); filter.appendChild(l);
  });

  function render() {
    var root = document.getElementById('files');
    root.textContent = '';
    Object.keys(report.files).sort().forEach(function (name) {
      var file = report.files[name];
      var byLine = {};
      file.mutants.forEach(function (m) { if (shown[label(m)]) (byLine[m.location.start.line] = byLine[m.location.start.line] || []).push(m); });
      var lines = file.source.split('\\n');
      var marked = Object.keys(byLine).map(Number).sort(function (a, b) { return a - b; });
      if (!marked.length) return;
      root.appendChild(el('h3', '', name));
      var pre = el('pre', 'src');
      var keep = {};
      marked.forEach(function (n) { for (var i = n - 3; i <= n + 3; i++) keep[i] = true; });
      var last = 0;
      for (var n = 1; n <= lines.length; n++) {
        if (!keep[n]) continue;
        if (last && n > last + 1) pre.appendChild(el('span', 'ln muted', '   ⋯'));
        last = n;
        var ms = byLine[n] || [];
        var row = el('span', 'ln' + (ms.length ? ' m ' + label(ms[0]) : ''));
        row.appendChild(el('span', 'no', String(n)));
        row.appendChild(document.createTextNode(lines[n - 1].replace(/\\r$/, '')));
        ms.forEach(function (m) { row.appendChild(el('span', 'badge ' + label(m), names[label(m)])); });
        pre.appendChild(row);
        ms.forEach(function (m) {
          var d = el('div', 'detail');
          d.appendChild(el('div', '', m.description || m.mutatorName));
          var code = el('div'); code.appendChild(el('span', 'muted', 'replacement: ')); code.appendChild(el('code', '', m.replacement)); d.appendChild(code);
          d.appendChild(el('div', 'muted', 'operator ' + m.mutatorName + ' · column ' + m.location.start.column));
          if (m.statusReason) d.appendChild(el('div', '', m.statusReason));
          (m.killedBy || []).concat(m.coveredBy || []).forEach(function (id) { d.appendChild(el('div', '', '↳ ' + (tests[id] || id))); });
          row.addEventListener('click', function () { d.classList.toggle('open'); });
          pre.appendChild(d);
        });
      }
      root.appendChild(pre);
    });
  }
  render();
})();
</script>
</body>
</html>
`;
}
