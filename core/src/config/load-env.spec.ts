import { checkServerEnv, ConfigError, loadEnv } from './load-env.js';
import { parseTrustProxy } from './trust-proxy.js';

const valid = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/x',
  STRIPE_SECRET_KEY: 'sk_test_abc',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc',
};

describe('loadEnv', () => {
  it('returns typed values with defaults', () => {
    const env = loadEnv(valid);
    expect(env.PORT).toBe(3000);
    expect(env.REDIS_URL).toBe('redis://127.0.0.1:6379');
    expect(env.TIME_ZONE).toBe('America/Chicago');
    expect(env.DEMO_MODE).toBe(false);
    expect(env.INBOX_RETENTION_DAYS).toBe(90);
    expect(loadEnv({ ...valid, PORT: '8080', DEMO_MODE: 'true' })).toMatchObject({ PORT: 8080, DEMO_MODE: true });
  });

  it.each([
    [
      'DATABASE_URL',
      undefined,
      'Missing environment variable DATABASE_URL: DATABASE_URL must be a postgres:// connection URL',
    ],
    [
      'DATABASE_URL',
      'mysql://x',
      'Invalid environment variable DATABASE_URL: DATABASE_URL must be a postgres:// connection URL',
    ],
    ['PORT', 'eighty', 'Invalid environment variable PORT: PORT must be a whole number between 0 and 65535'],
    ['PORT', '70000', 'Invalid environment variable PORT: PORT must be a whole number between 0 and 65535'],
    [
      'STRIPE_SECRET_KEY',
      'pk_test_abc',
      'Invalid environment variable STRIPE_SECRET_KEY: STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_... or sk_live_...)',
    ],
    [
      'STRIPE_WEBHOOK_SECRET',
      undefined,
      'Missing environment variable STRIPE_WEBHOOK_SECRET: STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_...)',
    ],
    ['REDIS_URL', 'http://x', 'Invalid environment variable REDIS_URL: REDIS_URL must be a redis:// URL'],
    [
      'STRIPE_API_BASE',
      'localhost:12111',
      'Invalid environment variable STRIPE_API_BASE: STRIPE_API_BASE must be an http(s) origin such as http://127.0.0.1:12111',
    ],
    [
      'INBOX_RETENTION_DAYS',
      '0',
      'Invalid environment variable INBOX_RETENTION_DAYS: INBOX_RETENTION_DAYS must be a whole number of days from 1 to 3650',
    ],
    [
      'INBOX_RETENTION_DAYS',
      '90d',
      'Invalid environment variable INBOX_RETENTION_DAYS: INBOX_RETENTION_DAYS must be a whole number of days from 1 to 3650',
    ],
  ])('stops on %s=%s with one clear line', (key, value, message) => {
    const source: Record<string, string | undefined> = { ...valid, [key]: value };
    expect(() => loadEnv(source)).toThrow(new ConfigError(message));
  });

  it('checks only the variables a script names, when it names them', () => {
    expect(
      loadEnv({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/x', STRIPE_WEBHOOK_SECRET: 'whsec_...' }, [
        'DATABASE_URL',
      ]).DATABASE_URL,
    ).toBe('postgres://postgres@127.0.0.1:5432/x');
    expect(() => loadEnv({ STRIPE_SECRET_KEY: 'sk_test_1' }, ['DATABASE_URL'])).toThrow(
      'Missing environment variable DATABASE_URL',
    );
  });

  it('treats an empty value as unset', () => {
    expect(loadEnv({ ...valid, PORT: '' }).PORT).toBe(3000);
  });
});

describe('TRUST_PROXY and HOST', () => {
  it('refuses TRUST_PROXY=true, which would let every client choose its own address', () => {
    for (const value of ['true', 'TRUE', ' true ']) {
      expect(() => loadEnv({ ...valid, TRUST_PROXY: value })).toThrow(
        new ConfigError(
          'Invalid environment variable TRUST_PROXY: TRUST_PROXY=true would let any client choose its address; set the number of proxies in front of the API (e.g. 1) or their addresses (e.g. 127.0.0.1 or 10.0.0.0/8)',
        ),
      );
    }
  });

  it.each([
    ['false', false],
    ['0', false],
    ['1', 1],
    ['2', 2],
    ['127.0.0.1', ['127.0.0.1']],
    ['10.0.0.0/8, 192.168.1.7 ,::1', ['10.0.0.0/8', '192.168.1.7', '::1']],
    ['loopback,fd00::/8', ['loopback', 'fd00::/8']],
  ])('accepts TRUST_PROXY=%s', (value, parsed) => {
    expect(parseTrustProxy(loadEnv({ ...valid, TRUST_PROXY: value }).TRUST_PROXY)).toEqual(parsed);
  });

  it.each([
    'yes',
    '11',
    '-1',
    '1.5',
    '10.0.0.0/33',
    '::1/129',
    '10.0.0.300',
    '127.0.0.1,',
    'proxy.example.org',
    '10.0.0.0/8/1',
  ])('refuses TRUST_PROXY=%s', (value) => {
    expect(() => loadEnv({ ...valid, TRUST_PROXY: value })).toThrow(
      /^Invalid environment variable TRUST_PROXY: TRUST_PROXY must be/,
    );
  });

  it('HOST defaults to every interface and takes an IP address', () => {
    expect(loadEnv(valid).HOST).toBe('0.0.0.0');
    expect(loadEnv({ ...valid, HOST: '127.0.0.1' }).HOST).toBe('127.0.0.1');
    expect(loadEnv({ ...valid, HOST: '::1' }).HOST).toBe('::1');
    expect(() => loadEnv({ ...valid, HOST: 'localhost:3000' })).toThrow(
      new ConfigError(
        'Invalid environment variable HOST: HOST must be an IP address to listen on, e.g. 0.0.0.0 (every interface) or 127.0.0.1 (behind a proxy on this machine)',
      ),
    );
  });
});

describe('checkServerEnv (the API and the worker)', () => {
  const line =
    'Missing environment variable SMTP_URL: production (NODE_ENV=production) e-mails password reset links and needs an smtp:// or smtps:// URL';
  const live = {
    ...valid,
    NODE_ENV: 'production',
    STRIPE_SECRET_KEY: 'sk_live_abc',
    STRIPE_PUBLISHABLE_KEY: 'pk_live_abc',
    PUBLIC_URL: 'https://give.example.org',
    SMTP_URL: 'smtp://mail.example.org:587',
  };
  const refusal = (env: Record<string, string>) => {
    try {
      checkServerEnv(loadEnv(env));
      return undefined;
    } catch (err) {
      return (err as Error).message;
    }
  };

  it('refuses production without SMTP_URL', () => {
    expect(() => checkServerEnv(loadEnv({ ...live, SMTP_URL: '' }))).toThrow(new ConfigError(line));
  });

  it('lets production with live keys, an https address and SMTP_URL, demo mode and development start', () => {
    expect(refusal(live)).toBeUndefined();
    expect(
      refusal({ ...valid, NODE_ENV: 'production', DEMO_MODE: 'true', PRODUCTION_REHEARSAL: 'true' }),
    ).toBeUndefined();
    expect(refusal({ ...valid, NODE_ENV: 'development', STRIPE_API_BASE: 'http://127.0.0.1:12111' })).toBeUndefined();
    expect(refusal(valid)).toBeUndefined();
  });

  it('refuses in production what a live site must not run with, each with one line naming the variable', () => {
    const rehearsal = 'set PRODUCTION_REHEARSAL=true only for a rehearsal that must not take real money';
    expect(refusal({ ...live, STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_PUBLISHABLE_KEY: 'pk_test_abc' })).toBe(
      `Invalid environment variable STRIPE_SECRET_KEY: a test-mode key takes no real gifts; use the live keys (sk_live_..., pk_live_...) from the Stripe Dashboard (or ${rehearsal})`,
    );
    expect(refusal({ ...live, STRIPE_API_BASE: 'http://127.0.0.1:12111' })).toBe(
      `Invalid environment variable STRIPE_API_BASE: production talks to Stripe itself, not to http://127.0.0.1:12111; unset it (or ${rehearsal})`,
    );
    expect(refusal({ ...live, STRIPE_WEBHOOK_SECRET: 'whsec_emulator_0000000000000000000000' })).toMatch(
      /^Invalid environment variable STRIPE_WEBHOOK_SECRET: it is the Stripe emulator's published value/,
    );
    expect(refusal({ ...live, DEMO_MODE: 'true' })).toMatch(
      /^Invalid environment variable DEMO_MODE: demo mode is for `npm start`/,
    );
    expect(refusal({ ...live, PUBLIC_URL: 'http://give.example.org' })).toMatch(
      /^Invalid environment variable PUBLIC_URL: http:\/\/give.example.org is not an https:\/\/ address/,
    );
    // Keys of two modes are wrong even in a rehearsal: the browser would pay into another mode than the server sees.
    expect(refusal({ ...live, STRIPE_PUBLISHABLE_KEY: 'pk_test_abc', PRODUCTION_REHEARSAL: 'true' })).toMatch(
      /^Invalid environment variable STRIPE_PUBLISHABLE_KEY: it is a test-mode key but STRIPE_SECRET_KEY is a live-mode key/,
    );
  });

  it('lets a rehearsal (PRODUCTION_REHEARSAL=true) use test keys, the emulator and plain http', () => {
    expect(
      refusal({
        ...live,
        PRODUCTION_REHEARSAL: 'true',
        STRIPE_SECRET_KEY: 'sk_test_emulator_0',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_emulator_0',
        STRIPE_API_BASE: 'http://127.0.0.1:12111',
        PUBLIC_URL: 'http://127.0.0.1:3000',
      }),
    ).toBeUndefined();
  });
});
