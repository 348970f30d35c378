// status as text: the reds always listed, the greens one by one only while they fit a screen.

import { describe, expect, it } from 'vitest';
import { MAX_GREENS_LISTED, renderStatus } from '../src/cli/render.js';
import type { StatusResult } from '../src/kernel/status.js';

const gated = { files: ['**/*.ts'], from: 'default' as const };

function statusWith(greens: number, reds: string[]): StatusResult {
  const tests = [
    ...Array.from({ length: greens }, (_, i) => ({ test_id: `t.test.ts::green ${String(i).padStart(3, '0')}`, status: 'pass' as const, ts: 1 })),
    ...reds.map((id) => ({ test_id: id, status: 'fail' as const, ts: 2 })),
  ];
  return { root: '/p', log: '/p/.tdd-kernel/events.jsonl', session: null, mode: 'strict', refactor: false, tests, claims: [], buffered: [], pending: [], corrupt_lines: 0, gated };
}

describe('renderStatus', () => {
  it.each([
    ['a few greens are listed', 3, 3, false],
    ['greens up to the limit are listed', MAX_GREENS_LISTED, MAX_GREENS_LISTED, false],
    ['more greens are counted', MAX_GREENS_LISTED + 1, 0, true],
    ['hundreds of greens are counted', 480, 0, true],
  ])('%s', (_what, greens, listedGreens, counted) => {
    const text = renderStatus(statusWith(greens, ['t.test.ts::red one']));
    expect(text).toContain(`tests (${greens + 1}):`);
    expect(text.split('\n').filter((l) => l.startsWith('  ● green ')).length).toBe(listedGreens);
    expect(text.includes(`  ● ${greens} green (each listed by \`status --json\`)`)).toBe(counted);
    expect(text).toContain('  ○ red   t.test.ts::red one');
  });
});
