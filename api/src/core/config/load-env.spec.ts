import { ConfigError, loadEnv } from './load-env.js';

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
    expect(loadEnv({ ...valid, PORT: '8080', DEMO_MODE: 'true' })).toMatchObject({ PORT: 8080, DEMO_MODE: true });
  });

  it.each([
    ['DATABASE_URL', undefined, 'Missing environment variable DATABASE_URL: DATABASE_URL must be a postgres:// connection URL'],
    ['DATABASE_URL', 'mysql://x', 'Invalid environment variable DATABASE_URL: DATABASE_URL must be a postgres:// connection URL'],
    ['PORT', 'eighty', 'Invalid environment variable PORT: PORT must be a whole number between 0 and 65535'],
    ['PORT', '70000', 'Invalid environment variable PORT: PORT must be a whole number between 0 and 65535'],
    ['STRIPE_SECRET_KEY', 'pk_test_abc', 'Invalid environment variable STRIPE_SECRET_KEY: STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_... or sk_live_...)'],
    ['STRIPE_WEBHOOK_SECRET', undefined, 'Missing environment variable STRIPE_WEBHOOK_SECRET: STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_...)'],
    ['REDIS_URL', 'http://x', 'Invalid environment variable REDIS_URL: REDIS_URL must be a redis:// URL'],
    ['STRIPE_API_BASE', 'localhost:12111', 'Invalid environment variable STRIPE_API_BASE: STRIPE_API_BASE must be an http(s) origin such as http://127.0.0.1:12111'],
  ])('stops on %s=%s with one clear line', (key, value, message) => {
    const source: Record<string, string | undefined> = { ...valid, [key]: value };
    expect(() => loadEnv(source)).toThrow(new ConfigError(message));
  });

  it('treats an empty value as unset', () => {
    expect(loadEnv({ ...valid, PORT: '' }).PORT).toBe(3000);
  });
});
