/**
 * The one HTTP client (SPEC section 7): cookies included, JSON content type for bodies, the admin bearer token
 * from localStorage on paths containing the stripe or admin API segments, and a non-OK answer becomes
 * Error("{status}: {body or statusText}").
 */
export const SESSION_TOKEN_KEY = 'adminSessionToken';

export function getSessionToken(): string | null {
  try {
    return localStorage.getItem(SESSION_TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setSessionToken(token: string | null): void {
  if (token) localStorage.setItem(SESSION_TOKEN_KEY, token);
  else localStorage.removeItem(SESSION_TOKEN_KEY);
}

function needsToken(url: string): boolean {
  return url.includes('/api/stripe') || url.includes('/api/admin');
}

export async function throwIfResNotOk(res: Response): Promise<void> {
  if (!res.ok) {
    const text = (await res.text()) || res.statusText;
    throw new Error(`${res.status}: ${text}`);
  }
}

export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const headers: Record<string, string> = {};
  if (data !== undefined) headers['Content-Type'] = 'application/json';
  const token = needsToken(url) ? getSessionToken() : null;
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(url, {
    method,
    headers,
    body: data !== undefined ? JSON.stringify(data) : undefined,
    credentials: 'include',
  });
  await throwIfResNotOk(res);
  return res;
}

/*
 * The JSON calls. `T` is the answer's type and `B` the body's, both from api-types.ts (generated from the API's
 * DTOs; test/unit/web-api-types.test.ts fails on any other). `B` defaults to never, so a body cannot be sent
 * without naming its type. An answer with no JSON body (204) is undefined: type it void.
 */

export async function apiGet<T>(url: string): Promise<T> {
  return jsonOf<T>(await apiRequest('GET', url));
}

export async function apiSend<T, B extends object = never>(
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: B,
): Promise<T> {
  return jsonOf<T>(await apiRequest(method, url, body));
}

/** A file as the request's body (the browser streams it), sent with the given content type. */
export async function apiUpload<T>(url: string, file: Blob, contentType: string): Promise<T> {
  const token = needsToken(url) ? getSessionToken() : null;
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': contentType, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: file,
    credentials: 'include',
  });
  await throwIfResNotOk(res);
  return jsonOf<T>(res);
}

/** The answer's JSON; undefined when it has none (204, or no JSON content type). */
export async function jsonOf<T>(res: Response): Promise<T> {
  if (res.status === 204 || !(res.headers.get('content-type') ?? '').includes('json')) return undefined as T;
  return (await res.json()) as T;
}

/** Reads the server's message out of an Error("{status}: {body}") thrown above. */
export function errorMessage(err: unknown, fallback: string): string {
  const raw = err instanceof Error ? err.message : '';
  const body = raw.replace(/^\d{3}: /, '');
  try {
    const parsed = JSON.parse(body) as { error?: string; message?: string | string[] };
    const msg = parsed.error ?? parsed.message;
    if (Array.isArray(msg)) return msg.join(', ');
    if (msg) return msg;
  } catch {
    /* not JSON */
  }
  return body || fallback;
}
