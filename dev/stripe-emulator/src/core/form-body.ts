/**
 * Stripe's request encoding: application/x-www-form-urlencoded with bracket notation
 * (`a[b][0][c]=x`, `expand[]=y`), the same as the `qs` library the SDK uses with `arrayFormat: 'indices'`.
 * Numeric segments build arrays; `[]` appends. Values stay strings: Stripe coerces per parameter.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

const MAX_DEPTH = 20;

export function parseFormBody(body: string): FormObject {
  const root: FormObject = {};
  if (!body) return root;
  for (const pair of body.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const rawKey = eq === -1 ? pair : pair.slice(0, eq);
    const rawValue = eq === -1 ? '' : pair.slice(eq + 1);
    const key = decode(rawKey);
    if (!key) continue;
    assign(root, splitKey(key), decode(rawValue));
  }
  return compactArrays(root) as FormObject;
}

function decode(s: string): string {
  const plus = s.includes('+') ? s.replace(/\+/g, ' ') : s;
  try {
    return decodeURIComponent(plus);
  } catch {
    return plus;
  }
}

/** `a[b][0][]` -> ['a', 'b', '0', ''] */
export function splitKey(key: string): string[] {
  const open = key.indexOf('[');
  if (open <= 0) return [key];
  const parts = [key.slice(0, open)];
  const re = /\[([^\]]*)\]/g;
  re.lastIndex = open;
  let m: RegExpExecArray | null;
  let end = open;
  while ((m = re.exec(key)) && parts.length <= MAX_DEPTH) {
    if (m.index !== end) break;
    parts.push(m[1]);
    end = re.lastIndex;
  }
  if (end < key.length) parts[parts.length - 1] += key.slice(end);
  return parts;
}

type Container = Record<string, unknown> & { __array__?: true };

function assign(root: FormObject, path: string[], value: string): void {
  let node = root as unknown as Container;
  for (let i = 0; i < path.length; i++) {
    const seg = path[i];
    const last = i === path.length - 1;
    const next = path[i + 1];
    // Numeric and empty segments mean "array"; they are collected in an object first and compacted later
    // so that sparse indices (items[1] before items[0]) keep their order.
    const key = seg === '' ? String(nextIndex(node)) : seg;
    if (seg === '' || /^\d+$/.test(seg)) node.__array__ = true;
    if (last) {
      node[key] = value;
      return;
    }
    let child = node[key];
    if (child === undefined || typeof child !== 'object') {
      child = {} as Container;
      if (next === '' || /^\d+$/.test(next)) (child as Container).__array__ = true;
      node[key] = child;
    }
    node = child as Container;
  }
}

function nextIndex(node: Container): number {
  let n = 0;
  for (const k of Object.keys(node)) if (/^\d+$/.test(k)) n = Math.max(n, Number(k) + 1);
  return n;
}

function compactArrays(node: unknown): FormValue {
  if (node === null || typeof node !== 'object') return node as FormValue;
  const obj = node as Container;
  const keys = Object.keys(obj).filter((k) => k !== '__array__');
  if (obj.__array__ && keys.every((k) => /^\d+$/.test(k))) {
    return keys
      .map(Number)
      .sort((a, b) => a - b)
      .map((k) => compactArrays(obj[String(k)]));
  }
  const out: FormObject = {};
  for (const k of keys) out[k] = compactArrays(obj[k]);
  return out;
}

/** The inverse, for the stand-in Stripe.js and tests: `{a: {b: [1]}}` -> `a[b][0]=1`. */
export function encodeForm(value: unknown, prefix = ''): string {
  const parts: string[] = [];
  const walk = (v: unknown, key: string) => {
    if (v === undefined) return;
    if (v === null) parts.push(`${encodeURIComponent(key)}=`);
    else if (Array.isArray(v)) v.forEach((item, i) => walk(item, `${key}[${i}]`));
    else if (typeof v === 'object') for (const [k, inner] of Object.entries(v)) walk(inner, key ? `${key}[${k}]` : k);
    else parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(v))}`);
  };
  walk(value, prefix);
  return parts.join('&');
}
