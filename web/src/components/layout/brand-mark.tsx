/** The school's mark: a sun rising over two hills (decorative; the name next to it is the link text). */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <circle cx="20" cy="20" r="20" fill="#1e5b46" />
      <circle cx="20" cy="19" r="7" fill="#f2c063" />
      <path d="M0 27c6-6 12-7 20-3s14 3 20-2v18H0z" fill="#3f8f6b" />
      <path d="M0 31c8-4 16-4 22 0s12 3 18 0v9H0z" fill="#fdfaf4" opacity=".95" />
    </svg>
  );
}
