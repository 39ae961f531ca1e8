export interface Summary {
  readonly runs: number;
  readonly p50: number;
  readonly p95: number;
  readonly p99: number;
  readonly max: number;
}

const percentile = (sorted: readonly number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export const summarize = (times: readonly number[]): Summary => {
  const sorted = [...times].sort((a, b) => a - b);
  return { runs: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), max: sorted.at(-1)! };
};

export const ms = (value: number): string => (value < 10 ? value.toFixed(2) : value.toFixed(1));
