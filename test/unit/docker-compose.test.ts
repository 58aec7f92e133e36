import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

// No Docker engine runs here, so this checks the file's meaning instead of running it.
describe('docker-compose.yml', () => {
  const doc = parse(readFileSync('docker-compose.yml', 'utf8'), { merge: true });
  const services = doc.services as Record<string, any>;

  it('names postgres, redis, api and a separate worker service', () => {
    expect(Object.keys(services)).toEqual(expect.arrayContaining(['postgres', 'redis', 'api', 'worker']));
    expect(services.postgres.image).toMatch(/^postgres:/);
    expect(services.redis.image).toMatch(/^redis:/);
  });

  it('builds api and worker from this repository and runs their entry points', () => {
    for (const name of ['api', 'worker']) {
      expect(services[name].build.context).toBe('.');
      expect(services[name].command.join(' ')).toContain(`dist/${name}/src/main.js`);
    }
  });

  it('gives api and worker every variable they need', () => {
    for (const name of ['api', 'worker']) {
      const env = services[name].environment;
      for (const key of ['DATABASE_URL', 'REDIS_URL', 'STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET', 'PUBLIC_URL']) {
        expect(env[key]).toBeDefined();
      }
    }
    expect(services.api.environment.PORT).toBe('3000');
  });

  it('lets the worker scale: no fixed container name or published port', () => {
    expect(services.worker.container_name).toBeUndefined();
    expect(services.worker.ports).toBeUndefined();
  });

  it('runs migrations once, before api and worker', () => {
    expect(services.migrate.command.join(' ')).toContain('migrations/run.js');
    expect(services.api.depends_on.migrate.condition).toBe('service_completed_successfully');
    expect(services.worker.depends_on.migrate.condition).toBe('service_completed_successfully');
  });
});
