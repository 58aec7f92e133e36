/**
 * An e-mail address that may wrap only before its '@' (never mid-word, never overflowing a 390 px screen): each
 * half keeps together, and a <wbr> offers the one break. Screen readers and copy-paste get the plain address.
 */
export function EmailAddress({ address }: { address: string }) {
  const at = address.indexOf('@');
  if (at < 0) return <span className="email-part">{address}</span>;
  return (
    <>
      <span className="email-part">{address.slice(0, at)}</span>
      <wbr />
      <span className="email-part">{address.slice(at)}</span>
    </>
  );
}
