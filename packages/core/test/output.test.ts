import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createReporter, HEARTBEAT_MS, type Heartbeat } from '../src/output.js';

/** A stderr that is a pipe (no TTY), or a terminal, whose writes are kept. */
function capture(isTTY: boolean) {
  const stream = new PassThrough() as unknown as NodeJS.WriteStream & { text: string };
  let text = '';
  stream.write = ((chunk: string) => {
    text += chunk;
    return true;
  }) as NodeJS.WriteStream['write'];
  Object.defineProperty(stream, 'isTTY', { value: isTTY });
  Object.defineProperty(stream, 'text', { get: () => text });
  return stream;
}

/** A heartbeat ticked by hand: no test waits 10 s. */
function manualHeartbeat() {
  const running = new Set<() => void>();
  const intervals: number[] = [];
  const heartbeat: Heartbeat = (tick, ms) => {
    intervals.push(ms);
    running.add(tick);
    return () => running.delete(tick);
  };
  return { heartbeat, intervals, tick: () => [...running].forEach((t) => t()), get running() { return running.size; } };
}

describe('progress where there is no terminal', () => {
  it('prints one plain line per phase, and on each heartbeat the latest counts and the time the phase has run', () => {
    const stream = capture(false);
    const clock = manualHeartbeat();
    const reporter = createReporter({ name: 'consensus-fix', stream, env: { FORCE_COLOR: '1' }, heartbeat: clock.heartbeat });
    reporter.progress('pre-flight: npm test');
    reporter.progress('completions 0/5', 'completions');
    reporter.progress('completions 1/5', 'completions');
    reporter.progress('completions 3/5', 'completions');
    clock.tick();
    clock.tick();
    reporter.progress('candidate 2/5: running --rails');
    clock.tick();
    reporter.endProgress();
    clock.tick();
    expect(stream.text).toBe(
      [
        'consensus-fix: pre-flight: npm test',
        'consensus-fix: completions 0/5',
        'consensus-fix: completions 3/5 (still running, 10 s)',
        'consensus-fix: completions 3/5 (still running, 20 s)',
        'consensus-fix: candidate 2/5: running --rails',
        'consensus-fix: candidate 2/5: running --rails (still running, 10 s)',
        '',
      ].join('\n'),
    );
    expect(stream.text).not.toContain('\u001b');
    expect(clock.intervals.every((ms) => ms === HEARTBEAT_MS)).toBe(true);
    expect(clock.running).toBe(0);
  });

  it('prints under --json too (stdout is not touched), and nothing with --quiet', () => {
    const json = capture(false);
    createReporter({ name: 't', json: true, stream: json, heartbeat: manualHeartbeat().heartbeat }).progress('judging 1/4', 'judging');
    expect(json.text).toBe('t: judging 1/4\n');

    const quiet = capture(false);
    const clock = manualHeartbeat();
    const reporter = createReporter({ name: 't', quiet: true, stream: quiet, heartbeat: clock.heartbeat });
    reporter.progress('judging 1/4', 'judging');
    reporter.info('a note');
    reporter.warn('a warning');
    expect(quiet.text).toBe('WARNING: a warning\n');
    expect(clock.intervals).toEqual([]);
  });

  it('keeps the live line on a terminal, with no heartbeat', () => {
    const stream = capture(true);
    const clock = manualHeartbeat();
    const reporter = createReporter({ name: 't', stream, env: {}, heartbeat: clock.heartbeat });
    reporter.progress('completions 1/5', 'completions');
    reporter.endProgress();
    expect(stream.text).toBe('\r\u001b[2Kcompletions 1/5\r\u001b[2K');
    expect(clock.intervals).toEqual([]);
  });

  it('uses an interval that does not keep the process alive', () => {
    const timers = () => (process as unknown as { getActiveResourcesInfo(): string[] }).getActiveResourcesInfo().filter((h) => h === 'Timeout').length;
    const before = timers();
    const reporter = createReporter({ name: 't', stream: capture(false) });
    reporter.progress('a long phase');
    const during = timers();
    reporter.endProgress();
    expect(during).toBe(before);
  });
});
