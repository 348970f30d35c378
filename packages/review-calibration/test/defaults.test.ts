// The option defaults are declared once (DEFAULTS): --help shows exactly them, and the library
// entry fills exactly them in.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '@adlc/testkit';
import { beforeAll, describe, expect, it } from 'vitest';
import { calibrateOptions, DEFAULTS } from '../src/index.js';
import { assertBuilt, BIN } from './helpers.js';

beforeAll(assertBuilt);

const flagOf = (key: string) => `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

describe('option defaults', () => {
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
