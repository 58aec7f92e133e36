import path from 'node:path';
import { buildImportGraph, importCycles, resolveSpecifier, type ImportGraph } from '../helpers/import-graph.js';

/**
 * No import cycles in product, dev or test code: a cycle makes the order modules load in matter (a class or a
 * registry read before it is set), and it hides which piece stands on which. Break one by moving what both sides
 * share (a type, a registry) to a leaf module, or by passing the dependency in. Which folder may import which is
 * import-boundaries.test.ts; this is the whole graph, file by file.
 */
const ROOT = process.cwd();
const FOLDERS = ['api', 'worker', 'core', 'web/src', 'dev', 'ops', 'migrations', 'test'];

describe('the import graph', () => {
  const graph = buildImportGraph(ROOT, FOLDERS);

  it('reads every folder and resolves the imports it finds', () => {
    for (const folder of FOLDERS) expect([...graph.keys()].some((f) => f.startsWith(`${folder}/`))).toBe(true);
    expect(graph.get('api/src/http/csv-response.ts')).toContain('api/src/http/csv-cell.ts');
    expect(resolveSpecifier(path.join(ROOT, 'api/src/main.ts'), './create-api-app.js')).toBe(
      path.join(ROOT, 'api/src/create-api-app.ts'),
    );
  });

  it('has no cycle (each is printed as one loop through it, with the number of files tangled with it)', () => {
    const cycles = importCycles(graph).map((c) => `${c.files} files: ${c.loop.join(' -> ')}`);
    expect(cycles).toEqual([]);
  });

  it('sees a cycle when there is one (the check itself can fail)', () => {
    const tangled: ImportGraph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts', 'd.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', []],
      ['e.ts', ['e.ts']],
    ]);
    expect(importCycles(tangled)).toEqual([
      { loop: ['a.ts', 'b.ts', 'c.ts', 'a.ts'], files: 3 },
      { loop: ['e.ts', 'e.ts'], files: 1 },
    ]);
  });
});
