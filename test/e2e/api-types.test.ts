import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startStack, type Stack } from '../helpers/stack.js';

const run = promisify(execFile);
const SCRIPT = path.resolve('web/scripts/api-types.mjs');

/** Runs the generator in --check mode on a document; resolves to its exit code and output. */
async function check(from: string): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [SCRIPT, '--check', '--from', from]);
    return { code: 0, output: stdout + stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? 1, output: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

/**
 * The web app's types (web/src/lib/api-types.ts) come from the API's OpenAPI document. `npm run typecheck`
 * compares them with the document of the built API in Nest's preview mode; this checks the same file against
 * the document a running API serves at /api/docs-json, so the two ways of reading the DTOs agree.
 */
describe('generated web API types', () => {
  let stack: Stack;
  let dir: string;
  beforeAll(async () => {
    stack = await startStack({ workers: 0, emulator: false });
    dir = mkdtempSync(path.join(tmpdir(), 'api-types-'));
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await stack?.stop();
  });

  it('match the document the running API serves', async () => {
    const result = await check(`${stack.apiUrl}/api/docs-json`);
    expect(result.output).toContain('matches');
    expect(result.code).toBe(0);
  });

  it('are reported stale when a response shape changes', async () => {
    const doc = await (await fetch(`${stack.apiUrl}/api/docs-json`)).json();
    delete doc.components.schemas.TransactionDto.properties.receipt_url;
    const file = path.join(dir, 'changed.json');
    writeFileSync(file, JSON.stringify(doc));
    const result = await check(file);
    expect(result.output).toMatch(/api-types\.ts is stale/);
    expect(result.code).toBe(1);
  });
});
