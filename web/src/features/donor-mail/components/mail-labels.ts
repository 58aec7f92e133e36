import type { DonorMessageDto } from '../../../lib/api-types';

/** What a message is, as the admin reads it in a list. */
export function messageLabel(m: Pick<DonorMessageDto, 'kind' | 'statementYear'>): string {
  switch (m.kind) {
    case 'acknowledgment':
      return 'Acknowledgment';
    case 'correction':
      return 'Corrected acknowledgment';
    case 'void':
      return 'Void notice';
    case 'statement':
      return `Year-end statement ${m.statementYear ?? ''}`.trim();
    case 'sign-in-link':
      return 'Sign-in link (My Giving)';
    case 'payment-failed':
      return 'Declined renewal: update your card';
    case 'bank-payment-failed':
      return 'Bank payment did not go through';
    case 'tribute':
      return 'Tribute notice (to the person named)';
    case 'plan-change':
      return 'Recurring gift changed: confirmation';
    default:
      return m.kind;
  }
}

export const STATUS_LABELS: Record<string, string> = {
  queued: 'Waiting',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
};

export const statusVariant = (status: string) =>
  (status === 'sent' ? 'success' : status === 'failed' ? 'destructive' : 'secondary') as
    'success' | 'destructive' | 'secondary';
