import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export interface WebhookReceiver {
  url: string;
  /** The secrets a signature may verify with (add an endpoint's secret once it is known). */
  secrets: string[];
  /** Events whose signature verified with one of `secrets`, in arrival order. */
  events: Stripe.Event[];
  /** Deliveries refused because the signature did not verify. */
  rejected: number;
  /** Most deliveries being answered at the same time. */
  maxInFlight: number;
  close(): Promise<void>;
}

/**
 * A webhook endpoint that checks `Stripe-Signature` with the SDK (`constructEvent`) against `secrets`, answers
 * 200 after `delayMs` (to see concurrent deliveries), and 400 when the signature does not verify.
 */
export async function startWebhookReceiver(secrets: string[], delayMs = 0): Promise<WebhookReceiver> {
  const verifier = new Stripe('sk_test_receiver');
  let inFlight = 0;
  const out: WebhookReceiver = {
    url: '',
    secrets: [...secrets],
    events: [],
    rejected: 0,
    maxInFlight: 0,
    close: async () => undefined,
  };
  const server: Server = createServer((req, res) => {
    inFlight++;
    out.maxInFlight = Math.max(out.maxInFlight, inFlight);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      setTimeout(() => {
        inFlight--;
        const body = Buffer.concat(chunks).toString('utf8');
        for (const secret of out.secrets) {
          try {
            out.events.push(verifier.webhooks.constructEvent(body, String(req.headers['stripe-signature']), secret));
            res.writeHead(200).end('{"received":true}');
            return;
          } catch {
            // try the next secret
          }
        }
        out.rejected++;
        res.writeHead(400).end();
      }, delayMs);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  out.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  out.close = () =>
    new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    });
  return out;
}
