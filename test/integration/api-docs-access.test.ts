import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { ModulesContainer } from '@nestjs/core';
import request from 'supertest';
import { authed, signIn } from '../helpers/admin.js';
import { startStack, type Stack } from '../helpers/stack.js';

/** Every address SwaggerModule serves the document at, the UI's inlined copy included. */
const DOCS = ['/api/docs', '/api/docs/', '/api/docs-json', '/api/docs-yaml', '/api/docs/swagger-ui-init.js'];

describe('the API docs in production (NODE_ENV=production): admins only', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ emulator: false, workers: 0, env: { NODE_ENV: 'production' } });
  });
  afterAll(() => stack.stop());

  it('answers 401 without a live session, for every spelling of the paths', async () => {
    const { token, admin } = await signIn(stack);
    await stack.db.query(`UPDATE admin_sessions SET revoked_at = now() WHERE admin_id = $1`, [admin.id]);
    for (const path of [...DOCS, '/API/DOCS-JSON', '/Api/Docs-Yaml/', '/api/docs/swagger-ui-bundle.js']) {
      for (const auth of [undefined, 'Bearer abc', `Bearer ${token}`]) {
        const req = request(stack.apiUrl).get(path);
        if (auth) req.set('Authorization', auth);
        const res = await req;
        expect({ path, auth, status: res.status }).toEqual({ path, auth, status: 401 });
        expect(res.text).not.toMatch(/\/api\/stripe\/customers|openapi/i);
      }
    }
  });

  it('serves the document and the UI to a signed-in admin', async () => {
    const { token } = await signIn(stack);
    const json = await authed(stack, token).get('/api/docs-json').expect(200);
    expect(json.body.paths['/api/stripe/customers']).toBeDefined();
    await authed(stack, token).get('/api/docs-yaml').expect(200);
    const ui = await authed(stack, token).get('/api/docs').redirects(1).expect(200);
    expect(ui.text).toMatch(/swagger/i);
  });
});

describe('the API docs outside production', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ emulator: false, workers: 0 });
  });
  afterAll(() => stack.stop());

  it('are open, as a map of the API for development and tests', async () => {
    await request(stack.apiUrl).get('/api/docs-json').expect(200);
  });

  it('describe every route the API answers, the webhook lane ahead of Express included', async () => {
    const doc = (await request(stack.apiUrl).get('/api/docs-json').expect(200)).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method} ${path}`),
    );
    const routes = [...nestRoutes(stack), 'post /api/stripe/webhook'];
    expect(routes.length).toBeGreaterThan(20);
    expect(routes.filter((r) => !documented.includes(r))).toEqual([]);
    const webhook = doc.paths['/api/stripe/webhook'].post as {
      responses: Record<string, unknown>;
      parameters: { name: string }[];
    };
    expect(Object.keys(webhook.responses)).toEqual(expect.arrayContaining(['200', '400', '503']));
    expect(webhook.parameters.map((p) => p.name)).toContain('Stripe-Signature');
  });
});

/** Every route Nest registered, as `method /api/path/{param}`, read from the controllers' own metadata. */
function nestRoutes(stack: Stack): string[] {
  const routes: string[] = [];
  for (const mod of stack.api.get(ModulesContainer).values()) {
    for (const { metatype } of mod.controllers.values()) {
      const controller = metatype as unknown as { prototype: Record<string, unknown> } | null;
      if (!controller) continue;
      const base = [Reflect.getMetadata(PATH_METADATA, controller) ?? ''].flat() as string[];
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = controller.prototype[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        const paths = Reflect.getMetadata(PATH_METADATA, handler);
        if (paths === undefined) continue;
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod].toLowerCase();
        for (const b of base) {
          for (const p of [paths].flat() as string[]) {
            const path = ['api', b, p]
              .map((part) => part.replace(/^\/+|\/+$/g, ''))
              .filter(Boolean)
              .join('/');
            routes.push(`${method} /${path.replace(/:(\w+)/g, '{$1}')}`);
          }
        }
      }
    }
  }
  return routes;
}
