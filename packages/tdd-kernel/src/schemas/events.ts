// The event types of the log, as plain TypeScript (no zod): the hook's hot path imports these, and
// zod alone costs more start-up time than the whole latency budget. The zod schemas live in schemas.ts.

export type FailureKind = 'assertion' | 'error' | 'not_found';
export type TestIdSource = 'native' | 'annotation';

/** The RFC's TestRunEvent, plus failure_kind when red and the test file's hash (for the red cache). */
export interface TestRunEvent {
  type: 'test_run';
  test_id: string;
  test_id_source: TestIdSource;
  status: 'pass' | 'fail';
  command: string;
  duration_ms: number;
  ts: number;
  failure_kind?: FailureKind;
  /** First lines of the failure, for people. */
  message?: string;
  /** Relative to the project root. */
  test_file?: string;
  /** sha1 of the test file when it ran: a red is only reused while the test file is unchanged. */
  test_file_hash?: string;
  /** describe titles then the test title, when inside a describe: how Vitest 5's -t is built. */
  titles?: string[];
  /** The runner and base command (the red cache's key is test_id and this). */
  runner?: string;
  /** On an assertion red: sha1 of each file claimed for the test when it ran (null: it did not exist). */
  source_hashes?: Record<string, string | null>;
  session_id?: string;
}

/** The RFC's EditClaimEvent: "this edit advances this red test". One event per file (or glob). */
export interface EditClaimEvent {
  type: 'edit_claim';
  test_id: string;
  edit_target: string;
  /** ts of the red the claim was accepted on (absent for a glob, and in logs of older versions). */
  red_ts?: number;
  /** sha1 of the claimed file at the claim, which it also had on that red (null: it did not exist). */
  source_hash?: string | null;
  ts: number;
  session_id?: string;
}

export interface EditAllowedEvent {
  type: 'edit_allowed';
  file: string;
  /** Why: a claim (test_ids filled), a test file, or refactor mode. */
  via: 'claim' | 'test-file' | 'refactor';
  test_ids: string[];
  tool?: string;
  ts: number;
  session_id?: string;
}

export interface EditRefusedEvent {
  type: 'edit_refused';
  file: string;
  code: RefusalCode;
  reason: string;
  tool?: string;
  /** True under --mode warn: refused by the invariant, let through anyway. */
  warned?: boolean;
  ts: number;
  session_id?: string;
}

export type RefusalCode =
  | 'no-red'
  | 'no-claim'
  | 'stale-claim'
  | 'claim-closed'
  | 'other-session'
  | 'protected'
  | 'weakens-test'
  | 'refactor-lowers-tests'
  | 'outside-root'
  | 'unknown-path'
  | 'internal-error';

export interface EditRevertedEvent {
  type: 'edit_reverted';
  file: string;
  /** restored: pre-edit bytes written back; deleted: the file did not exist before the edit. */
  action: 'restored' | 'deleted';
  test_ids: string[];
  ts: number;
  session_id?: string;
}

/** A flush that went red: what was reverted, and whether the claim has used up its two tries. */
export interface RepairEvent {
  type: 'repair';
  failed_test_ids: string[];
  reverted: string[];
  /** Claims (test_ids) closed by this repair: their second failed green in a row. */
  closed_test_ids: string[];
  /** The flush that reverted: a flush finished after a crash appends its events only once. */
  flush_id?: string;
  ts: number;
  session_id?: string;
}

export interface RefactorOnEvent {
  type: 'refactor_on';
  /** Number of tests known green when refactor mode started (it must not go down). */
  test_count: number;
  ts: number;
  session_id?: string;
}

export interface RefactorOffEvent {
  type: 'refactor_off';
  ts: number;
  session_id?: string;
}

export interface VerifyEvent {
  type: 'verify';
  command: string;
  passed: boolean;
  exit_code: number | null;
  duration_ms: number;
  ts: number;
  session_id?: string;
}

export type KernelEvent =
  | TestRunEvent
  | EditClaimEvent
  | EditAllowedEvent
  | EditRefusedEvent
  | EditRevertedEvent
  | RepairEvent
  | RefactorOnEvent
  | RefactorOffEvent
  | VerifyEvent;

export type EventType = KernelEvent['type'];

export const EVENT_TYPES: readonly EventType[] = [
  'test_run',
  'edit_claim',
  'edit_allowed',
  'edit_refused',
  'edit_reverted',
  'repair',
  'refactor_on',
  'refactor_off',
  'verify',
];
