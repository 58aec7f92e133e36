import type { ReactNode } from 'react';
import { Button } from './button';

export interface PaginationProps {
  /** What the pages are, for screen readers: 'Donor pages'. */
  label: string;
  page: number;
  pages: number;
  onPageChange: (page: number) => void;
  /** Said before "Page n of m": the rows shown, for example. */
  before?: ReactNode;
}

/** Previous and Next around "Page n of m", the one pager of the admin lists. */
export function Pagination({ label, page, pages, onPageChange, before }: PaginationProps) {
  return (
    <nav className="adm-pagination" aria-label={label}>
      <Button variant="outline" size="sm" onClick={() => onPageChange(Math.max(1, page - 1))} disabled={page <= 1}>
        Previous
      </Button>
      <span>
        {before}Page {page.toLocaleString('en-US')} of {pages.toLocaleString('en-US')}
      </span>
      <Button
        variant="outline"
        size="sm"
        onClick={() => onPageChange(Math.min(pages, page + 1))}
        disabled={page >= pages}
      >
        Next
      </Button>
    </nav>
  );
}
