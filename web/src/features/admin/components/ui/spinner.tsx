export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="adm-spinner-wrap" role="status" aria-live="polite">
      <span className="adm-spinner" aria-hidden="true" />
      <span className="adm-sr-only">{label}</span>
    </div>
  );
}
