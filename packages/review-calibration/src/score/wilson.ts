// The Wilson score interval for a binomial proportion: honest bounds for a recall measured on a
// handful of plants, where the normal approximation would run past 0 and 1.

export interface Interval {
  low: number;
  high: number;
  confidence: number;
}

const Z_95 = 1.959963984540054;

export function wilsonInterval(successes: number, trials: number, z = Z_95): Interval {
  const confidence = z === Z_95 ? 0.95 : confidenceOf(z);
  if (trials <= 0) return { low: 0, high: 1, confidence };
  const p = successes / trials;
  const z2 = z * z;
  const denominator = 1 + z2 / trials;
  const center = (p + z2 / (2 * trials)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials))) / denominator;
  // At 0 and at every success the bound is exactly the end of the range; the arithmetic would leave 1e-17 there.
  return { low: successes <= 0 ? 0 : clamp(center - half), high: successes >= trials ? 1 : clamp(center + half), confidence };
}

function clamp(x: number): number {
  return Math.min(1, Math.max(0, x));
}

/** Two-sided confidence of a z value (erf by Abramowitz–Stegun 7.1.26, ample for a label). */
function confidenceOf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const y = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return y;
}
