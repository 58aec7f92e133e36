import { readFileSync } from 'node:fs';
import { getMetadataStorage } from 'class-validator';
import { parse } from 'yaml';
import { EnvDto } from '../../core/src/config/env.dto.js';

/** Every variable the code reads: the properties EnvDto validates (the one list; see load-env.ts). */
function envVariables(): string[] {
  const metas = getMetadataStorage().getTargetValidationMetadatas(EnvDto, '', true, false);
  return [...new Set(metas.map((m) => m.propertyName))].sort();
}

/** Variables the containers do not take from the operator, and why. */
const NOT_PASSED: Record<string, string> = {
  DEMO_MODE: 'set only by `npm start` on one machine; production refuses it',
  WEB_DIST_DIR: 'the image puts the web app at its default place',
  BACKUP_DIR: 'only the backup service, which sets it to its volume',
  BACKUP_KEEP: 'only the backup service',
  PORT: 'only the API, which sets it',
};

// No Docker engine runs here, so this checks the file's meaning instead of running it.
describe('docker-compose.yml', () => {
  const doc = parse(readFileSync('docker-compose.yml', 'utf8'), { merge: true });
  const services = doc.services as Record<string, any>;

  it('names postgres, redis, the migrations, api, a separate worker, a backup job and an optional Caddy', () => {
    expect(Object.keys(services).sort()).toEqual(['api', 'backup', 'caddy', 'migrate', 'postgres', 'redis', 'worker']);
    expect(services.postgres.image).toMatch(/^postgres:15$/);
    expect(services.redis.image).toMatch(/^redis:/);
    expect(services.caddy.profiles).toEqual(['https']);
    expect(services.backup.profiles).toEqual(['tools']);
  });

  it("builds api, worker, migrations and backups from this repository's Dockerfile and runs their entry points", () => {
    const entry = {
      api: 'dist/api/src/main.js',
      worker: 'dist/worker/src/main.js',
      migrate: 'dist/ops/migrate.js',
      backup: 'dist/ops/db-backup.js',
    };
    for (const [name, script] of Object.entries(entry)) {
      expect(services[name].build).toEqual({ context: '.', dockerfile: 'Dockerfile' });
      expect(services[name].command).toEqual(['node', script]);
    }
  });

  it('gives api and worker every variable the code reads (EnvDto), required ones without a default', () => {
    const vars = envVariables();
    expect(vars).toEqual(
      expect.arrayContaining([
        'DATABASE_URL',
        'STRIPE_SECRET_KEY',
        'SMTP_URL',
        'INBOX_RETENTION_DAYS',
        'PRODUCTION_REHEARSAL',
      ]),
    );
    for (const name of ['api', 'worker']) {
      const env = services[name].environment as Record<string, string>;
      const missing = vars.filter((v) => !(v in env) && !NOT_PASSED[v]);
      expect({ service: name, missing }).toEqual({ service: name, missing: [] });
      expect(env.NODE_ENV).toBe('production');
      for (const required of [
        'STRIPE_SECRET_KEY',
        'STRIPE_PUBLISHABLE_KEY',
        'STRIPE_WEBHOOK_SECRET',
        'SMTP_URL',
        'PUBLIC_URL',
      ])
        expect(env[required]).toMatch(new RegExp(`^\\$\\{${required}:\\?`));
      expect(env.DATABASE_URL).toMatch(/\$\{POSTGRES_PASSWORD:\?/);
      expect(env.TRUST_PROXY).not.toMatch(/true/);
    }
    expect(services.api.environment.PORT).toBe('3000');
    // Production (NODE_ENV=production in the image) refuses to start without mail; compose says so before it builds.
    expect(services.api.environment.SMTP_URL).toMatch(/^\$\{SMTP_URL:\?/);
    // Two-factor sign-in is required on a new install: the key its secrets are sealed with must be given.
    expect(services.api.environment.TWO_FACTOR_KEY).toMatch(/^\$\{TWO_FACTOR_KEY:\?/);
    expect(services.backup.environment).toMatchObject({ BACKUP_DIR: '/app/backups' });
  });

  it('names in .env.example every variable an operator may set', () => {
    const example = readFileSync('.env.example', 'utf8');
    const named = new Set([...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]));
    expect(envVariables().filter((v) => !named.has(v) && v !== 'DEMO_MODE' && v !== 'WEB_DIST_DIR')).toEqual([]);
  });

  it("keeps the data in volumes: postgres, redis (append-only), backups, Caddy's certificates", () => {
    expect(services.postgres.volumes).toEqual(['pgdata:/var/lib/postgresql/data']);
    expect(services.redis.volumes).toEqual(['redisdata:/data']);
    expect(services.redis.command.join(' ')).toContain('--appendonly yes');
    expect(services.backup.volumes).toEqual(['backups:/app/backups']);
    expect(services.caddy.volumes).toEqual(['caddy_data:/data', 'caddy_config:/config']);
    expect(Object.keys(doc.volumes).sort()).toEqual(['backups', 'caddy_config', 'caddy_data', 'pgdata', 'redisdata']);
  });

  it('lets the worker scale: no fixed container name or published port', () => {
    expect(services.worker.container_name).toBeUndefined();
    expect(services.worker.ports).toBeUndefined();
    // How many copies: WORKER_REPLICAS (docs/OPERATIONS.md), one unless the operator says otherwise.
    expect(services.worker.deploy.replicas).toBe('${WORKER_REPLICAS:-1}');
    expect(services.api.deploy).toBeUndefined();
  });

  it("publishes the API on loopback only, and Caddy on 80 and 443 for PUBLIC_URL's host", () => {
    expect(services.api.ports).toEqual(['127.0.0.1:3000:3000']);
    expect(services.caddy.ports).toEqual(expect.arrayContaining(['80:80', '443:443']));
    expect(services.caddy.command).toEqual(['caddy', 'reverse-proxy', '--from', '${PUBLIC_URL}', '--to', 'api:3000']);
  });

  it('runs migrations once, before api and worker', () => {
    expect(services.migrate.restart).toBe('no');
    expect(services.api.depends_on.migrate.condition).toBe('service_completed_successfully');
    expect(services.worker.depends_on.migrate.condition).toBe('service_completed_successfully');
  });
});
