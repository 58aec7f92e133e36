/**
 * What every benchmark reports: the machine, the data size, a table (median, p95, p99, throughput) and
 * targets met or missed; printed and written to test/bench/results/<name>.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { formatTable, type Row } from './stats.js';

export interface Machine {
  cpus: number;
  cpuModel: string;
  memoryGiB: number;
  os: string;
  node: string;
  postgres?: string;
  /** 1-minute load average when the report was written: other work on the machine shows here. */
  loadAverage1m: number;
}

export function machine(postgres?: string): Machine {
  return {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    loadAverage1m: Math.round(os.loadavg()[0] * 100) / 100,
    ...(postgres ? { postgres } : {}),
  };
}

export interface Target {
  what: string;
  target: string;
  measured: string;
  met: boolean;
}

export interface BenchReport {
  name: string;
  title: string;
  /** Data size in words, e.g. "1,006,765 charges, 100,000 donors, 39,231 manual gifts". */
  dataSize: string | Record<string, string>;
  command: string;
  machine: Machine;
  tables: { title: string; rows: Row[] }[];
  targets: Target[];
  notes: string[];
  finishedAt: string;
}

export const RESULTS_DIR = path.resolve('test/bench/results');

export function writeReport(r: Omit<BenchReport, 'finishedAt'>): BenchReport {
  const full: BenchReport = { ...r, finishedAt: new Date().toISOString() };
  const m = r.machine;
  const out: string[] = [
    '',
    `== ${r.title} ==`,
    `machine: ${m.cpus} cores (${m.cpuModel}), ${m.memoryGiB} GiB, ${m.os}, Node ${m.node}${m.postgres ? `, ${m.postgres}` : ''}; load average ${m.loadAverage1m} at the end`,
    `data: ${
      typeof r.dataSize === 'string'
        ? r.dataSize
        : Object.entries(r.dataSize)
            .map(([k, v]) => `${k}: ${v}`)
            .join('; ')
    }`,
    `reproduce: ${r.command}`,
  ];
  for (const t of r.tables) out.push('', t.title, formatTable(t.rows));
  if (r.targets.length) {
    out.push('', 'targets');
    for (const t of r.targets) out.push(`  ${t.met ? 'MET ' : 'MISS'}  ${t.what}: ${t.measured} (target ${t.target})`);
  }
  for (const n of r.notes) out.push(`note: ${n}`);
  process.stdout.write(`${out.join('\n')}\n`);
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(path.join(RESULTS_DIR, `${r.name}.json`), `${JSON.stringify(full, null, 2)}\n`);
  return full;
}

export const fmtInt = (n: number) => Math.round(n).toLocaleString('en-US');
export const fmtMs = (n: number) => `${n.toFixed(n < 10 ? 2 : 1)} ms`;
