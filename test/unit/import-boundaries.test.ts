import { readFileSync } from 'node:fs';
import path from 'node:path';
import { importSpecifiers, sourceFiles } from '../helpers/import-graph.js';

/**
 * The layout's rules, checked on every import of every TypeScript file (specs included): the API and the
 * worker share code only through core/; migrations/ are frozen SQL that import nothing of ours outside migrations/ (a migration must
 * mean the same thing whatever core becomes; migrations-frozen.test.ts narrows that to ./frozen-sql.js), and core/ does not import them (the entry points hand the list
 * in); ops/ (the production launcher, the migration runner and the backups) stands on core/ and the migration
 * list; core/ knows no process and no dev or test code, and dev tooling never reaches into the tests.
 */
const FORBIDDEN: Record<string, readonly string[]> = {
  core: ['api', 'worker', 'migrations', 'dev', 'test', 'web'],
  api: ['worker', 'dev', 'test', 'web'],
  worker: ['api', 'dev', 'test', 'web'],
  migrations: ['core', 'api', 'worker', 'ops', 'dev', 'test', 'web'],
  ops: ['api', 'worker', 'dev', 'test', 'web'],
  dev: ['test', 'web'],
};

const ROOT = process.cwd();

/** Every relative import in a file (read by the TypeScript compiler), as the top-level folder it lands in. */
export function importedFolders(file: string, text: string): { specifier: string; folder: string }[] {
  return importSpecifiers(text).map((specifier) => {
    const target = path.relative(ROOT, path.resolve(path.dirname(file), specifier));
    return { specifier, folder: target.split(path.sep)[0] };
  });
}

describe('import boundaries between the top-level folders', () => {
  it('finds the files it checks', () => {
    for (const folder of Object.keys(FORBIDDEN)) expect(sourceFiles(path.join(ROOT, folder)).length).toBeGreaterThan(0);
  });

  it.each(Object.entries(FORBIDDEN))('%s imports none of %j', (folder, forbidden) => {
    const crossings: string[] = [];
    for (const file of sourceFiles(path.join(ROOT, folder))) {
      for (const { specifier, folder: target } of importedFolders(file, readFileSync(file, 'utf8'))) {
        if (forbidden.includes(target)) crossings.push(`${path.relative(ROOT, file)} imports ${specifier}`);
      }
    }
    expect(crossings).toEqual([]);
  });

  it('sees a crossing when there is one (the scan itself can fail)', () => {
    const file = path.join(ROOT, 'worker/src/example.ts');
    const text = `import { x } from '../../api/src/x.js';\nconst y = await import('../../test/helpers/y.js');\nexport type { Z } from\n  '../../core/src/z.js';`;
    expect(importedFolders(file, text).map((f) => f.folder)).toEqual(['api', 'test', 'core']);
  });
});
