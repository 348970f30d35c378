// Every machine-readable output of tdd-kernel, each with the zod schema that describes it. The
// build writes each as a JSON Schema to schemas/<name>.json (scripts/build-schemas.mjs).

import { ErrorOutputSchema } from '@adlc/core';
import { KernelEventSchema } from './schemas/events.js';
import { HookAnswerSchema } from './schemas/hook-answers.js';
import {
  CheckOutputSchema,
  ClaimOutputSchema,
  DoctorAgentOutputSchema,
  DoctorOutputSchema,
  FlushOutputSchema,
  InitAgentOutputSchema,
  RefactorOutputSchema,
  RunOutputSchema,
  StatusOutputSchema,
} from './schemas/outputs.js';
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
  'doctor-agent': { describes: 'tdd-kernel doctor --agent <agent> --json', schema: DoctorAgentOutputSchema },
  init: { describes: 'tdd-kernel init <agent> --json', schema: InitAgentOutputSchema },
  hook: { describes: 'what tdd-kernel hook <agent> prints on stdout, in the contract of the agent that ran it (nothing when it allows, except Cursor `{}` and Cline `{"cancel": false}`; Windsurf refuses by exit code 2 alone)', schema: HookAnswerSchema },
  event: { describes: 'one line of the event log (.tdd-kernel/events.jsonl)', schema: KernelEventSchema },
  error: { describes: 'tdd-kernel --json when it exits 1', schema: ErrorOutputSchema },
} satisfies Record<string, { describes: string; schema: z.ZodType }>;
