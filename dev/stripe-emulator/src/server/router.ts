import type { Ctx } from '../core/context.js';
import type { Params } from '../core/params.js';
import type { Obj } from '../core/store.js';

export type Auth = 'secret' | 'publishable';

export interface RouteCall {
  ctx: Ctx;
  params: Params;
  path: Record<string, string>;
  auth: Auth;
}

export interface Route {
  method: string;
  segs: string[];
  /** May a publishable key call it (Stripe.js does: create payment methods, confirm or read an intent by its client secret)? */
  publishable?: boolean;
  handler: (call: RouteCall) => Obj;
}

/** Exact segments win over `:params`, so `/v1/customers/search` is never read as a customer id. */
export class Router {
  private readonly routes: Route[] = [];

  add(method: string, pattern: string, handler: Route['handler'], publishable = false): this {
    this.routes.push({ method, segs: pattern.split('/').filter(Boolean), handler, publishable });
    this.routes.sort((a, b) => literalScore(b) - literalScore(a));
    return this;
  }

  match(method: string, pathname: string): { route: Route; path: Record<string, string> } | 'method' | undefined {
    const segs = pathname.split('/').filter(Boolean);
    let pathMatched = false;
    for (const route of this.routes) {
      if (route.segs.length !== segs.length) continue;
      const path: Record<string, string> = {};
      let ok = true;
      for (let i = 0; i < segs.length && ok; i++) {
        const s = route.segs[i];
        if (s.startsWith(':')) path[s.slice(1)] = decodeURIComponent(segs[i]);
        else ok = s === segs[i];
      }
      if (!ok) continue;
      if (route.method !== method) {
        pathMatched = true;
        continue;
      }
      return { route, path };
    }
    return pathMatched ? 'method' : undefined;
  }
}

function literalScore(r: Route): number {
  return r.segs.reduce((s, seg, i) => s + (seg.startsWith(':') ? 0 : 2 ** (8 - Math.min(i, 8))), 0);
}
