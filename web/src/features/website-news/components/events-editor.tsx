import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/field';
import { RichTextEditor, type InsertImage } from '../../../components/rich-text/rich-text-editor';
import type { AdminSiteEventDto } from '../../../lib/api-types';
import { schoolToday } from '../../../lib/school-dates';
import { useAdminEvents, useDeleteSiteEvent, useSaveSiteEvent } from '../api/site-news';
import { EditorActions, ItemsCard, StatusBadge, useItemForm } from './editor-parts';
import { eventWhen } from './when';

interface Draft {
  id?: string;
  title: string;
  startDay: string;
  startTime: string;
  endDay: string;
  endTime: string;
  place: string;
  descriptionHtml: string;
  published: boolean;
}

const blank = (): Draft => {
  const day = schoolToday();
  return {
    title: '',
    startDay: day,
    startTime: '18:00',
    endDay: day,
    endTime: '20:00',
    place: '',
    descriptionHtml: '',
    published: false,
  };
};

function EventForm({
  initial,
  timeZone,
  onDone,
  onInsertImage,
}: {
  initial: Draft;
  timeZone: string;
  onDone: () => void;
  onInsertImage?: InsertImage;
}) {
  const [d, setD] = useState(initial);
  const { error, titleError, busy, submit, del } = useItemForm({
    what: 'event',
    titleFieldId: 'event-title',
    titleHint: 'Give the event a title, for example Open house.',
    save: useSaveSiteEvent(),
    remove: useDeleteSiteEvent(),
    savedToast: (e) => (e.published ? 'Visitors see it on the Events page.' : 'Visitors do not see it yet.'),
    onDone,
  });
  const set = (patch: Partial<Draft>) => setD((x) => ({ ...x, ...patch }));
  return (
    <Card as="section" aria-labelledby="event-form-title">
      <CardHeader
        title={d.id ? 'Edit event' : 'Add an event'}
        titleId="event-form-title"
        titleAs="h2"
        description={`Days and times are the school’s (${timeZone}). An event leaves the Events page by itself once it has ended.`}
      />
      <CardContent>
        <form className="adm-form" noValidate onSubmit={(e) => e.preventDefault()}>
          {error && <Alert variant="destructive">{error}</Alert>}
          <TextField
            id="event-title"
            label="Title"
            maxLength={200}
            value={d.title}
            onChange={(e) => set({ title: e.target.value })}
            error={titleError}
            aria-required="true"
          />
          <div className="adm-form__grid">
            <TextField
              id="event-start-day"
              label="Starts on"
              type="date"
              value={d.startDay}
              onChange={(e) =>
                set({ startDay: e.target.value, endDay: d.endDay < e.target.value ? e.target.value : d.endDay })
              }
            />
            <TextField
              id="event-start-time"
              label="Starts at"
              type="time"
              value={d.startTime}
              onChange={(e) => set({ startTime: e.target.value })}
            />
            <TextField
              id="event-end-day"
              label="Ends on"
              type="date"
              value={d.endDay}
              onChange={(e) => set({ endDay: e.target.value })}
            />
            <TextField
              id="event-end-time"
              label="Ends at"
              type="time"
              value={d.endTime}
              onChange={(e) => set({ endTime: e.target.value })}
            />
          </div>
          <TextField
            id="event-place"
            label="Place"
            maxLength={200}
            value={d.place}
            onChange={(e) => set({ place: e.target.value })}
            hint="For example: School hall, 120 Main Street, Marshall"
          />
          <RichTextEditor
            id="event-description"
            label="Description"
            value={d.descriptionHtml}
            onChange={(descriptionHtml) => setD((x) => ({ ...x, descriptionHtml }))}
            onInsertImage={onInsertImage}
          />
          <EditorActions
            what="event"
            exists={!!d.id}
            published={initial.published}
            busy={busy}
            onSave={(published) => submit(d.title, { ...d, published })}
            onDelete={() => del(d.id, d.title)}
            onCancel={onDone}
          />
        </form>
      </CardContent>
    </Card>
  );
}

function toDraft(e: AdminSiteEventDto): Draft {
  return {
    id: e.id,
    title: e.title,
    startDay: e.startDay,
    startTime: e.startTime,
    endDay: e.endDay,
    endTime: e.endTime,
    place: e.place,
    descriptionHtml: e.descriptionHtml,
    published: e.published,
  };
}

/**
 * /admin/website/events: every event (drafts and past ones too), and the form that adds or edits one.
 * `onInsertImage` (the photo picker, passed by the app's route) puts a photo into a description.
 */
export function EventsEditor({ onInsertImage }: { onInsertImage?: InsertImage } = {}) {
  const events = useAdminEvents();
  const [editing, setEditing] = useState<Draft | null>(null);
  const timeZone = events.data?.timeZone ?? '';
  if (editing)
    return (
      <EventForm
        key={editing.id ?? 'new'}
        initial={editing}
        timeZone={timeZone}
        onDone={() => setEditing(null)}
        onInsertImage={onInsertImage}
      />
    );
  const now = Date.now();
  return (
    <ItemsCard
      titleId="events-list-title"
      title="All events"
      description="Published events are on the Events page, each with “Add to calendar”, until they end."
      actions={
        <Button onClick={() => setEditing(blank())} disabled={!events.data}>
          Add an event
        </Button>
      }
      error={events.error?.message}
      loading={events.isPending}
      loadingLabel="Loading events"
      empty={events.data?.events.length ? null : 'No events yet. Choose “Add an event” to add the first.'}
      columns={['Title', 'When', 'Status', 'Actions']}
    >
      {events.data?.events.map((e) => (
        <tr key={e.id}>
          <th scope="row" data-label="Title">
            {e.title}
          </th>
          <td data-label="When">{eventWhen(e, timeZone)}</td>
          <td data-label="Status">
            {Date.parse(e.endsAt) <= now ? (
              <span className="adm-muted">Ended</span>
            ) : (
              <StatusBadge published={e.published} />
            )}
          </td>
          <td data-label="Actions">
            <Button variant="outline" size="sm" onClick={() => setEditing(toDraft(e))}>
              Edit<span className="sr-only"> {e.title}</span>
            </Button>
          </td>
        </tr>
      ))}
    </ItemsCard>
  );
}
