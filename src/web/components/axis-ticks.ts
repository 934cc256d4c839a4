/** Steps an axis may take, per power of ten: 1, 2, 2.5 and 5 read as round figures. */
const ROUND_STEPS = [1, 2, 2.5, 5, 10];

/**
 * Ticks from 0 past `max` in equal round steps (0, 2,000, 4,000, 6,000, 8,000), at most `most` of them
 * besides 0. The chart library picks its own ticks and then drops the labels that do not fit, which left
 * axes reading €0 / €2,000 / €4,000 / €8,000; with these ticks every label is drawn and the steps are even.
 */
export function evenTicks(max: number, most = 4): number[] {
  if (!(max > 0) || !Number.isFinite(max)) return [0, 1];
  const rough = max / most;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = (ROUND_STEPS.find((candidate) => candidate * power >= rough) ?? 10) * power;
  const count = Math.ceil(max / step - 1e-9);
  return Array.from({ length: count + 1 }, (_, index) => Number((index * step).toPrecision(12)));
}
