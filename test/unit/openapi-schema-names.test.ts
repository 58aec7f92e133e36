import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The OpenAPI document names each schema after its DTO class, and two classes of one name become one schema:
 * the generated web types then describe only one of them, silently. Every DTO class name in the API is unique.
 */
function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? tsFiles(p) : e.name.endsWith('.ts') && !e.name.endsWith('.spec.ts') ? [p] : [];
  });
}

describe('OpenAPI schema names', () => {
  it('no two DTO classes of the API share a name', () => {
    const where = new Map<string, string[]>();
    for (const file of tsFiles(path.join(process.cwd(), 'api/src'))) {
      for (const [, name] of readFileSync(file, 'utf8').matchAll(/export class (\w+Dto)\b/g)) {
        where.set(name, [...(where.get(name) ?? []), path.relative(process.cwd(), file)]);
      }
    }
    expect(where.size).toBeGreaterThan(20);
    expect([...where].filter(([, files]) => files.length > 1)).toEqual([]);
  });
});
