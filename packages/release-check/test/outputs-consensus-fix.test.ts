// consensus-fix's real outputs against its shipped JSON Schemas: a run on the shipped example with
// the fixture provider (--json, --log-dir events.ndjson), --prompt-only, --restore and an error.

import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempRepo, type TempRepo } from '@adlc/testkit';
import { assertValid, cli, jsonLines, packageDir, stdoutJson } from './helpers.js';

const PKG = packageDir('consensus-fix');
const FIXTURE_ENV = { ADLC_PROVIDER: 'fixture', ADLC_FIXTURE: join(PKG, 'demo', 'answers.jsonl') };
const DEMO_ARGS = ['--test-cmd', 'node --test test/hours.test.mjs', '--rails', 'node --test', '--files', 'src/duration.mjs', '--n', '5'];

let scratch: string;
let repo: TempRepo;
beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'release-cf-'));
  repo = makeTempRepo({ prefix: 'release-cf-repo-' });
  cpSync(join(PKG, 'example'), repo.dir, { recursive: true });
  repo.commit('example: duration parser with a bug');
});
afterAll(() => {
  repo.cleanup();
  rmSync(scratch, { recursive: true, force: true });
});

describe('consensus-fix outputs match schemas/*.json', () => {
  it('--json and every line of --log-dir events.ndjson', async () => {
    const logDir = join(scratch, 'log');
    const result = await cli('consensus-fix', [...DEMO_ARGS, '--apply', '--json', '--log-dir', logDir], repo.dir, FIXTURE_ENV);
    expect(result.exitCode, result.stderr).toBe(0);
    assertValid('consensus-fix', 'output', stdoutJson(result));
    const events = jsonLines(join(logDir, 'events.ndjson'));
    for (const event of events) assertValid('consensus-fix', 'event', event);
    // The run went through every phase, so every kind of event was checked but the warning.
    const kinds = new Set(events.map((e) => (e as { event: string }).event));
    expect([...kinds].sort()).toEqual(['applied', 'baseline', 'completion', 'end', 'post-apply', 'preflight', 'recheck', 'round', 'settled', 'stage', 'start'].sort());
    repo.git('checkout', '--', '.');
  });

  it('a warning event (no --rails)', async () => {
    const logDir = join(scratch, 'log-warning');
    const args = ['--test-cmd', 'node --test test/hours.test.mjs', '--files', 'src/duration.mjs', '--n', '1', '--json', '--log-dir', logDir];
    const result = await cli('consensus-fix', args, repo.dir, FIXTURE_ENV);
    expect(result.exitCode, result.stderr).toBe(0);
    assertValid('consensus-fix', 'output', stdoutJson(result));
    const events = jsonLines(join(logDir, 'events.ndjson'));
    for (const event of events) assertValid('consensus-fix', 'event', event);
    expect(events.some((e) => (e as { event: string }).event === 'warning')).toBe(true);
  });

  it('--localize-only --json, and the localization event of a run without --files', async () => {
    const localize = await cli('consensus-fix', ['--test-cmd', 'node --test test/hours.test.mjs', '--localize-only', '--json'], repo.dir);
    expect(localize.exitCode, localize.stderr).toBe(0);
    assertValid('consensus-fix', 'localize-only', stdoutJson(localize));
    const logDir = join(scratch, 'log-localized');
    const args = ['--test-cmd', 'node --test test/hours.test.mjs', '--n', '1', '--json', '--log-dir', logDir];
    const run = await cli('consensus-fix', args, repo.dir, FIXTURE_ENV);
    expect([0, 2], run.stderr).toContain(run.exitCode);
    assertValid('consensus-fix', 'output', stdoutJson(run));
    const events = jsonLines(join(logDir, 'events.ndjson'));
    for (const event of events) assertValid('consensus-fix', 'event', event);
    expect(events.some((e) => (e as { event: string }).event === 'localization')).toBe(true);
    repo.git('checkout', '--', '.');
  });

  it('a replace run: an edit that does not apply, a truncated answer, and the edit format in the start event', async () => {
    const fixture = join(scratch, 'replace-answers.jsonl');
    const edit = (search: string, replace: string) => JSON.stringify({ changes: [{ file: 'src/duration.mjs', edits: [{ search, replace }] }] });
    const entries = [
      { text: edit('(?:(\\d)h)?', '(?:(\\d+)h)?') },
      { text: edit('(?:(\\d)h)?', '(?:(\\d+)h)?') },
      { text: edit('(?:(\\d{1})h)?', '(?:(\\d+)h)?') },
      { text: edit('(?:(\\d)h)?', '(?:(\\d+)h)?'), truncated: true },
    ];
    writeFileSync(fixture, entries.map((e) => JSON.stringify(e)).join('\n') + '\n');
    const logDir = join(scratch, 'log-replace');
    const args = ['--test-cmd', 'node --test test/hours.test.mjs', '--rails', 'node --test', '--files', 'src/duration.mjs', '--n', '4', '--edit-format', 'replace', '--json', '--log-dir', logDir];
    const result = await cli('consensus-fix', args, repo.dir, { ADLC_PROVIDER: 'fixture', ADLC_FIXTURE: fixture });
    expect(result.exitCode, result.stderr).toBe(0);
    const doc = stdoutJson(result) as { editFormat: string; discardedDetails: Array<{ reason: string }> };
    assertValid('consensus-fix', 'output', doc);
    expect(doc.editFormat).toBe('replace');
    expect(doc.discardedDetails.map((d) => d.reason)).toEqual(['edit: not found', 'truncated']);
    const events = jsonLines(join(logDir, 'events.ndjson'));
    for (const event of events) assertValid('consensus-fix', 'event', event);
    expect(events.find((e) => (e as { event: string }).event === 'start')).toMatchObject({ editFormat: 'replace' });
  });

  it('--prompt-only --json', async () => {
    const result = await cli('consensus-fix', [...DEMO_ARGS, '--prompt-only', '--json'], repo.dir);
    expect(result.exitCode, result.stderr).toBe(0);
    assertValid('consensus-fix', 'prompt-only', stdoutJson(result));
  });

  it('--restore --json', async () => {
    const result = await cli('consensus-fix', ['--restore', '--json'], repo.dir);
    expect(result.exitCode, result.stderr).toBe(0);
    assertValid('consensus-fix', 'restore', stdoutJson(result));
  });

  it('the error document', async () => {
    const result = await cli('consensus-fix', ['--files', 'src/duration.mjs', '--json'], repo.dir, FIXTURE_ENV);
    expect(result.exitCode).toBe(1);
    assertValid('consensus-fix', 'error', stdoutJson(result));
  });
});
