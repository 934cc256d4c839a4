/**
 * The gateway's `Server-Timing` as the selling bench gathers it: per step of a sale (`POST /cart/`, …), per metric
 * (its checks, the service, its records), every duration in ms. Apart from load-generator.ts, which runs its job
 * when it is imported.
 */

/** Per step, per metric name: the durations (ms) a `Server-Timing` header gave. */
export type ServerTimings = Record<string, Record<string, number[]>>;

/** Adds the metrics of one answer's `Server-Timing` (`name;dur=1.5;desc="…", …`) to the step's in `timings`. */
export function addServerTiming(timings: ServerTimings, step: string, header: string): void {
  for (const [, name, duration] of header.matchAll(/(?:^|,)\s*([\w-]+)[^,]*?;dur=([\d.]+)/g)) {
    if (name && duration) addDurations(timings, step, name, [Number(duration)]);
  }
}

/** `from`'s durations added to `into`'s, step by step and metric by metric. */
export function mergeServerTimings(into: ServerTimings, from: ServerTimings): void {
  for (const [step, metrics] of Object.entries(from)) {
    for (const [name, durations] of Object.entries(metrics)) addDurations(into, step, name, durations);
  }
}

function addDurations(timings: ServerTimings, step: string, name: string, durations: readonly number[]): void {
  const metrics = timings[step] ?? {};
  timings[step] = metrics;
  const list = metrics[name] ?? [];
  list.push(...durations);
  metrics[name] = list;
}
