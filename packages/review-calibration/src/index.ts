// @adlc/review-calibration: the public API (the command as a function, the JSON schemas, and the
// pure scoring pieces other tools may reuse).

export { calibrate, TOOL, type CalibrateDeps } from './calibrate.js';
export { CALIBRATION_OPTIONS, calibrateOptions, type CalibrateInput, type CalibrateOptions } from './options.js';
export {
  CalibrationJsonSchema,
  PlantJsonSchema,
  FindingJsonSchema,
  CategoryScoreSchema,
  TrialJsonSchema,
  DecoyJsonSchema,
  ReviewerRowJsonSchema,
  HistoryEntrySchema,
  HistoryJsonSchema,
  RestoreJsonSchema,
  type CalibrationJson,
  type HistoryEntry,
  type ReviewerRowJson,
  type RestoreJson,
} from './schema.js';
export { PlantsFileSchema, PlantsFileEntrySchema, type PlantsFileEntry } from './plants/plants-file.js';
export { parseFindings, type ParsedFindings, type FindingsFormat } from './review/parse-findings.js';
export { locatePlant, LOCATE_WINDOW } from './review/locate.js';
export { score, locateFindings, gateVerdict, type Score, type PlantResult, type FindingResult, type CategoryScore } from './score/score.js';
export { wilsonInterval, type Interval } from './score/wilson.js';
export { JudgeAnswerSchema, judgePrompt, JUDGE_SYSTEM } from './review/judge.js';
export { echoOutput, oracleOutput, oracleRepro, judgeControls, ECHO_MAX_RECALL } from './score/controls.js';
export { toMutationReport, type MutationReport } from './report/mutation-report.js';
export { renderHtml } from './report/render-html.js';
export { renderText } from './report/render-text.js';
export { isEligibleSource } from './plants/targets.js';
export { applyPlants } from './plants/apply.js';
export { SCORERS, PLANT_STATUSES, EQUIVALENT_REASON, type EquivalentPlants, type Plant, type Finding, type Identification, type Scorer, type PlantStatus } from './types.js';
