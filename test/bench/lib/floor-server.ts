/**
 * The floor of `npm run bench -- peer`: what this machine can do at all for a Stripe webhook. A bare node:http
 * server that reads the body, checks the Stripe signature (the `stripe` SDK's constructEvent: HMAC, tolerance,
 * JSON parse, as every receiver must) and answers 200, storing nothing; 400 when the check fails. Every other
 * system pays this and more, so its events/s and CPU per event read as a share of the floor's. Run as its own
 * child process: WEBHOOK_SECRET. Prints "floor on http://..." when it listens.
 */
import { createServer } from 'node:http';
import Stripe from 'stripe';

const stripe = new Stripe('sk_test_floor_bench_never_called');
const secret = process.env.WEBHOOK_SECRET!;

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    try {
      const body = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
      stripe.webhooks.constructEvent(body, req.headers['stripe-signature'] as string, secret, 300);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
    } catch (err) {
      res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: (err as Error).message }));
    }
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as { port: number };
  process.stdout.write(`floor on http://127.0.0.1:${port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
