import { readFileSync } from 'node:fs';
import path from 'node:path';
import Stripe from 'stripe';
import ts from 'typescript';
import type { StripeEmulator } from '../../dev/stripe-emulator/src/index.js';

/** Stripe's own object shapes (fixtures3.json), keyed by object kind. */
export const FIXTURES = JSON.parse(readFileSync('test/fixtures/stripe/fixtures3.json', 'utf8')).resources as Record<
  string,
  Record<string, unknown>
>;
const TYPES_DIR = path.resolve('node_modules/stripe/esm/resources');

/** Top-level property names of an interface in the installed stripe package's .d.ts files. */
export function typeKeys(file: string, name: string): Set<string> {
  const src = ts.createSourceFile(file, readFileSync(path.join(TYPES_DIR, file), 'utf8'), ts.ScriptTarget.Latest, true);
  for (const st of src.statements) {
    if (ts.isInterfaceDeclaration(st) && st.name.text === name)
      return new Set(st.members.map((m) => m.name?.getText(src) ?? ''));
  }
  throw new Error(`${name} not found in ${file}`);
}

/** Every fixture key exists on our object, unless the current API version's types no longer have it. */
export function missingFixtureKeys(kind: string, ours: object, file: string, iface: string): string[] {
  const types = typeKeys(file, iface);
  return Object.keys(FIXTURES[kind]).filter((k) => !(k in ours) && types.has(k));
}

/** The official SDK pointed at an emulator. */
export function sdkFor(emulator: StripeEmulator): Stripe {
  const base = new URL(emulator.url);
  return new Stripe(emulator.secretKey, {
    host: base.hostname,
    port: Number(base.port),
    protocol: 'http',
    maxNetworkRetries: 0,
  });
}

/** A JSON call to one of the emulator's `/_emulator/...` test helpers. */
export async function emulatorHelper<T = Record<string, any>>(
  emulator: StripeEmulator,
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(
    `${emulator.url}/_emulator/${path}`,
    body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) },
  );
  const json = await res.json();
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json as T;
}

export const DAY = 86400;
export const startOfUtcDay = (t: number) => t - (t % DAY);
