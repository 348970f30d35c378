// How the benchmarks time a process: wall time, and CPU time (user + system) of the process and of every
// process it waited for (git, test commands), read from bash's `times`. On a machine shared with other
// work the wall time grows with the load while the CPU time barely does, so the CPU figure is the
// honest one there; both are reported. Medians throughout.
import { spawn } from 'node:child_process';
import { cpus, loadavg } from 'node:os';

// bash runs the command and reports on fd 3: start and end (µs clock), exit code, then `times`.
const WRAPPER = 's=$EPOCHREALTIME; "$@"; rc=$?; e=$EPOCHREALTIME; { echo "$s $e $rc"; times; } >&3; exit $rc';

/** `1m2.345s` → milliseconds. */
export function timesToMs(text) {
  const match = /^(\d+)m([\d.]+)s$/.exec(text);
  if (!match) throw new Error(`not a bash times value: ${text}`);
  return Number(match[1]) * 60_000 + Number(match[2]) * 1000;
}

/** The wall and CPU time in the report bash wrote on fd 3 (its second `times` line is the children's). */
export function parseReport(report) {
  const [stamps, , children] = report.trim().split('\n');
  const [start, end] = stamps.split(' ').map(Number);
  const [user, system] = children.trim().split(/\s+/).map(timesToMs);
  return { wallMs: (end - start) * 1000, cpuMs: user + system };
}

/**
 * Runs `command args` to completion and measures it. Asynchronous, so a fake provider server in this
 * process keeps answering. Resolves with the exit status and output whatever the status.
 */
export function measured(command, args, { cwd, env, input } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', WRAPPER, 'measured', command, ...args], { cwd, env, stdio: ['pipe', 'pipe', 'pipe', 'pipe'] });
    const out = { stdout: '', stderr: '', report: '' };
    child.stdout.on('data', (d) => (out.stdout += d));
    child.stderr.on('data', (d) => (out.stderr += d));
    child.stdio[3].on('data', (d) => (out.report += d));
    child.on('error', reject);
    child.on('close', (status) => {
      try {
        resolve({ ...parseReport(out.report), status, stdout: out.stdout, stderr: out.stderr });
      } catch (error) {
        reject(new Error(`${command} ${args.join(' ')}: no timing report (${error.message}); stderr: ${out.stderr.slice(-500)}`));
      }
    });
    child.stdin.end(input ?? '');
  });
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * Measures several commands `runs` times, interleaved (one of each per round), so that a change in
 * the machine's load touches them all alike. Each command: { name, command, args, cwd?, env?, input?, ok? }
 * where ok(status) says which exit statuses are expected (default: 0). Returns name → median wall and CPU.
 */
export async function sampleInterleaved(commands, runs) {
  const samples = new Map(commands.map((c) => [c.name, { wall: [], cpu: [] }]));
  for (let round = 0; round < runs; round += 1) {
    for (const c of commands) {
      const r = await measured(c.command, c.args, c);
      if (!(c.ok ?? ((s) => s === 0))(r.status)) throw new Error(`${c.name} exited ${r.status}: ${r.stderr.slice(-800)}`);
      samples.get(c.name).wall.push(r.wallMs);
      samples.get(c.name).cpu.push(r.cpuMs);
    }
  }
  return new Map([...samples].map(([name, s]) => [name, { wallMs: median(s.wall), cpuMs: median(s.cpu) }]));
}

/** The machine's load, to print beside the figures. */
export function machine() {
  return `load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores, Node ${process.version}`;
}

/** A target row: the measured value in wall and CPU terms, the limit, and the margin (limit − value; negative: missed). */
export function row(target, limit, { wall, cpu }, unit = 'ms') {
  return { target, limit, unit, wall, cpu, wallMargin: limit - wall, cpuMargin: limit - cpu };
}

const fmt = (value, unit) => (unit === 'ms' ? `${value.toFixed(0)} ms` : `${value.toFixed(3)}${unit}`);
const margin = (value, unit) => `${value >= 0 ? '+' : '−'}${fmt(Math.abs(value), unit)}`;

/** Rows as a Markdown table: value and margin against the limit, wall and CPU. */
export function table(rows, title) {
  const lines = [`| ${title} | limit | wall | margin | CPU | margin |`, '|---|---|---|---|---|---|'];
  for (const r of rows) {
    lines.push(`| ${r.target} | ${fmt(r.limit, r.unit)} | ${fmt(r.wall, r.unit)} | ${margin(r.wallMargin, r.unit)} | ${fmt(r.cpu, r.unit)} | ${margin(r.cpuMargin, r.unit)} |`);
  }
  return lines.join('\n');
}
