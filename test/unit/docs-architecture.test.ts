import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The roots whose every folder must be findable in docs/ARCHITECTURE.md's folder table. */
const ROOTS = ['api/src', 'worker/src', 'core/src', 'web/src/features'];

/** Folders on disk now (read at test time: other work adds folders, and each must bring its row). */
function foldersOnDisk(): string[] {
  return ROOTS.flatMap((root) =>
    readdirSync(root, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => `${root}/${e.name}/`),
  ).sort();
}

/** The folders the table's rows name: the backticked path in each row's first cell. */
function foldersInTable(): string[] {
  const rows = readFileSync('docs/ARCHITECTURE.md', 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('| `'));
  return rows.map((row) => /^\| `([^`]+)`/.exec(row)![1]).filter((p) => ROOTS.some((root) => p.startsWith(`${root}/`)));
}

describe('docs/ARCHITECTURE.md folder table', () => {
  it('has a row for every folder directly under api/src, worker/src, core/src and web/src/features', () => {
    const named = new Set(foldersInTable());
    const missing = foldersOnDisk().filter((f) => !named.has(f));
    expect({ missingFromArchitectureTable: missing }).toEqual({ missingFromArchitectureTable: [] });
  });

  it('names no folder that is gone (a renamed folder takes its row along)', () => {
    const onDisk = new Set(foldersOnDisk());
    const stale = foldersInTable().filter((f) => !onDisk.has(f));
    expect({ staleRows: stale }).toEqual({ staleRows: [] });
  });

  it('finds the table at all: a broken table would make the checks above pass for nothing', () => {
    expect(foldersInTable().length).toBeGreaterThanOrEqual(foldersOnDisk().length);
    expect(foldersInTable()).toContain(path.posix.join('api/src', 'webhooks') + '/');
  });
});
