/** Latency statistics and the one table format every benchmark prints. */

export interface Summary {
  n: number;
  median: number;
  p95: number;
  p99: number;
  mean: number;
  min: number;
  max: number;
}

/** Nearest-rank percentile of an ascending array. */
export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export function summarize(samples: number[]): Summary {
  const s = [...samples].sort((a, b) => a - b);
  const sum = s.reduce((a, b) => a + b, 0);
  return {
    n: s.length,
    median: percentile(s, 50),
    p95: percentile(s, 95),
    p99: percentile(s, 99),
    mean: sum / (s.length || 1),
    min: s[0],
    max: s[s.length - 1],
  };
}

export const round = (x: number, digits = 2) => (Number.isFinite(x) ? Number(x.toFixed(digits)) : x);

export type Row = Record<string, string | number | boolean | null>;

/** A fixed-width text table with the columns of the first row (and any later ones). */
export function formatTable(rows: Row[]): string {
  if (!rows.length) return '(no rows)';
  const cols = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const cell = (v: unknown) =>
    v === null || v === undefined
      ? ''
      : typeof v === 'number'
        ? v.toLocaleString('en-US', { maximumFractionDigits: 2 })
        : String(v);
  const widths = cols.map((c) => Math.max(c.length, ...rows.map((r) => cell(r[c]).length)));
  const line = (vals: string[]) =>
    vals.map((v, i) => (i === 0 ? v.padEnd(widths[i]) : v.padStart(widths[i]))).join('  ');
  return [
    line(cols),
    widths.map((w) => '-'.repeat(w)).join('  '),
    ...rows.map((r) => line(cols.map((c) => cell(r[c])))),
  ].join('\n');
}
