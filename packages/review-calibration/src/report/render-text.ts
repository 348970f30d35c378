// The human report printed on stdout without --json, pure.

import type { CalibrationJson } from '../schema.js';
import { renderReviewers } from './render-reviewers.js';

export function renderText(doc: CalibrationJson): string {
  const out: string[] = [];
  const precision = doc.precision === null ? `precision n/a (${noPrecision(doc)})` : `precision ${pct(doc.precision)} (${doc.truePositives} true, ${doc.falsePositives} false)`;
  // Fewer plants than asked for: the interval says how little the number can tell.
  const asked = typeof doc.plantsRequested === 'number' ? doc.plantsRequested * (doc.trials?.length ?? 1) : 0;
  const interval =
    doc.total < asked && doc.recallInterval
      ? ` [95% interval ${pct(doc.recallInterval.low)}–${pct(doc.recallInterval.high)}; ${doc.total} of ${asked} plants fit]`
      : '';
  out.push(
    `recall ${pct(doc.recall)}${interval} (${doc.caught}/${doc.total} caught, ${doc.located} located) · ${precision} · scorer ${doc.scorer}`,
  );
  const bar = `min recall ${pct(doc.minRecall)}${doc.minPrecision === null ? '' : `, min precision ${pct(doc.minPrecision)}`}`;
  out.push(doc.gatePass ? `gate: PASS (${bar})` : `gate: FAIL: ${doc.gateReasons.join('; ')}`);
  if (doc.recallInterval && doc.trials) {
    out.push(
      `trials: ${doc.trials.length} (seeds ${doc.trials.map((t) => t.seed).join(', ')}) · recall 95% interval [${pct(doc.recallInterval.low)}, ${pct(doc.recallInterval.high)}]`,
    );
  }
  if (doc.reviewers && doc.reviewers.length > 1) {
    out.push('', `reviewers (the same plants${doc.decoy ? ' and decoys' : ''}; the lines above and below are the first one's):`, ...renderReviewers(doc.reviewers), '');
  } else if (doc.reviewers?.[0]?.usage) {
    const u = doc.reviewers[0].usage;
    out.push(`reviewer used ${u.inputTokens} input / ${u.outputTokens} output tokens${u.costUsd === undefined ? '' : `, $${u.costUsd.toFixed(4)}`} in ${doc.reviewers[0].runs} run(s)`);
  }
  if (doc.decoy) {
    const d = doc.decoy;
    const bar = typeof doc.maxDecoyFindings === 'number' ? ` (max ${doc.maxDecoyFindings})` : '';
    out.push(
      `decoys: ${d.findings} finding${d.findings === 1 ? '' : 's'} in ${d.runs} clean run${d.runs === 1 ? '' : 's'} (${round(d.findingsPerRun)} per run, ${d.filesFlagged} file${d.filesFlagged === 1 ? '' : 's'} flagged), all false positives${bar}`,
    );
  }
  if (doc.equivalentExcluded > 0) out.push(`equivalent mutants excluded: ${doc.equivalentExcluded}`);
  if (doc.judgeAgreement !== null) out.push(`judge agrees with repros on ${pct(doc.judgeAgreement)} of the findings that had both`);

  if (doc.perSource) {
    const parts = Object.entries(doc.perSource).map(([name, c]) => `${name} ${c.caught}/${c.total} (${pct(c.recall)})`);
    out.push(`recall per source: ${parts.join(', ')}`);
  }
  if (doc.modelPlants && doc.modelPlants.discarded.length > 0) {
    out.push(`model plants: ${doc.modelPlants.accepted} of ${doc.modelPlants.proposed} kept; discarded:`);
    for (const d of doc.modelPlants.discarded) out.push(`  ${d.file} (${d.category}): ${d.reason}`);
  }
  const categories = Object.entries(doc.perCategory);
  if (categories.length > 0) {
    out.push('', 'per category:');
    const width = Math.max(...categories.map(([name]) => name.length));
    for (const [name, c] of categories) {
      out.push(`  ${name.padEnd(width)}  ${`${c.caught}/${c.total}`.padStart(5)}  ${pct(c.recall).padStart(6)}${c.located > c.caught ? `  (${c.located} located)` : ''}`);
    }
  }

  out.push('', 'plants:');
  for (const p of doc.plants) {
    const trial = p.trial === undefined ? '' : `[${p.trial}] `;
    // The operator is named only when it says more than the category (`wrong-identifier` is both).
    const notes = [...(p.operator === p.category ? [] : [p.operator]), ...(p.unverified ? ['unverified: no test tells it apart'] : [])];
    const lines = p.endLine === undefined ? `${p.line}` : `${p.line}-${p.endLine}`;
    out.push(`  ${p.status.padEnd(10)} ${trial}${p.file}:${lines}  ${p.category}${notes.length === 0 ? '' : ` (${notes.join(', ')})`}`);
    out.push(...codeLines('-', p.original), ...codeLines('+', p.mutated));
    // A located plant was pointed at but not identified: the scorer's reason is why it is no catch.
    if (p.status === 'located' && p.reason) out.push(`             why: ${oneLine(p.reason)}`);
  }
  const spurious = doc.findings.filter((f) => f.kind === 'false-positive');
  if (spurious.length > 0) {
    out.push('', 'false positives:');
    for (const f of spurious) out.push(`  ${f.file}:${f.line}: ${oneLine(f.description)}`);
  }
  out.push(
    '',
    `controls: echo ${doc.controls.echo.caught}/${doc.controls.echo.total} caught (must be ~0), oracle ${doc.controls.oracle.caught}/${doc.controls.oracle.total} (must be all)`,
  );
  if (doc.history?.previous && doc.history.delta) {
    const d = doc.history.delta;
    out.push(
      `history: recall ${signed(d.recall)}${d.precision === null ? '' : `, precision ${signed(d.precision)}`} since ${doc.history.previous.date} (${doc.history.file})`,
    );
  } else if (doc.history) {
    out.push(`history: first entry in ${doc.history.file}`);
  }
  for (const report of doc.reports ?? []) out.push(`report written: ${report}`);
  return out.join('\n');
}

/** A plant's code under its heading, each line marked, the lines' common indentation taken off. */
function codeLines(mark: '-' | '+', code: string): string[] {
  const lines = code.split('\n').map((l) => l.trimEnd());
  const indent = Math.min(...lines.filter((l) => l.trim() !== '').map((l) => l.length - l.trimStart().length), Infinity);
  return lines.map((l) => `             ${mark} ${Number.isFinite(indent) ? l.slice(indent) : l.trim()}`.trimEnd());
}

function pct(x: number): string {
  return `${(Math.round(x * 1000) / 10).toString()}%`;
}

function round(x: number): string {
  return (Math.round(x * 100) / 100).toString();
}

function signed(x: number): string {
  const points = Math.round(x * 1000) / 10;
  return `${points > 0 ? '+' : ''}${points} points`;
}

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 120 ? `${flat.slice(0, 119)}…` : flat;
}

/** Why precision has no value: no finding counted either way (a finding that only locates a plant is neither). */
function noPrecision(doc: CalibrationJson): string {
  const located = doc.findings.filter((f) => f.kind === 'located').length;
  if (located === 0) return 'no anchored findings';
  return `${located} finding${located === 1 ? '' : 's'} located a plant without identifying it, none elsewhere`;
}
