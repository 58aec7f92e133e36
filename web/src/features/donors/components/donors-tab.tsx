import { useEffect, useState } from 'react';
import { DONORS_PAGE_SIZE, useDonors } from '../api/get-donors';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { Pagination } from '../../../components/ui/pagination';
import { PlusIcon } from '../../../components/ui/icons';
import { SelectField, TextField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { CreateDonorDialog } from './create-donor-dialog';
import { DonorCard } from './donor-card';
import { useDebounced } from '../../../lib/use-debounced';

/**
 * Donor Information: the server pages and searches (name or e-mail), so 100,000 donors cost one page of cards.
 */
export function DonorsTab({ enabled }: { enabled: boolean }) {
  const [creating, setCreating] = useState(false);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [show, setShow] = useState<'donors' | 'attempts'>('donors');
  const q = useDebounced(search, 300);
  useEffect(() => setPage(1), [q, show]);

  const customers = useDonors({ page, q, show }, enabled);
  const data = customers.data;
  const total = data?.total ?? data?.customers.length ?? 0;
  const pageSize = data?.pageSize ?? DONORS_PAGE_SIZE;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);

  return (
    <Card>
      <CardHeader
        title="Donor Information"
        description="Donors synced from Stripe, newest first. Open a donor for their full history."
        actions={
          <Button onClick={() => setCreating(true)}>
            <PlusIcon /> Create New
          </Button>
        }
      />
      <CardContent>
        <div className="adm-toolbar">
          <TextField
            label="Search donors"
            className="adm-search"
            type="search"
            placeholder="Name or email"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          <SelectField
            label="Show"
            className="adm-filter"
            value={show}
            onValueChange={(v) => setShow(v as 'donors' | 'attempts')}
            options={[
              { value: 'donors', label: 'Donors (a completed gift)' },
              { value: 'attempts', label: 'Card attempts never completed' },
            ]}
          />
          <p className="adm-muted" aria-live="polite">
            {data
              ? `Showing ${first.toLocaleString('en-US')}–${last.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} ${show === 'attempts' ? 'card attempts' : 'donors'}`
              : ''}
          </p>
        </div>

        {customers.isError && <Alert variant="destructive">{customers.error.message}</Alert>}
        {customers.isPending && enabled && <Spinner label="Loading donors" />}
        {data && data.customers.length === 0 && (
          <p className="adm-empty">
            {q
              ? 'No donors match your search.'
              : show === 'attempts'
                ? 'No card attempts left without a gift.'
                : 'No donors yet.'}
          </p>
        )}
        {data && data.customers.length > 0 && (
          <ul className="adm-donor-grid" aria-busy={customers.isFetching}>
            {data.customers.map((d) => (
              <DonorCard key={d.id} donor={d} />
            ))}
          </ul>
        )}

        {pages > 1 && <Pagination label="Donor pages" page={page} pages={pages} onPageChange={setPage} />}

        <CreateDonorDialog open={creating} onOpenChange={setCreating} />
      </CardContent>
    </Card>
  );
}
