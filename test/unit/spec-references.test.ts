import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** "SPEC section N" in code and docs points into docs/SPEC.md, the product specification kept in the repository. */
const FOLDERS = ['core', 'api', 'worker', 'migrations', 'dev', 'test', 'web/src', 'docs'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.name === 'node_modules' || e.name === 'dist' || e.name.startsWith('.')) return [];
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sourceFiles(p) : /\.(ts|tsx|mjs|md)$/.test(e.name) ? [p] : [];
  });
}

describe('SPEC references', () => {
  const spec = readFileSync('docs/SPEC.md', 'utf8');
  const sections = new Set([...spec.matchAll(/^## (\d+)\. /gm)].map((m) => Number(m[1])));

  it('docs/SPEC.md has its numbered sections', () => {
    expect([...sections].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('every "SPEC section N" names a section that exists', () => {
    const refs = FOLDERS.flatMap((folder) =>
      sourceFiles(folder).flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(/SPEC section (\d+)/g)].map((m) => ({ file, n: Number(m[1]) })),
      ),
    );
    expect(refs.length).toBeGreaterThan(5);
    expect(refs.filter((r) => !sections.has(r.n))).toEqual([]);
  });
});
