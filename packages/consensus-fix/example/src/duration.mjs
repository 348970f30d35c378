// Durations as people type them in the scheduler ("1h30m", "45m", "2h") <-> minutes.

const PATTERN = /^(?:(\d)h)?(?:(\d+)m)?$/;

/** Parses "1h30m", "90m", "2h" (surrounding spaces allowed) into whole minutes. */
export function parseDuration(text) {
  const match = PATTERN.exec(String(text).trim());
  if (!match || (match[1] === undefined && match[2] === undefined)) {
    throw new Error(`invalid duration: ${JSON.stringify(text)}`);
  }
  return Number(match[1] ?? 0) * 60 + Number(match[2] ?? 0);
}

/** Formats minutes the way parseDuration reads them: "1h30m", "45m", "2h". */
export function formatDuration(minutes) {
  if (!Number.isInteger(minutes) || minutes < 0) throw new Error(`invalid minutes: ${minutes}`);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest}m`;
  return rest === 0 ? `${hours}h` : `${hours}h${rest}m`;
}
