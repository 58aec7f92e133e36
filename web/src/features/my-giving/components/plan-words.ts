/** 'monthly', 'quarterly', 'annual': how the sentences name a gift's frequency. */
export function frequencyWord(frequency: string): string {
  return (
    ({ monthly: 'monthly', quarterly: 'quarterly', annual: 'annual' } as Record<string, string>)[frequency] ??
    'recurring'
  );
}

export const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export const STATUS_WORDS: Record<
  string,
  { label: string; variant: 'success' | 'warning' | 'secondary' | 'destructive' }
> = {
  active: { label: 'Active', variant: 'success' },
  past_due: { label: 'Payment failed', variant: 'destructive' },
  unpaid: { label: 'Payment failed', variant: 'destructive' },
  paused: { label: 'Paused', variant: 'warning' },
  canceling: { label: 'Ending', variant: 'warning' },
  canceled: { label: 'Canceled', variant: 'secondary' },
  incomplete: { label: 'Not started', variant: 'secondary' },
};
