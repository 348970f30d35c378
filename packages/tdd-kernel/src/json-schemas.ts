// Every machine-readable output of tdd-kernel, each with the zod schema that describes it. The
// build writes each as a JSON Schema to schemas/<name>.json (scripts/build-schemas.mjs).

import { ErrorOutputSchema } from '@adlc/core';
import { HookAnswerSchema } from './hook-answer-schema.js';
import {
  CheckOutputSchema,
  ClaimOutputSchema,
  DoctorOutputSchema,
  FlushOutputSchema,
  InitOutputSchema,
  KernelEventSchema,
  RefactorOutputSchema,
  RunOutputSchema,
  StatusOutputSchema,
} from './schemas.js';
import type { z } from 'zod';

export { toJSONSchema } from 'zod';

export const JSON_SCHEMAS = {
  run: { describes: 'tdd-kernel run --json', schema: RunOutputSchema },
  claim: { describes: 'tdd-kernel claim --json', schema: ClaimOutputSchema },
  check: { describes: 'tdd-kernel check --json', schema: CheckOutputSchema },
  flush: { describes: 'tdd-kernel flush --json', schema: FlushOutputSchema },
  refactor: { describes: 'tdd-kernel refactor on|off --json', schema: RefactorOutputSchema },
  status: { describes: 'tdd-kernel status --json', schema: StatusOutputSchema },
  doctor: { describes: 'tdd-kernel doctor --json', schema: DoctorOutputSchema },
  init: { describes: 'tdd-kernel init claude-code --json', schema: InitOutputSchema },
  hook: { describes: 'what tdd-kernel hook claude-code prints on stdout (nothing when it allows)', schema: HookAnswerSchema },
  event: { describes: 'one line of the event log (.tdd-kernel/events.jsonl)', schema: KernelEventSchema },
  error: { describes: 'tdd-kernel --json when it exits 1', schema: ErrorOutputSchema },
} satisfies Record<string, { describes: string; schema: z.ZodType }>;
