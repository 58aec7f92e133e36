/**
 * The peer of `npm run bench -- peer`: @supabase/stripe-sync-engine as its README runs it, verify-and-upsert
 * inside the webhook request (`processWebhook`), behind a bare node:http server. Answers 200 once the rows are
 * written, 400 when the engine throws. Run as its own child process: DATABASE_URL, WEBHOOK_SECRET, PEER_POOL_MAX.
 * Prints "peer on http://..." when it listens.
 */
import { createServer } from 'node:http';
import { StripeSync } from '@supabase/stripe-sync-engine';

const sync = new StripeSync({
  poolConfig: { connectionString: process.env.DATABASE_URL!, max: Number(process.env.PEER_POOL_MAX ?? 10) },
  stripeSecretKey: 'sk_test_peer_bench_never_called',
  stripeWebhookSecret: process.env.WEBHOOK_SECRET!,
  backfillRelatedEntities: false,
});

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    sync
      .processWebhook(Buffer.concat(chunks), req.headers['stripe-signature'] as string | undefined)
      .then(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}'))
      .catch((err: Error) =>
        res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: err.message })),
      );
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as { port: number };
  process.stdout.write(`peer on http://127.0.0.1:${port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
