/** Small readers for Stripe objects as webhooks deliver them (expandable fields may be ids or objects). */

export function idOf(ref: unknown): string | null {
  if (typeof ref === 'string') return ref;
  if (ref && typeof ref === 'object' && typeof (ref as { id?: unknown }).id === 'string')
    return (ref as { id: string }).id;
  return null;
}

export function toDate(unixSeconds: number | null | undefined): Date | null {
  return typeof unixSeconds === 'number' ? new Date(unixSeconds * 1000) : null;
}

export function metadataOf(o: { metadata?: Record<string, string> | null } | null | undefined): Record<string, string> {
  return o?.metadata && typeof o.metadata === 'object' ? { ...o.metadata } : {};
}
