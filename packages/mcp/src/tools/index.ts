// Every tool the server offers, in the order tools/list shows them.

import type { ToolSpec } from '../tool.js';
import { consensusFixTool } from './consensus-fix.js';
import { consensusReviewTool } from './consensus-review.js';
import { reviewCalibrationTool } from './review-calibration.js';
import { tddEditTool, tddWriteTool } from './tdd-edit.js';
import { tddClaimTool, tddFlushTool, tddRefactorTool, tddRunTool, tddStatusTool } from './tdd-kernel.js';

export const TOOLS: readonly ToolSpec[] = [
  consensusFixTool,
  consensusReviewTool,
  reviewCalibrationTool,
  tddStatusTool,
  tddRunTool,
  tddClaimTool,
  tddFlushTool,
  tddRefactorTool,
  tddWriteTool,
  tddEditTool,
];
