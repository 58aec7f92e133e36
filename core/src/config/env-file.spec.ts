import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadDotEnv, setDotEnvValue } from './env-file.js';

describe('.env files', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'envfile-'));

  it('sets a value in place, keeping every other line and comment', () => {
    const file = path.join(dir, 'a.env');
    writeFileSync(
      file,
      '# Stripe\nSTRIPE_SECRET_KEY=sk_test_1\n# STRIPE_WEBHOOK_SECRET=old\nSTRIPE_WEBHOOK_SECRET=whsec_...\nPORT=3000\n',
    );
    setDotEnvValue(file, 'STRIPE_WEBHOOK_SECRET', 'whsec_new');
    expect(readFileSync(file, 'utf8')).toBe(
      '# Stripe\nSTRIPE_SECRET_KEY=sk_test_1\n# STRIPE_WEBHOOK_SECRET=old\nSTRIPE_WEBHOOK_SECRET=whsec_new\nPORT=3000\n',
    );
  });

  it('appends a missing key, and creates a new file readable by its owner only', () => {
    const file = path.join(dir, 'b.env');
    setDotEnvValue(file, 'STRIPE_WEBHOOK_SECRET', 'whsec_1');
    setDotEnvValue(file, 'OTHER', 'x');
    expect(readFileSync(file, 'utf8')).toBe('STRIPE_WEBHOOK_SECRET=whsec_1\nOTHER=x\n');
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('loads values without overriding what the environment already has', () => {
    const file = path.join(dir, 'c.env');
    writeFileSync(file, 'A=1\nB="two"\n# C=3\nD=\n');
    const target: NodeJS.ProcessEnv = { A: 'shell' };
    loadDotEnv(file, target);
    expect(target).toEqual({ A: 'shell', B: 'two', D: '' });
  });
});
