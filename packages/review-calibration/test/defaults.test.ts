// The option defaults are declared once (the option table): --help shows exactly them, and the
// library entry fills exactly them in.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '@adlc/testkit';
import { beforeAll, describe, expect, it } from 'vitest';
import { CALIBRATION_OPTIONS, calibrateOptions } from '../src/index.js';
import { assertBuilt, BIN } from './helpers.js';

beforeAll(assertBuilt);

const flagOf = (key: string) => `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/** The defaults as they were before the table (a contract: scripts and CI depend on them). */
const DEFAULTS = {
  commit: 'HEAD',
  plants: 8,
  minPlants: 3,
  minRecall: 0.5,
  scorer: 'judge',
  plantSource: 'rules',
  plantTier: 'mid',
  seed: 1,
  trials: 1,
  decoys: 0,
  timeout: 120,
  reviewTimeout: 1800,
};

describe('option defaults', () => {
  it('the table holds exactly these defaults (and empty lists and off switches)', () => {
    const table = Object.fromEntries(CALIBRATION_OPTIONS.fields.filter((f) => f.hasDefault).map((f) => [f.key, f.defaultValue]));
    expect(table).toEqual({ ...DEFAULTS, json: false, quiet: false, restore: false, files: [], report: [] });
  });

  it('the library entry fills in DEFAULTS for every absent option', () => {
    expect(calibrateOptions({})).toMatchObject(DEFAULTS);
    expect(calibrateOptions({ plants: 3, scorer: 'repro' })).toMatchObject({ ...DEFAULTS, plants: 3, scorer: 'repro' });
  });

  it('--help shows each of DEFAULTS as the default of its flag', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rc-help-'));
    try {
      const help = await runCli(BIN, ['--help'], { cwd: dir, timeoutMs: 20_000 });
      expect(help.exitCode).toBe(0);
      // One block per option (continuation lines are indented further), whitespace collapsed.
      const blocks = help.stdout.split(/\n(?= {2}-)/).map((b) => b.replace(/\s+/g, ' ').trim());
      for (const [key, value] of Object.entries(DEFAULTS)) {
        const block = blocks.find((b) => b.startsWith(`${flagOf(key)} `));
        expect(block, key).toBeDefined();
        expect(block, key).toContain(`default: ${JSON.stringify(value)}`);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
