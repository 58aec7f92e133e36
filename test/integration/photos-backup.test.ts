import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { createApiApp } from '../../api/src/create-api-app.js';
import { loadEnv } from '../../core/src/config/load-env.js';
import { authed, createAdmin, signIn } from '../helpers/admin.js';
import { adminQuery } from '../helpers/database.js';
import { binaryBody, phoneJpeg } from '../helpers/photos.js';
import { runScript } from '../helpers/run-script.js';
import { databaseUrl } from '../helpers/services.js';
import { startStack, type Stack } from '../helpers/stack.js';

/**
 * Photos live in Postgres (bytea), so `npm run db:backup` / `db:restore` carry them: a site with a published
 * photo is backed up, restored into a new database, and an API on the restored database serves the same Gallery
 * and the same bytes under the same /media/ addresses.
 */
describe('photos in db:backup and db:restore', () => {
  let stack: Stack;
  let restoredApi: NestExpressApplication | undefined;
  const dir = mkdtempSync(path.join(tmpdir(), 'school-photo-backups-'));
  const restored = `school_t_${process.pid}_photos_${randomBytes(3).toString('hex')}`;

  beforeAll(async () => {
    stack = await startStack({ emulator: false, workers: 0 });
    await adminQuery(`CREATE DATABASE ${restored}`);
  });
  afterAll(async () => {
    await restoredApi?.close();
    await stack?.stop();
    await adminQuery(`DROP DATABASE IF EXISTS ${restored} WITH (FORCE)`);
    rmSync(dir, { recursive: true, force: true });
  });

  it('brings back the Gallery with its photos, byte for byte', async () => {
    const { token } = await signIn(stack, await createAdmin(stack));
    const photo = (
      await authed(stack, token)
        .post('/api/admin/website/photos')
        .set('Content-Type', 'image/jpeg')
        .send(await phoneJpeg({ colour: '#aa5500' }))
        .expect(201)
    ).body as { id: string };
    await authed(stack, token)
      .patch(`/api/admin/website/photos/${photo.id}`)
      .send({ alt: 'A child waters tomato plants in the garden.', caption: 'Garden day', published: true })
      .expect(200);
    const before = (await request(stack.apiUrl).get('/api/site/gallery').expect(200)).body;
    expect(before.photos).toHaveLength(1);

    const backup = await runScript(
      'dist-dev/ops/db-backup.js',
      { DATABASE_URL: stack.db.url },
      { args: ['--dir', dir] },
    );
    expect(backup.code).toBe(0);
    const dump = path.join(
      dir,
      readdirSync(dir).find((f) => f.endsWith('.dump'))!,
    );
    const restore = await runScript(
      'dist-dev/ops/db-restore.js',
      { DATABASE_URL: databaseUrl(restored) },
      { args: [dump, '--yes'], timeoutMs: 60_000 },
    );
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);

    restoredApi = await createApiApp(loadEnv({ ...stack.rawEnv, DATABASE_URL: databaseUrl(restored) }));
    await restoredApi.listen(0, '127.0.0.1');
    const url = `http://127.0.0.1:${(restoredApi.getHttpServer().address() as AddressInfo).port}`;
    const after = (await request(url).get('/api/site/gallery').expect(200)).body;
    expect(after).toEqual(before);
    const files = after.photos[0].image.sources.flatMap((s: { srcset: string }) =>
      s.srcset.split(', ').map((p: string) => p.split(' ')[0]),
    );
    expect(files.length).toBeGreaterThanOrEqual(3);
    for (const file of files) {
      const [a, b] = await Promise.all([
        request(stack.apiUrl).get(file).buffer(true).parse(binaryBody).expect(200),
        request(url).get(file).buffer(true).parse(binaryBody).expect(200),
      ]);
      expect((b.body as Buffer).equals(a.body as Buffer)).toBe(true);
    }
  }, 120_000);
});
