import { cn } from './cn';

/** A loading indicator with an accessible name; the animation stops under prefers-reduced-motion. */
export function Spinner({ label = 'Loading', className }: { label?: string; className?: string }) {
  return (
    <div role="status" className={cn('spinner', className)}>
      <span className="spinner__ring" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
