import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';

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
