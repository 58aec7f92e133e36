import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import type { FundDto } from '../../../lib/api-types';
import { useFunds } from '../../../lib/funds';
import { useCreateFund, useUpdateFund } from '../api/funds';

const GENERAL_FUND_ID = 1;

function AddFund() {
  const create = useCreateFund();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError('Give the fund a name, for example Scholarships.');
    setError(null);
    create.mutate(
      { name: name.trim(), description: description.trim() || undefined },
      {
        onSuccess: (f) => {
          toast({ title: 'Fund Added', description: `Donors can now choose ${f.name}.` });
          setName('');
          setDescription('');
        },
        onError: (err) => setError(errorMessage(err, 'The fund could not be added')),
      },
    );
  };
  return (
    <Card as="section" aria-labelledby="add-fund">
      <CardHeader
        title="Add a Fund"
        titleId="add-fund"
        titleAs="h2"
        description="Donors see it on the donate page; manual gifts can be recorded to it."
      />
      <CardContent>
        <form className="adm-form" onSubmit={submit} noValidate>
          <div className="adm-form__grid">
            <TextField
              id="fund-name"
              label="Name"
              maxLength={60}
              value={name}
              onChange={(e) => setName(e.target.value)}
              error={error}
              aria-required="true"
            />
            <TextField
              id="fund-description"
              label="Description (optional)"
              maxLength={200}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
            />
          </div>
          <div>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Adding...' : 'Add Fund'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function FundRow({ fund, canChange }: { fund: FundDto; canChange: boolean }) {
  const update = useUpdateFund();
  const toggle = () =>
    update.mutate(
      { id: fund.id, archived: !fund.archived },
      {
        onSuccess: (f) =>
          toast({
            title: f.archived ? 'Fund Archived' : 'Fund Restored',
            description: f.archived
              ? `${f.name} is no longer offered to donors. Its gifts keep it.`
              : `Donors can choose ${f.name} again.`,
          }),
        onError: (err) =>
          toast({
            title: 'Error',
            description: errorMessage(err, 'The fund could not be changed'),
            variant: 'destructive',
          }),
      },
    );
  return (
    <tr>
      <th scope="row" data-label="Fund">
        {fund.name}
      </th>
      <td data-label="Description">{fund.description ?? ''}</td>
      <td data-label="Status">
        {fund.archived ? <Badge variant="secondary">Archived</Badge> : <Badge variant="success">Offered</Badge>}
      </td>
      {canChange && (
        <td data-label="Actions">
          {fund.id === GENERAL_FUND_ID ? (
            <span className="adm-muted">Always offered</span>
          ) : (
            <Button
              variant="outline"
              size="sm"
              onClick={toggle}
              disabled={update.isPending}
              aria-label={`${fund.archived ? 'Restore' : 'Archive'} ${fund.name}`}
            >
              {fund.archived ? 'Restore' : 'Archive'}
            </Button>
          )}
        </td>
      )}
    </tr>
  );
}

/**
 * The school's funds (designations): General, where a gift goes unless the donor chose another, and any the
 * owners add. Archiving stops offering a fund; its gifts keep it. Every admin sees the list; owners change it.
 */
export function FundsPage({ canChange }: { canChange: boolean }) {
  const funds = useFunds();
  return (
    <div className="adm-stack">
      <Card as="section" aria-labelledby="fund-list">
        <CardHeader
          title="Funds"
          titleId="fund-list"
          titleAs="h2"
          description="Where donors may direct their gifts. The donate page shows the choice only when more than one fund is offered."
        />
        <CardContent>
          {funds.isError && <Alert variant="destructive">{funds.error.message}</Alert>}
          {funds.isPending ? (
            <Spinner label="Loading funds" />
          ) : (
            <div className="adm-table-wrap">
              <table className="adm-table adm-table--stack">
                <thead>
                  <tr>
                    <th scope="col">Fund</th>
                    <th scope="col">Description</th>
                    <th scope="col">Status</th>
                    {canChange && <th scope="col">Actions</th>}
                  </tr>
                </thead>
                <tbody>
                  {funds.data?.map((f) => (
                    <FundRow key={f.id} fund={f} canChange={canChange} />
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </CardContent>
      </Card>
      {canChange && <AddFund />}
    </div>
  );
}
