import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { RichTextEditor } from '../../../components/rich-text/rich-text-editor';
import { errorMessage } from '../../../lib/api-client';
import type { AdminSiteEventDto } from '../../../lib/api-types';
import { schoolToday } from '../../../lib/school-dates';
import { useAdminEvents, useDeleteSiteEvent, useSaveSiteEvent } from '../api/site-news';
import { EditorActions, StatusBadge } from './editor-parts';
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

function EventForm({ initial, timeZone, onDone }: { initial: Draft; timeZone: string; onDone: () => void }) {
  const [d, setD] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [titleError, setTitleError] = useState<string | null>(null);
  const save = useSaveSiteEvent();
  const remove = useDeleteSiteEvent();
  const busy = save.isPending || remove.isPending;
  const set = (patch: Partial<Draft>) => setD((x) => ({ ...x, ...patch }));
  const submit = (published: boolean) => {
    if (!d.title.trim()) {
      setTitleError('Give the event a title, for example Open house.');
      document.getElementById('event-title')?.focus();
      return;
    }
    setTitleError(null);
    setError(null);
    const { id, ...body } = d;
    save.mutate(
      { id, ...body, published },
      {
        onSuccess: (e) => {
          toast({
            title: e.published ? 'Event Published' : 'Draft Saved',
            description: e.published ? 'Visitors see it on the Events page.' : 'Visitors do not see it yet.',
          });
          onDone();
        },
        onError: (err) => setError(errorMessage(err, 'The event could not be saved')),
      },
    );
  };
  const del = () =>
    d.id &&
    remove.mutate(d.id, {
      onSuccess: () => {
        toast({ title: 'Event Deleted', description: `${d.title} is gone.` });
        onDone();
      },
      onError: (err) => setError(errorMessage(err, 'The event could not be deleted')),
    });
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
          />
          <EditorActions
            what="event"
            exists={!!d.id}
            published={initial.published}
            busy={busy}
            onSave={submit}
            onDelete={del}
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

/** /admin/website/events: every event (drafts and past ones too), and the form that adds or edits one. */
export function EventsEditor() {
  const events = useAdminEvents();
  const [editing, setEditing] = useState<Draft | null>(null);
  const timeZone = events.data?.timeZone ?? '';
  if (editing)
    return (
      <EventForm key={editing.id ?? 'new'} initial={editing} timeZone={timeZone} onDone={() => setEditing(null)} />
    );
  const now = Date.now();
  return (
    <Card as="section" aria-labelledby="events-list-title">
      <CardHeader
        title="All events"
        titleId="events-list-title"
        titleAs="h2"
        description="Published events are on the Events page, each with “Add to calendar”, until they end."
        actions={
          <Button onClick={() => setEditing(blank())} disabled={!events.data}>
            Add an event
          </Button>
        }
      />
      <CardContent>
        {events.isError && <Alert variant="destructive">{events.error.message}</Alert>}
        {events.isPending ? (
          <Spinner label="Loading events" />
        ) : !events.data?.events.length ? (
          <p className="adm-empty">No events yet. Choose “Add an event” to add the first.</p>
        ) : (
          <div className="adm-table-wrap">
            <table className="adm-table adm-table--stack">
              <thead>
                <tr>
                  <th scope="col">Title</th>
                  <th scope="col">When</th>
                  <th scope="col">Status</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {events.data.events.map((e) => (
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
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
