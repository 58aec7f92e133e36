import { invalid, requiredParam } from './errors.js';
import type { FormObject, FormValue } from './form-body.js';

/** Typed reads of form parameters (all strings on the wire), with Stripe's error messages. */
export type Params = FormObject;

export function str(p: Params, key: string, required = false): string | undefined {
  const v = p[key];
  if (v === undefined || v === '') {
    if (required) throw requiredParam(key);
    return undefined;
  }
  if (typeof v !== 'string') throw invalid(`Invalid string: ${key}`, key);
  return v;
}

export function int(p: Params, key: string, required = false): number | undefined {
  const v = str(p, key, required);
  if (v === undefined) return undefined;
  if (!/^-?\d+$/.test(v)) throw invalid(`Invalid integer: ${v}`, key);
  return Number(v);
}

export function bool(p: Params, key: string): boolean | undefined {
  const v = str(p, key);
  if (v === undefined) return undefined;
  if (v !== 'true' && v !== 'false') throw invalid(`Invalid boolean: ${v}`, key);
  return v === 'true';
}

export function obj(p: Params, key: string): Params | undefined {
  const v = p[key];
  if (v === undefined || v === '') return undefined;
  if (typeof v !== 'object' || Array.isArray(v)) throw invalid(`Invalid object`, key);
  return v as Params;
}

export function list(p: Params, key: string): FormValue[] {
  const v = p[key];
  if (v === undefined || v === '') return [];
  if (Array.isArray(v)) return v;
  if (typeof v === 'object') return Object.values(v);
  return [v];
}

export function strings(p: Params, key: string): string[] {
  return list(p, key).filter((x): x is string => typeof x === 'string');
}

/** Stripe's metadata update rules: `metadata[k]=` deletes k, `metadata=` clears all, other keys merge. */
export function mergeMetadata(current: Record<string, string> | null | undefined, p: Params): Record<string, string> {
  const base = { ...(current ?? {}) };
  if (p.metadata === undefined) return base;
  if (p.metadata === '') return {};
  const m = obj(p, 'metadata') ?? {};
  for (const [k, v] of Object.entries(m)) {
    if (typeof v !== 'string') throw invalid('Invalid metadata value', `metadata[${k}]`);
    if (v === '') delete base[k];
    else base[k] = v;
  }
  if (Object.keys(base).length > 50) throw invalid('Metadata can have at most 50 keys.', 'metadata');
  return base;
}

/**
 * Stripe's answer to `key=` for a parameter that cannot be unset (a charge's `description` or `receipt_email`,
 * a payment intent's `description`): 400, nothing changed.
 */
export function refuseUnset(p: Params, keys: readonly string[]): void {
  const key = keys.find((k) => p[k] === '');
  if (key) {
    throw invalid(
      `You passed an empty string for '${key}'. We assume empty values are an attempt to unset a parameter; however '${key}' cannot be unset. You should remove '${key}' from your request or supply a non-empty value.`,
      key,
    );
  }
}

/** Nested plain values (`billing_details[address][city]`), kept as given, with '' meaning null. */
export function plain(v: FormValue | undefined): unknown {
  if (v === undefined) return undefined;
  if (v === '') return null;
  if (Array.isArray(v)) return v.map(plain);
  if (typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plain(x)]));
  return v;
}
