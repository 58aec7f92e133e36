import { jsonOf, throwIfResNotOk } from '../../../lib/api-client';

/**
 * The donor's session token (from a spent e-mailed link), kept for this browser tab only: it ends with the tab,
 * after 30 idle minutes on the server, or on Sign out. It is sent only to /api/my-giving, never to the admin API.
 */
const KEY = 'myGivingSession';

export function getDonorToken(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function setDonorToken(token: string | null): void {
  try {
    if (token) sessionStorage.setItem(KEY, token);
    else sessionStorage.removeItem(KEY);
  } catch {
    /* storage disabled: the session lasts as long as the page */
  }
}

/** A request to the donor's own API with their bearer token; a non-OK answer throws Error("{status}: {body}"). */
export async function donorRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const headers: Record<string, string> = {};
  if (data !== undefined) headers['Content-Type'] = 'application/json';
  const token = getDonorToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(url, { method, headers, body: data !== undefined ? JSON.stringify(data) : undefined });
  await throwIfResNotOk(res);
  return res;
}

/** The donor's JSON calls, typed as apiGet and apiSend are (types from api-types.ts). */
export async function donorGet<T>(url: string): Promise<T> {
  return jsonOf<T>(await donorRequest('GET', url));
}

export async function donorSend<T, B extends object = never>(
  method: 'POST' | 'PATCH' | 'DELETE',
  url: string,
  body?: B,
): Promise<T> {
  return jsonOf<T>(await donorRequest(method, url, body));
}

/** The HTTP status of an error thrown by donorRequest or apiRequest. */
export function errorStatus(err: unknown): number | null {
  const m = err instanceof Error ? /^(\d{3}): /.exec(err.message) : null;
  return m ? Number(m[1]) : null;
}
