import { useEffect, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { RichTextEditor, type InsertImage } from '../../../components/rich-text/rich-text-editor';
import { SITE_PAGES, type FieldDefinition } from '../../../../../core/src/site/site-pages';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useDiscardDraft, usePublishPage, useSaveDraft, useSitePages } from '../api/site-pages';
import { PageHistory } from './page-history';
import { PagePreview } from './page-preview';

function FieldEditor({
  field,
  value,
  onChange,
  onInsertImage,
}: {
  field: FieldDefinition;
  value: string;
  onChange: (v: string) => void;
  onInsertImage?: InsertImage;
}) {
  const id = `page-field-${field.key.replace(/[^a-z0-9-]/gi, '-')}`;
  // A field with a length limit counts as staff type; the server holds it to the same limit (the default aside).
  const max = field.maxLength;
  const hint = max ? `${field.hint ? `${field.hint} ` : ''}${value.length} of ${max} characters.` : field.hint;
  const error =
    max && value.length > max && value !== field.defaultValue
      ? `Too long: ${value.length} characters. Keep it to ${max} or fewer, search engines cut the rest.`
      : null;
  if (field.kind === 'rich') {
    const hintId = field.hint ? `${id}-hint` : undefined;
    return (
      <div>
        <RichTextEditor
          id={id}
          label={field.label}
          value={value}
          onChange={onChange}
          describedBy={hintId}
          onInsertImage={onInsertImage}
        />
        {field.hint && (
          <p id={hintId} className="field__hint">
            {field.hint}
          </p>
        )}
      </div>
    );
  }
  // The plain fields share everything but their element: one label, hint, error and value.
  const plain = {
    id,
    label: field.label,
    hint,
    error,
    value,
    onChange: (e: { target: { value: string } }) => onChange(e.target.value),
  };
  if (field.kind === 'long-text') return <TextAreaField {...plain} rows={3} />;
  return (
    <TextField
      {...plain}
      type={field.kind === 'email' ? 'email' : field.kind === 'phone' ? 'tel' : 'text'}
      inputMode={field.kind === 'latitude' || field.kind === 'longitude' ? 'decimal' : undefined}
    />
  );
}

/**
 * Website > Pages: pick a page, change its words, save a draft (visitors see nothing yet), preview it at a phone's
 * and a desktop's width, publish it; the page's history lists every publish and restores any of them.
 * `onInsertImage` (the photo picker, passed by the app's route) puts a photo into a text block.
 */
export function PagesEditor({ onInsertImage }: { onInsertImage?: InsertImage } = {}) {
  const pages = useSitePages();
  const save = useSaveDraft();
  const publish = usePublishPage();
  const discard = useDiscardDraft();
  const [pageKey, setPageKey] = useState<string>('home');
  const [values, setValues] = useState<Record<string, string> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [showPreview, setShowPreview] = useState(false);

  const def = SITE_PAGES.find((p) => p.key === pageKey)!;
  const state = pages.data?.pages.find((p) => p.page === pageKey);
  const saved = state ? (state.draft ?? state.published) : null;

  // The form starts from the page's draft (or what is published) whenever another page is picked or it reloads.
  useEffect(() => {
    if (saved) setValues(saved);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pageKey, state?.draftSavedAt, state?.published]);

  if (pages.isPending || !values) return <Spinner label="Loading the pages" />;
  if (pages.isError) return <Alert variant="destructive">{pages.error.message}</Alert>;

  const dirty = saved !== null && def.fields.some((f) => (values[f.key] ?? '') !== (saved[f.key] ?? ''));

  const onSave = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    save.mutate(
      { page: pageKey, content: values },
      {
        onSuccess: (s) => {
          setValues(s.draft ?? s.published);
          setShowPreview(true);
          toast({ title: 'Draft saved', description: 'Visitors see nothing yet: preview it, then publish.' });
        },
        onError: (err) => setError(errorMessage(err, 'That did not work. Try again.')),
      },
    );
  };
  const onPublish = () =>
    publish.mutate(pageKey, {
      onSuccess: () => {
        setShowPreview(false);
        toast({ title: `${def.label} published`, description: 'Visitors see it on their next visit.' });
      },
      onError: (err) => setError(errorMessage(err, 'That did not work. Try again.')),
    });
  const onDiscard = () =>
    discard.mutate(pageKey, {
      onSuccess: (s) => {
        setValues(s.published);
        setShowPreview(false);
        toast({ title: 'Draft discarded' });
      },
      onError: (err) => setError(errorMessage(err, 'That did not work. Try again.')),
    });

  return (
    <div className="website-pages">
      <SelectField
        id="website-page"
        label="Page"
        value={pageKey}
        onValueChange={(v) => {
          setPageKey(v);
          setShowPreview(false);
          setError(null);
        }}
      >
        {SITE_PAGES.map((p) => (
          <option key={p.key} value={p.key}>
            {p.label}
          </option>
        ))}
      </SelectField>
      <p className="adm-muted" role="status">
        {state?.draft
          ? `Unpublished draft saved ${formatDateTime(state.draftSavedAt)}${state.draftSavedBy ? ` by ${state.draftSavedBy}` : ''}. Visitors still see the published page.`
          : 'No unpublished changes: this is what visitors see.'}
      </p>
      <Card>
        <CardContent>
          <form className="adm-form" onSubmit={onSave} aria-label={`Edit ${def.label}`}>
            {def.fields.map((f) => (
              <FieldEditor
                key={`${pageKey}:${f.key}`}
                field={f}
                value={values[f.key] ?? ''}
                onChange={(v) => setValues((old) => ({ ...(old ?? {}), [f.key]: v }))}
                onInsertImage={onInsertImage}
              />
            ))}
            {error && <Alert variant="destructive">{error}</Alert>}
            <div className="website-pages__actions">
              <Button type="submit" disabled={save.isPending}>
                Save draft
              </Button>
              {state?.draft && (
                <>
                  <Button
                    type="button"
                    variant="outline"
                    onClick={() => setShowPreview((v) => !v)}
                    aria-expanded={showPreview}
                  >
                    {showPreview ? 'Hide preview' : 'Preview'}
                  </Button>
                  <Button type="button" variant="secondary" disabled={publish.isPending || dirty} onClick={onPublish}>
                    Publish
                  </Button>
                  <Button type="button" variant="ghost" disabled={discard.isPending} onClick={onDiscard}>
                    Discard draft
                  </Button>
                </>
              )}
            </div>
            {dirty && state?.draft && <p className="adm-muted">Save your changes to preview or publish them.</p>}
          </form>
        </CardContent>
      </Card>
      {showPreview && state?.draft && (
        <PagePreview page={pageKey} label={def.label} path={def.path} content={state.draft} />
      )}
      <PageHistory page={pageKey} label={def.label} />
    </div>
  );
}
