import { isIP } from 'node:net';
import { ValidateBy, type ValidationOptions } from 'class-validator';

/** Express's names for the private and loopback ranges (proxy-addr), accepted beside addresses and CIDRs. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const MAX_HOPS = 10;

const SHAPE =
  'TRUST_PROXY must be false, the number of proxies in front of the API (e.g. 1) or a comma-separated list of their addresses or CIDR ranges (e.g. 127.0.0.1,10.0.0.0/8)';

function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (!family || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Why a TRUST_PROXY value is refused, or null. `true` trusts every X-Forwarded-For entry, so each client would
 * pick its own address (and with it its throttle counters and audit-log address): refused with the fix.
 */
export function trustProxyProblem(value: unknown): string | null {
  if (typeof value !== 'string') return SHAPE;
  const v = value.trim().toLowerCase();
  if (v === 'true') {
    return 'TRUST_PROXY=true would let any client choose its address; set the number of proxies in front of the API (e.g. 1) or their addresses (e.g. 127.0.0.1 or 10.0.0.0/8)';
  }
  if (v === 'false') return null;
  if (/^\d+$/.test(v)) return Number(v) <= MAX_HOPS ? null : `TRUST_PROXY must be at most ${MAX_HOPS} proxy hops`;
  const entries = v.split(',').map((s) => s.trim());
  return entries.length > 0 && entries.every(isProxyAddress) ? null : SHAPE;
}

/** Express 'trust proxy' from a validated TRUST_PROXY: false, a hop count, or the list of proxy addresses. */
export function parseTrustProxy(value: string): false | number | string[] {
  const v = value.trim().toLowerCase();
  if (v === 'false' || v === '0') return false;
  if (/^\d+$/.test(v)) return Number(v);
  return v.split(',').map((s) => s.trim());
}

export function IsTrustProxy(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isTrustProxy',
      validator: {
        validate: (value) => trustProxyProblem(value) === null,
        defaultMessage: (args) => trustProxyProblem(args?.value) ?? SHAPE,
      },
    },
    options,
  );
}

/** HOST: an IP address to listen on. */
export function IsListenAddress(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    { name: 'isListenAddress', validator: { validate: (value) => typeof value === 'string' && isIP(value) !== 0 } },
    options,
  );
}
