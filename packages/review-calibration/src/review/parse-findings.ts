// Turns a reviewer's stdout into findings: structured JSON first ({findings}, a bare array, SARIF
// 2.1, consensus-synthesis --json, reviewdog rdjson), then a weak prose fallback (`file.ts:42: msg`).

import { extractJson } from '@adlc/core';
import * as z from 'zod';
import type { Finding } from '../types.js';

export type FindingsFormat = 'findings' | 'array' | 'sarif' | 'consensus-synthesis' | 'rdjson' | 'prose';

export interface ParsedFindings {
  format: FindingsFormat;
  findings: Finding[];
}

type Raw = Omit<Finding, 'index'>;
type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const objects = (v: unknown): Json[] => (Array.isArray(v) ? v.filter(isObject) : []);

// Any of these top-level shapes is a reviewer report; the first JSON value in the output that has
// one wins, so log lines or a stray `[1]` before the report do not hide it.
const ReportShape = z.union([
  z.array(z.record(z.string(), z.unknown())),
  z.object({ findings: z.array(z.unknown()) }).loose(),
  z.object({ runs: z.array(z.unknown()) }).loose(),
  z.object({ reviewers: z.array(z.unknown()) }).loose(),
  z.object({ issues: z.array(z.unknown()) }).loose(),
  z.object({ comments: z.array(z.unknown()) }).loose(),
  z.object({ diagnostics: z.array(z.unknown()) }).loose(),
]);

export function parseFindings(output: string): ParsedFindings {
  let value: unknown;
  try {
    value = extractJson(output, ReportShape);
  } catch {
    value = undefined;
  }
  const structured = value === undefined ? undefined : fromJson(value);
  if (structured) return { format: structured.format, findings: number(dedupe(structured.findings)) };
  return { format: 'prose', findings: number(dedupe(fromProse(output))) };
}

function fromJson(value: unknown): { format: FindingsFormat; findings: Raw[] } | undefined {
  if (Array.isArray(value)) return { format: 'array', findings: objects(value).map((o) => fromFindingObject(o)) };
  if (!isObject(value)) return undefined;
  if (Array.isArray(value.runs)) return { format: 'sarif', findings: fromSarif(value) };
  if (Array.isArray(value.reviewers)) {
    const findings = objects(value.reviewers).flatMap((reviewer) => {
      const name = text(reviewer.reviewer) ?? text(reviewer.name) ?? text(reviewer.id) ?? text(reviewer.letter);
      return objects(reviewer.findings).map((f) => fromFindingObject(f, name));
    });
    return { format: 'consensus-synthesis', findings };
  }
  if (Array.isArray(value.diagnostics)) return { format: 'rdjson', findings: objects(value.diagnostics).map(fromRdjson) };
  const list = value.findings ?? value.issues ?? value.comments;
  return { format: 'findings', findings: objects(list).map((o) => fromFindingObject(o)) };
}

function fromFindingObject(o: Json, reviewer?: string): Raw {
  const location = isObject(o.location) ? o.location : undefined;
  const file =
    text(o.file) ?? text(o.path) ?? text(o.filename) ?? text(o.file_path) ?? text(o.filePath) ??
    (location ? (text(location.file) ?? text(location.path)) : undefined);
  const line =
    lineOf(o.line) ?? lineOf(o.lineNumber) ?? lineOf(o.line_number) ?? lineOf(o.startLine) ?? lineOf(o.start_line) ??
    lineOf(o.lines) ?? (location ? (lineOf(location.line) ?? lineOf(location.startLine)) : undefined);
  const description =
    text(o.description) ?? text(o.message) ?? text(o.body) ?? text(o.text) ?? text(o.comment) ?? text(o.issue) ??
    text(o.title) ?? text(o.summary) ?? '';
  const who = reviewer ?? text(o.reviewer);
  return {
    file: file ?? null,
    line: line ?? null,
    description,
    ...optional('severity', text(o.severity) ?? text(o.level) ?? text(o.priority)),
    ...optional('category', text(o.category) ?? text(o.type)),
    ...optional('repro', text(o.repro)),
    ...optional('reviewer', who),
  };
}

function fromSarif(log: Json): Raw[] {
  return objects(log.runs).flatMap((run) =>
    objects(run.results).map((result) => {
      const physical = objects(result.locations).map((l) => l.physicalLocation).find(isObject);
      const artifact = physical && isObject(physical.artifactLocation) ? physical.artifactLocation : undefined;
      const region = physical && isObject(physical.region) ? physical.region : undefined;
      const message = isObject(result.message) ? (text(result.message.text) ?? text(result.message.markdown)) : text(result.message);
      const properties = isObject(result.properties) ? result.properties : {};
      const uri = artifact ? text(artifact.uri) : undefined;
      return {
        file: uri === undefined ? null : fromUri(uri),
        line: (region ? lineOf(region.startLine) : undefined) ?? null,
        description: [text(result.ruleId), message].filter(Boolean).join(': '),
        ...optional('severity', text(result.level)),
        ...optional('repro', text(properties.repro)),
        ...optional('reviewer', text(properties.reviewer)),
      };
    }),
  );
}

function fromRdjson(d: Json): Raw {
  const location = isObject(d.location) ? d.location : {};
  const range = isObject(location.range) ? location.range : {};
  const start = isObject(range.start) ? range.start : {};
  return {
    file: text(location.path) ?? null,
    line: lineOf(start.line) ?? null,
    description: text(d.message) ?? '',
    ...optional('severity', text(d.severity)),
  };
}

// `src/a.ts:42: message`, `src/a.ts:42:7 - message`, `src/a.ts#L42`, `src/a.ts line 42`, `src/a.ts (line 42)`.
const PROSE = /([\w@~+.\-/\\]*[\w-]\.[A-Za-z][\w]{0,9})(?::(\d+)(?::\d+)?|#L(\d+)(?:-L?\d+)?|,?\s+\(?(?:at\s+)?lines?\s+(\d+)\)?)/;

function fromProse(output: string): Raw[] {
  const findings: Raw[] = [];
  for (const rawLine of output.split(/\r?\n/)) {
    const match = PROSE.exec(rawLine);
    if (!match) continue;
    const line = Number(match[2] ?? match[3] ?? match[4]);
    if (!Number.isInteger(line) || line < 1) continue;
    const rest = rawLine.slice((match.index ?? 0) + match[0].length).replace(/^[\s:.)\-–—`*]+/, '').trim();
    const before = rawLine.slice(0, match.index).replace(/^[\s\-*#>|`\d.]+/, '').replace(/[\s:`(*]+$/, '').trim();
    findings.push({ file: (match[1] ?? '').replace(/^[`'"(]+/, ''), line, description: rest || before || rawLine.trim() });
  }
  return findings;
}

function fromUri(uri: string): string {
  let value = uri;
  if (/^file:/i.test(value)) {
    try {
      value = decodeURIComponent(new URL(value).pathname);
    } catch {
      value = value.replace(/^file:\/*/i, '/');
    }
  }
  return value;
}

function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** A 1-based line from a number, "42", "42-45", "L42" or {start: 42}. */
function lineOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 1 ? value : undefined;
  if (typeof value === 'string') {
    const match = /^\s*L?(\d+)/i.exec(value);
    const n = match ? Number(match[1]) : NaN;
    return Number.isInteger(n) && n >= 1 ? n : undefined;
  }
  if (Array.isArray(value)) return lineOf(value[0]);
  if (isObject(value)) return lineOf(value.start) ?? lineOf(value.line);
  return undefined;
}

function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}

function dedupe(findings: Raw[]): Raw[] {
  const seen = new Set<string>();
  return findings.filter((f) => {
    const key = JSON.stringify([f.file, f.line, f.description, f.repro ?? null, f.reviewer ?? null]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function number(findings: Raw[]): Finding[] {
  return findings.map((f, index) => ({ index, ...f }));
}
