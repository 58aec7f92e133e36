import { useEffect, useState } from 'react';
import { apiSend } from '../../../lib/api-client';
import type { ReceiptStatusDto, ReceiptStatusQueryDto } from '../../../lib/api-types';

/** POST /api/donation/receipt: the gift's receipt number once the acknowledgment exists (token-gated). */
export async function getReceiptStatus(ref: ReceiptStatusQueryDto): Promise<ReceiptStatusDto> {
  return apiSend<ReceiptStatusDto, ReceiptStatusQueryDto>('POST', '/api/donation/receipt', ref);
}

/** How long the thank-you waits for the receipt number: webhooks, then the worker's acknowledger, usually seconds. */
const TRIES = 12;
const EVERY_MS = 2500;

/**
 * The receipt number as soon as it exists: asked every 2.5 s for 30 s, then 'later' (it comes by e-mail).
 * 'waiting' meanwhile; null ref: nothing to ask.
 */
export function useReceiptNumber(
  ref: ReceiptStatusQueryDto | null,
): { state: 'waiting' | 'later' } | { state: 'ready'; receiptNumber: string } | null {
  const [result, setResult] = useState<{ state: 'waiting' | 'later' } | { state: 'ready'; receiptNumber: string }>({
    state: 'waiting',
  });
  const key = ref ? `${ref.paymentIntentId ?? ''}:${ref.subscriptionId ?? ''}:${ref.recordToken}` : '';
  useEffect(() => {
    if (!ref) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    setResult({ state: 'waiting' });
    const ask = async (tries: number) => {
      try {
        const status = await getReceiptStatus(ref);
        if (stopped) return;
        if (status.status === 'acknowledged' && status.receiptNumber) {
          setResult({ state: 'ready', receiptNumber: status.receiptNumber });
          return;
        }
      } catch {
        if (stopped) return;
        setResult({ state: 'later' });
        return;
      }
      if (tries <= 1) setResult({ state: 'later' });
      else timer = setTimeout(() => void ask(tries - 1), EVERY_MS);
    };
    timer = setTimeout(() => void ask(TRIES), 1000);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
    // The ref is identified by its key; a new gift starts a new wait.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return ref ? result : null;
}
