import { useCallback, useEffect, useRef, useState } from 'react';

export type DonateStep = 'form' | 'payment';

/** The mark on the payment step's history entry (the address stays /donate). */
const MARK = 'donateStep';

function markedStep(state: unknown): DonateStep {
  return state && typeof state === 'object' && (state as Record<string, unknown>)[MARK] === 'payment'
    ? 'payment'
    : 'form';
}

/** The current entry's state with the step set (or taken out), keeping whatever else the router keeps there. */
function withStep(step: DonateStep): Record<string, unknown> {
  const state = { ...((history.state as Record<string, unknown> | null) ?? {}) };
  if (step === 'payment') state[MARK] = 'payment';
  else delete state[MARK];
  return state;
}

/**
 * Each step of the donation is a history entry: Continue pushes the payment step's entry, so the browser's Back
 * returns to step 1 and Forward to step 2 again, and a reload shows the step of the entry it reloads. Step 2 is
 * only shown while step 1 is still valid (`canPay`, asked at that moment); otherwise its entry shows step 1.
 */
export function useStepHistory(canPay: () => boolean) {
  const canPayNow = useRef(canPay);
  canPayNow.current = canPay;
  const [step, setStep] = useState<DonateStep>(() => {
    const wanted = markedStep(history.state);
    if (wanted === 'payment' && canPay()) return 'payment';
    if (wanted === 'payment') history.replaceState(withStep('form'), '');
    return 'form';
  });

  useEffect(() => {
    const onPop = (e: PopStateEvent) => {
      const wanted = markedStep(e.state);
      if (wanted === 'payment' && !canPayNow.current()) {
        history.replaceState(withStep('form'), '');
        setStep('form');
      } else {
        setStep(wanted);
      }
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  /** Continue: step 2 as a new entry. */
  const toPayment = useCallback(() => {
    history.pushState(withStep('payment'), '');
    setStep('payment');
  }, []);

  /** The page's Back button does what the browser's does, so Forward still leads to step 2. */
  const back = useCallback(() => {
    if (markedStep(history.state) === 'payment') history.back();
    else setStep('form');
  }, []);

  /** After a paid gift: this entry is step 1 now, so neither a reload nor Back and Forward reopen the payment. */
  const done = useCallback(() => {
    history.replaceState(withStep('form'), '');
    setStep('form');
  }, []);

  return { step, toPayment, back, done };
}
