import { useState, type ReactNode } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';

/** Draft or Published, as a badge. */
export function StatusBadge({ published }: { published: boolean }) {
  return published ? <Badge variant="success">Published</Badge> : <Badge variant="secondary">Draft</Badge>;
}

/**
 * The buttons under an editor: save as a draft (or save the published item's changes), publish, take back to a
 * draft, delete (asked twice). `onSave(published)` saves with that state.
 */
export function EditorActions({
  what,
  exists,
  published,
  busy,
  onSave,
  onDelete,
  onCancel,
}: {
  what: string;
  exists: boolean;
  published: boolean;
  busy: boolean;
  onSave: (published: boolean) => void;
  onDelete: () => void;
  onCancel: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="adm-stack">
      <div className="news-editor__actions">
        {published ? (
          <>
            <Button type="button" disabled={busy} onClick={() => onSave(true)}>
              Save changes
            </Button>
            <Button type="button" variant="outline" disabled={busy} onClick={() => onSave(false)}>
              Unpublish
            </Button>
          </>
        ) : (
          <>
            <Button type="button" disabled={busy} onClick={() => onSave(true)}>
              Publish
            </Button>
            <Button type="button" variant="outline" disabled={busy} onClick={() => onSave(false)}>
              Save draft
            </Button>
          </>
        )}
        <Button type="button" variant="ghost" disabled={busy} onClick={onCancel}>
          Close
        </Button>
        {exists && !confirming && (
          <Button type="button" variant="destructive" disabled={busy} onClick={() => setConfirming(true)}>
            Delete
          </Button>
        )}
      </div>
      {exists && confirming && (
        <Alert variant="destructive">
          <p>
            Delete this {what} for good? {published ? 'It leaves the public site at once.' : ''}
          </p>
          <div className="news-editor__actions">
            <Button type="button" variant="destructive" disabled={busy} onClick={onDelete}>
              Yes, delete it
            </Button>
            <Button type="button" variant="outline" onClick={() => setConfirming(false)}>
              Keep it
            </Button>
          </div>
        </Alert>
      )}
    </div>
  );
}

/**
 * What an item's form (a news post, an event) does with its buttons: refuses a save with no title (saying so at
 * the title field and moving focus there), saves with the chosen published state, deletes, and tells the editor
 * (a toast on success, an alert on failure). `what` names the item in the messages ("post", "event").
 */
export function useItemForm<B, I extends { published: boolean }>({
  what,
  titleFieldId,
  titleHint,
  save,
  remove,
  savedToast,
  onDone,
}: {
  what: string;
  titleFieldId: string;
  /** What the title error says, e.g. "Give the post a title, for example Spring picnic." */
  titleHint: string;
  save: UseMutationResult<I, Error, B>;
  remove: UseMutationResult<unknown, Error, string>;
  /** The toast's description once saved (its title is "… Published" or "Draft Saved"). */
  savedToast: (item: I) => string;
  onDone: () => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const [titleError, setTitleError] = useState<string | null>(null);
  const What = what.charAt(0).toUpperCase() + what.slice(1);
  const submit = (title: string, body: B) => {
    if (!title.trim()) {
      setTitleError(titleHint);
      document.getElementById(titleFieldId)?.focus();
      return;
    }
    setTitleError(null);
    setError(null);
    save.mutate(body, {
      onSuccess: (item) => {
        toast({ title: item.published ? `${What} Published` : 'Draft Saved', description: savedToast(item) });
        onDone();
      },
      onError: (err) => setError(errorMessage(err, `The ${what} could not be saved`)),
    });
  };
  const del = (id: string | undefined, title: string) =>
    id &&
    remove.mutate(id, {
      onSuccess: () => {
        toast({ title: `${What} Deleted`, description: `${title} is gone.` });
        onDone();
      },
      onError: (err) => setError(errorMessage(err, `The ${what} could not be deleted`)),
    });
  return { error, titleError, busy: save.isPending || remove.isPending, submit, del };
}

/**
 * An editor's list of items in its card: the header (with its add button), a load error, then a spinner while
 * loading, `empty` when there is none, or the table (stacked on a phone) of `columns`, `children` its rows.
 */
export function ItemsCard({
  titleId,
  title,
  description,
  actions,
  error,
  loading,
  loadingLabel,
  empty,
  columns,
  children,
}: {
  titleId: string;
  title: string;
  description: string;
  actions: ReactNode;
  error?: string;
  loading: boolean;
  loadingLabel: string;
  /** The line shown when there is no item; null while there are some. */
  empty: string | null;
  columns: string[];
  children: ReactNode;
}) {
  return (
    <Card as="section" aria-labelledby={titleId}>
      <CardHeader title={title} titleId={titleId} titleAs="h2" description={description} actions={actions} />
      <CardContent>
        {error && <Alert variant="destructive">{error}</Alert>}
        {loading ? (
          <Spinner label={loadingLabel} />
        ) : empty !== null ? (
          <p className="adm-empty">{empty}</p>
        ) : (
          <div className="adm-table-wrap">
            <table className="adm-table adm-table--stack">
              <thead>
                <tr>
                  {columns.map((c) => (
                    <th key={c} scope="col">
                      {c}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>{children}</tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
