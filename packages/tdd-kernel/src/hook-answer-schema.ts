// Every document `tdd-kernel hook claude-code` prints on stdout (an allowed edit prints nothing):
// the PreToolUse deny, the Stop block, and the Stop note when a claim closed after two failed greens.

import { z } from 'zod';
import { HookDenySchema, HookStopBlockSchema } from './schemas.js';

export const HookSystemMessageSchema = z.object({ systemMessage: z.string() }).strict();

export const HookAnswerSchema = z.union([HookDenySchema, HookStopBlockSchema, HookSystemMessageSchema]);
