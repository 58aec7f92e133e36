import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The layout's rules, checked on every import of every TypeScript file (specs included): the API and the
 * worker share code only through core/, migrations/ and ops/ (the production launcher and the backups) stand on
 * core/ alone, core/ knows no process and no dev or test code, and dev tooling never reaches into the tests.
 */
const FORBIDDEN: Record<string, readonly string[]> = {
  core: ['api', 'worker', 'dev', 'test', 'web'],
  api: ['worker', 'dev', 'test', 'web'],
  worker: ['api', 'dev', 'test', 'web'],
  migrations: ['api', 'worker', 'dev', 'test', 'web'],
  ops: ['api', 'worker', 'dev', 'test', 'web'],
  dev: ['test', 'web'],
};

const ROOT = process.cwd();
const SPECIFIER = /(?:from\s+|import\s*\(\s*|import\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.name === 'node_modules' || e.name.startsWith('.')) return [];
    const p = path.join(dir, e.name);
    return e.isDirectory() ? tsFiles(p) : /\.(ts|tsx|mts)$/.test(e.name) ? [p] : [];
  });
}

/** Every relative import in a file, as the top-level folder it lands in. */
export function importedFolders(file: string, text: string): { specifier: string; folder: string }[] {
  return [...text.matchAll(SPECIFIER)].map((m) => {
    const target = path.relative(ROOT, path.resolve(path.dirname(file), m[1]));
    return { specifier: m[1], folder: target.split(path.sep)[0] };
  });
}

describe('import boundaries between the top-level folders', () => {
  it('finds the files it checks', () => {
    for (const folder of Object.keys(FORBIDDEN)) expect(tsFiles(path.join(ROOT, folder)).length).toBeGreaterThan(0);
  });

  it.each(Object.entries(FORBIDDEN))('%s imports none of %j', (folder, forbidden) => {
    const crossings: string[] = [];
    for (const file of tsFiles(path.join(ROOT, folder))) {
      for (const { specifier, folder: target } of importedFolders(file, readFileSync(file, 'utf8'))) {
        if (forbidden.includes(target)) crossings.push(`${path.relative(ROOT, file)} imports ${specifier}`);
      }
    }
    expect(crossings).toEqual([]);
  });

  it('sees a crossing when there is one (the scan itself can fail)', () => {
    const file = path.join(ROOT, 'worker/src/example.ts');
    const found = importedFolders(file, `import { x } from '../../api/src/x.js';\nconst y = await import('../../test/helpers/y.js');`);
    expect(found.map((f) => f.folder)).toEqual(['api', 'test']);
  });
});
