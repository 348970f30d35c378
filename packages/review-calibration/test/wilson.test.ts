import { describe, expect, it } from 'vitest';
import { wilsonInterval } from '../src/score/wilson.js';

describe('wilsonInterval (95%)', () => {
  // Reference values computed from the closed form (and matching statsmodels' proportion_confint(method="wilson")).
  const cases: Array<[number, number, number, number]> = [
    [5, 8, 0.3057, 0.8632],
    [0, 8, 0, 0.3244],
    [8, 8, 0.6756, 1],
    [50, 100, 0.4038, 0.5962],
    [1, 10, 0.0179, 0.4042],
  ];
  it.each(cases)('%i of %i', (k, n, low, high) => {
    const i = wilsonInterval(k, n);
    expect(i.low).toBeCloseTo(low, 3);
    expect(i.high).toBeCloseTo(high, 3);
    expect(i.confidence).toBe(0.95);
  });
  it('none or all caught: the bound at that end is exactly 0 or 1', () => {
    expect(wilsonInterval(0, 3).low).toBe(0);
    expect(wilsonInterval(3, 3).high).toBe(1);
  });
  it('no trials: the whole range', () => {
    expect(wilsonInterval(0, 0)).toMatchObject({ low: 0, high: 1 });
  });
});
