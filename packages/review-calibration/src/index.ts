// @adlc/review-calibration: the public API (the command as a function, the JSON schemas, and the
// pure scoring pieces other tools may reuse).

export { calibrate, TOOL, type CalibrateOptions, type CalibrateDeps } from './calibrate.js';
export { DEFAULTS } from './defaults.js';
export { calibrateOptions } from './run-cli.js';
export {
  CalibrationJsonSchema,
  PlantJsonSchema,
  FindingJsonSchema,
  CategoryScoreSchema,
  TrialJsonSchema,
  HistoryEntrySchema,
  HistoryJsonSchema,
  RestoreJsonSchema,
  type CalibrationJson,
  type HistoryEntry,
  type RestoreJson,
} from './schema.js';
export { PlantsFileSchema, PlantsFileEntrySchema, type PlantsFileEntry } from './plants-file.js';
export { parseFindings, type ParsedFindings, type FindingsFormat } from './parse-findings.js';
export { locatePlant, LOCATE_WINDOW } from './locate.js';
export { score, locateFindings, gateVerdict, type Score, type PlantResult, type FindingResult, type CategoryScore } from './score.js';
export { wilsonInterval, type Interval } from './wilson.js';
export { JudgeAnswerSchema, judgePrompt, JUDGE_SYSTEM } from './judge.js';
export { echoOutput, oracleOutput, oracleRepro, judgeControls, ECHO_MAX_RECALL } from './controls.js';
export { toMutationReport, type MutationReport } from './report-mutation.js';
export { renderHtml } from './report-html.js';
export { renderText } from './render-text.js';
export { isEligibleSource } from './targets.js';
export { applyPlants } from './apply-plants.js';
export { SCORERS, PLANT_STATUSES, EQUIVALENT_REASON, type EquivalentPlants, type Plant, type Finding, type Identification, type Scorer, type PlantStatus } from './types.js';
