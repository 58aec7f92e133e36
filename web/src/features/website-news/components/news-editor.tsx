import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/field';
import { PhotoField, type PickPhoto, type ShownPhoto } from '../../../components/photo-field';
import { RichTextEditor, type InsertImage } from '../../../components/rich-text/rich-text-editor';
import type { AdminNewsPostDto } from '../../../lib/api-types';
import { calendarDate, schoolToday } from '../../../lib/school-dates';
import { useAdminNews, useDeleteNewsPost, useSaveNewsPost } from '../api/site-news';
import { EditorActions, ItemsCard, StatusBadge, useItemForm } from './editor-parts';

interface Draft {
  id?: string;
  title: string;
  date: string;
  bodyHtml: string;
  photoId: string | null;
  /** The chosen photo as shown in the form (null with a photoId: the photo has lost its alt text). */
  photo: ShownPhoto | null;
  published: boolean;
}

const blank = (): Draft => ({
  title: '',
  date: schoolToday(),
  bodyHtml: '',
  photoId: null,
  photo: null,
  published: false,
});

function PostForm({
  initial,
  onDone,
  pickPhoto,
  onInsertImage,
}: {
  initial: Draft;
  onDone: () => void;
  pickPhoto?: PickPhoto;
  onInsertImage?: InsertImage;
}) {
  const [draft, setDraft] = useState(initial);
  const { error, titleError, busy, submit, del } = useItemForm({
    what: 'post',
    titleFieldId: 'news-title',
    titleHint: 'Give the post a title, for example Spring picnic.',
    save: useSaveNewsPost(),
    remove: useDeleteNewsPost(),
    savedToast: (p) => (p.published ? `Visitors now see it at /news/${p.slug}.` : 'Visitors do not see it yet.'),
    onDone,
  });
  return (
    <Card as="section" aria-labelledby="news-form-title">
      <CardHeader
        title={draft.id ? 'Edit post' : 'Write a post'}
        titleId="news-form-title"
        titleAs="h2"
        description="A post is a draft until you publish it. Published posts are on the News page, the newest three on Home."
      />
      <CardContent>
        <form className="adm-form" noValidate onSubmit={(e) => e.preventDefault()}>
          {error && <Alert variant="destructive">{error}</Alert>}
          <div className="adm-form__grid">
            <TextField
              id="news-title"
              label="Title"
              maxLength={200}
              value={draft.title}
              onChange={(e) => setDraft({ ...draft, title: e.target.value })}
              error={titleError}
              aria-required="true"
            />
            <TextField
              id="news-date"
              label="Date"
              type="date"
              value={draft.date}
              onChange={(e) => setDraft({ ...draft, date: e.target.value })}
              hint="Shown with the post; the newest date comes first."
            />
          </div>
          <PhotoField
            legend="Photo"
            photoId={draft.photoId}
            photo={draft.photo}
            pickPhoto={pickPhoto}
            none="No photo. A photo shows with the post on the News page, on its own page and on Home."
            onChange={(photoId, photo) => setDraft((d) => ({ ...d, photoId, photo }))}
          />
          <RichTextEditor
            id="news-body"
            label="Text"
            value={draft.bodyHtml}
            onChange={(bodyHtml) => setDraft((d) => ({ ...d, bodyHtml }))}
            onInsertImage={onInsertImage}
          />
          <EditorActions
            what="post"
            exists={!!draft.id}
            published={initial.published}
            busy={busy}
            onSave={(published) => submit(draft.title, { ...withoutPhoto(draft), published })}
            onDelete={() => del(draft.id, draft.title)}
            onCancel={onDone}
          />
        </form>
      </CardContent>
    </Card>
  );
}

/** What is saved: the draft less the photo's preview (the API takes its id). */
function withoutPhoto({ photo, ...rest }: Draft): Omit<Draft, 'photo'> {
  void photo;
  return rest;
}

function toDraft(p: AdminNewsPostDto): Draft {
  return {
    id: p.id,
    title: p.title,
    date: p.date,
    bodyHtml: p.bodyHtml,
    photoId: p.photoId,
    photo: p.photo && {
      src: p.photo.image.src,
      alt: p.photo.alt,
      width: p.photo.image.width,
      height: p.photo.image.height,
    },
    published: p.published,
  };
}

/**
 * /admin/website/news: the posts (drafts and published), and the form that writes or edits one. The app's route
 * passes the photo picker: `pickPhoto` for the post's Photo, `onInsertImage` for photos inside its text.
 */
export function NewsEditor({ pickPhoto, onInsertImage }: { pickPhoto?: PickPhoto; onInsertImage?: InsertImage } = {}) {
  const posts = useAdminNews();
  const [editing, setEditing] = useState<Draft | null>(null);
  if (editing)
    return (
      <PostForm
        key={editing.id ?? 'new'}
        initial={editing}
        onDone={() => setEditing(null)}
        pickPhoto={pickPhoto}
        onInsertImage={onInsertImage}
      />
    );
  return (
    <ItemsCard
      titleId="news-list-title"
      title="News posts"
      description="Write news for the public site: the News page lists every published post."
      actions={<Button onClick={() => setEditing(blank())}>Write a post</Button>}
      error={posts.error?.message}
      loading={posts.isPending}
      loadingLabel="Loading posts"
      empty={posts.data?.length ? null : 'No posts yet. Choose “Write a post” to write the first.'}
      columns={['Title', 'Date', 'Status', 'Actions']}
    >
      {posts.data?.map((p) => (
        <tr key={p.id}>
          <th scope="row" data-label="Title">
            {p.title}
          </th>
          <td data-label="Date">{calendarDate(p.date)}</td>
          <td data-label="Status">
            <StatusBadge published={p.published} />
          </td>
          <td data-label="Actions">
            <div className="news-editor__actions">
              <Button variant="outline" size="sm" onClick={() => setEditing(toDraft(p))}>
                Edit<span className="sr-only"> {p.title}</span>
              </Button>
              {p.published && (
                <a href={`/news/${p.slug}`} target="_blank" rel="noopener">
                  View<span className="sr-only"> {p.title} (opens in a new tab)</span>
                </a>
              )}
            </div>
          </td>
        </tr>
      ))}
    </ItemsCard>
  );
}
