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

export async function apiGet<T>(url: string): Promise<T> {
  const res = await apiRequest('GET', url);
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
