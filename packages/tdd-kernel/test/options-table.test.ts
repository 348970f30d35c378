// One declaration of the options: the hot path's plain parseArgs view (hot-flags.ts, which may not load
// zod) is the zod table's flags exactly, and the config keys that are also flags take the flags' fields.

import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { HOT_VALUE_FLAGS, isMode, MODES, PARSE_OPTIONS } from '../src/cli/hot-flags.js';
import { KERNEL_COMMAND_OPTIONS, KERNEL_OPTIONS } from '../src/cli/options.js';
import { KernelConfigSchema } from '../src/project/config-schema.js';

describe('the option table', () => {
  it('the hot path parses exactly the global flags of the zod table, with the same value names', () => {
    const fromTable = Object.fromEntries(
      KERNEL_OPTIONS.fields.filter((f) => !(f.base instanceof z.ZodBoolean)).map((f) => [f.key, `${f.flag} <${f.meta.value}>`]),
    );
    expect(HOT_VALUE_FLAGS).toEqual(fromTable);
    const switches = KERNEL_OPTIONS.fields.filter((f) => f.base instanceof z.ZodBoolean).map((f) => f.key);
    expect(Object.entries(PARSE_OPTIONS).filter(([, o]) => o.type === 'boolean').map(([k]) => k)).toEqual(switches);
    expect(Object.keys(PARSE_OPTIONS).sort()).toEqual(KERNEL_OPTIONS.fields.map((f) => f.key).sort());
  });

  it('the hot path accepts the modes the table does, and nothing else', () => {
    const mode = KERNEL_OPTIONS.fields.find((f) => f.key === 'mode')!.base as z.ZodEnum;
    expect(mode.options).toEqual([...MODES]);
    for (const value of ['strict', 'warn', 'loose', '', undefined, 'STRICT']) expect(isMode(value)).toBe(mode.safeParse(value).success);
  });

  it('the config file checks log, plan and mode as the flags do', () => {
    const shape = KernelConfigSchema.shape;
    for (const [key, flag] of [
      ['log', KERNEL_OPTIONS.schema.shape.log],
      ['mode', KERNEL_OPTIONS.schema.shape.mode],
      ['plan', KERNEL_COMMAND_OPTIONS.schema.shape.plan],
    ] as const) {
      for (const value of ['x.jsonl', '', '  ', 'strict', 'warn', 3, undefined]) expect([key, shape[key].safeParse(value).success]).toEqual([key, flag.safeParse(value).success]);
    }
  });
});
