import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The web app's import rules (web/src): code flows one way, app -> features -> shared (components, lib,
 * content). A feature never imports another feature or the app; shared code imports no feature and no app
 * code. Read from the source text, so a new file is covered without registering it anywhere.
 */
const SRC = path.resolve('web/src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return sourceFiles(p);
    return /\.(ts|tsx)$/.test(name) ? [p] : [];
  });
}

/** The first two path segments under web/src, e.g. 'features/donors', 'lib/format.ts', 'app/routes'. */
function area(file: string): { top: string; feature?: string } {
  const [top, second] = path.relative(SRC, file).split(path.sep);
  return { top, feature: top === 'features' ? second : undefined };
}

function relativeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [...text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) => m[1]);
  return specs.map((s) => path.resolve(path.dirname(file), s));
}

function violations(): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(SRC)) {
    const from = area(file);
    for (const target of relativeImports(file)) {
      if (!target.startsWith(SRC + path.sep)) continue;
      const to = area(target);
      const where = `${path.relative(SRC, file)} -> ${path.relative(SRC, target)}`;
      if (from.top === 'features' && to.top === 'features' && to.feature !== from.feature)
        found.push(`feature imports another feature: ${where}`);
      if (from.top !== 'app' && from.top !== 'main.tsx' && to.top === 'app') found.push(`imports the app: ${where}`);
      if (['components', 'lib', 'content', 'styles'].includes(from.top) && to.top === 'features')
        found.push(`shared code imports a feature: ${where}`);
    }
  }
  return found;
}

describe('web app layout', () => {
  it('has one-way imports: app -> features -> shared, and no feature imports another', () => {
    expect(sourceFiles(SRC).some((f) => f.includes(`${path.sep}features${path.sep}`))).toBe(true);
    expect(violations()).toEqual([]);
  });
});
