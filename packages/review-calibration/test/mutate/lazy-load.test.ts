// The engine loads the TypeScript compiler only when a JS/TS file is mutated: the CLI must start
// fast, and a Python or Go commit never needs it.

import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

describe('lazy loading', () => {
  it('never imports the TypeScript compiler at module load (CLIs must start fast)', () => {
    const dir = fileURLToPath(new URL('../../src/plants/mutate/', import.meta.url));
    const files = readdirSync(dir).map((f) => `${dir}${f}`);
    const eager = files.filter((f) => /^import (?!type )[^;]*from 'typescript'/m.test(readFileSync(f, 'utf8')));
    expect(eager).toEqual([]);
  });
});
