import { readFileSync } from 'node:fs';
import { getMetadataStorage } from 'class-validator';
import { EnvDto } from '../../core/src/config/env.dto.js';

/** Every variable the code reads: the properties EnvDto validates (the one list; see load-env.ts). */
function schemaVariables(): string[] {
  const metas = getMetadataStorage().getTargetValidationMetadatas(EnvDto, '', true, false);
  return [...new Set(metas.map((m) => m.propertyName))].sort();
}

/** The variables docs/CONFIGURATION.md documents: the backticked names in the first cell of its table rows. */
function documentedVariables(): string[] {
  const rows = readFileSync('docs/CONFIGURATION.md', 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('| `'));
  const names = rows.flatMap((row) => [...row.split('|')[1].matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]));
  return [...new Set(names)].sort();
}

describe('docs/CONFIGURATION.md against the environment schema (EnvDto)', () => {
  it('documents every variable of the schema', () => {
    const documented = new Set(documentedVariables());
    expect({ undocumented: schemaVariables().filter((v) => !documented.has(v)) }).toEqual({ undocumented: [] });
  });

  it('documents no variable the schema does not have', () => {
    const schema = new Set(schemaVariables());
    expect({ notInSchema: documentedVariables().filter((v) => !schema.has(v)) }).toEqual({ notInSchema: [] });
  });

  it('reads both lists for real (the schema has its known variables; the table has rows)', () => {
    expect(schemaVariables()).toEqual(
      expect.arrayContaining(['DATABASE_URL', 'STRIPE_SECRET_KEY', 'TIME_ZONE', 'INBOX_RETENTION_DAYS']),
    );
    expect(documentedVariables()).toEqual(
      expect.arrayContaining(['DATABASE_URL', 'YEAR_END_STATEMENT_TEXT', 'BACKUP_KEEP']),
    );
  });
});
