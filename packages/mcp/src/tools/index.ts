// Every tool the server offers, in the order tools/list shows them. Each is loaded on its first call
// (a chunk of its own, with the gate's library): a start, and tools/list, load none of them.

import type { ToolSpec } from '../tool.js';

export const TOOL_LOADERS = {
  consensus_fix: () => import('./consensus-fix.js').then((m) => m.consensusFixTool),
  localize: () => import('./localize.js').then((m) => m.localizeTool),
  consensus_review: () => import('./consensus-review.js').then((m) => m.consensusReviewTool),
  review_calibration: () => import('./review-calibration.js').then((m) => m.reviewCalibrationTool),
  tdd_status: () => import('./tdd-kernel.js').then((m) => m.tddStatusTool),
  tdd_run: () => import('./tdd-kernel.js').then((m) => m.tddRunTool),
  tdd_claim: () => import('./tdd-kernel.js').then((m) => m.tddClaimTool),
  tdd_flush: () => import('./tdd-kernel.js').then((m) => m.tddFlushTool),
  tdd_refactor: () => import('./tdd-kernel.js').then((m) => m.tddRefactorTool),
  tdd_write: () => import('./tdd-edit.js').then((m) => m.tddWriteTool),
  tdd_edit: () => import('./tdd-edit.js').then((m) => m.tddEditTool),
} satisfies Record<string, () => Promise<ToolSpec>>;

export type ToolName = keyof typeof TOOL_LOADERS;

export const TOOL_NAMES = Object.keys(TOOL_LOADERS) as ToolName[];

export function isToolName(name: string): name is ToolName {
  return Object.hasOwn(TOOL_LOADERS, name);
}

/** Every tool's spec, in tools/list order (for the build's tools/list and the tests). */
export function loadAllTools(): Promise<ToolSpec[]> {
  return Promise.all(TOOL_NAMES.map((name) => TOOL_LOADERS[name]()));
}
