import { useState } from 'react';
import { PhotoPicture } from '../../../components/photo-picture';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import type { AppealAdminDto, FundDto } from '../../../lib/api-types';
import { formatUsd } from '../../../../../core/src/gifts/money';
import { useAppeals, useChangeAppeal, type AppealAction } from '../api/appeals';
import { AppealForm, type AppealPhotos } from './appeal-form';

const ACTION_WORDS: Record<AppealAction, { label: string; done: string }> = {
  publish: { label: 'Publish', done: 'Appeal Published' },
  end: { label: 'End Early', done: 'Appeal Ended' },
  archive: { label: 'Archive', done: 'Appeal Archived' },
};

function progressText(a: AppealAdminDto): string {
  if (a.page.goalKind === 'dollars') return `${formatUsd(a.page.raisedCents)} of ${formatUsd(a.page.goalCents ?? 0)}`;
  const n = a.page.goalKind === 'donors' ? a.page.donorCount : a.page.recurringStarted;
  return `${n} of ${a.page.goalCount} ${a.page.goalKind === 'donors' ? 'donors' : 'new monthly donors'}`;
}

function statusBadge(a: AppealAdminDto) {
  if (a.status === 'draft') return <Badge variant="secondary">Draft</Badge>;
  if (a.status === 'archived') return <Badge variant="secondary">Archived</Badge>;
  if (a.page.state === 'open') return <Badge variant="success">Open</Badge>;
  return <Badge variant="secondary">{a.page.state === 'upcoming' ? 'Upcoming' : 'Ended'}</Badge>;
}

/** The actions an appeal allows now: publish a draft, end an open or upcoming one, archive any not archived. */
function actionsOf(a: AppealAdminDto): AppealAction[] {
  if (a.status === 'archived') return [];
  const out: AppealAction[] = [];
  if (a.status === 'draft') out.push('publish');
  if (a.status === 'published' && a.page.state !== 'closed') out.push('end');
  out.push('archive');
  return out;
}

function AppealRow({
  appeal: a,
  onEdit,
  onPreview,
}: {
  appeal: AppealAdminDto;
  onEdit: () => void;
  onPreview: () => void;
}) {
  const change = useChangeAppeal();
  const run = (action: AppealAction) =>
    change.mutate(
      { id: a.id, action },
      {
        onSuccess: (x) => toast({ title: ACTION_WORDS[action].done, description: x.page.name }),
        onError: (err) =>
          toast({
            title: 'Error',
            description: errorMessage(err, 'The appeal could not be changed'),
            variant: 'destructive',
          }),
      },
    );
  return (
    <tr>
      <th scope="row" data-label="Appeal">
        {a.page.name}
        <div className="adm-muted">/give/{a.page.slug}</div>
      </th>
      <td data-label="Status">{statusBadge(a)}</td>
      <td data-label="Days">
        <div>
          {a.startsOn} to {a.endsOn}
          {a.page.state === 'open' && <div className="adm-muted">{a.page.daysLeft} days left</div>}
        </div>
      </td>
      <td data-label="Progress">
        <div>
          <progress
            max={100}
            value={Math.min(100, a.percentOfGoal)}
            aria-label={`${a.page.name}: ${a.percentOfGoal}% of the goal`}
          />
          <div>
            {progressText(a)} ({a.percentOfGoal}%)
          </div>
          <div className="adm-muted">
            {a.page.giftCount} gifts, {a.page.donorCount} donors
          </div>
        </div>
      </td>
      <td data-label="Actions">
        <div className="adm-actions">
          <Button variant="outline" size="sm" onClick={onPreview} aria-label={`Preview ${a.page.name}`}>
            Preview
          </Button>
          {a.status !== 'archived' && (
            <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${a.page.name}`}>
              Edit
            </Button>
          )}
          {actionsOf(a).map((action) => (
            <Button
              key={action}
              variant="outline"
              size="sm"
              disabled={change.isPending}
              onClick={() => run(action)}
              aria-label={`${ACTION_WORDS[action].label} ${a.page.name}`}
            >
              {ACTION_WORDS[action].label}
            </Button>
          ))}
        </div>
      </td>
    </tr>
  );
}

/** How the appeal's page will read: its story (as the server cleaned it), goal and match. */
function AppealPreview({ appeal: a, onClose }: { appeal: AppealAdminDto; onClose: () => void }) {
  return (
    <Card as="section" aria-labelledby="appeal-preview">
      <CardHeader
        title={`Preview: ${a.page.name}`}
        titleId="appeal-preview"
        titleAs="h2"
        description={`/give/${a.page.slug}`}
      />
      <CardContent>
        {a.page.coverPhoto && (
          <PhotoPicture
            className="adm-preview__cover"
            image={a.page.coverPhoto.image}
            alt={a.page.coverPhoto.alt}
            sizes="(min-width: 720px) 640px, 100vw"
          />
        )}
        {/* storyHtml is cleaned by the server (core/src/appeals/story-html.ts) on the way in and on the way out. */}
        <div className="adm-preview__story" dangerouslySetInnerHTML={{ __html: a.page.storyHtml }} />
        <p>
          <strong>{progressText(a)}</strong> ({a.percentOfGoal}%), {a.page.donorCount} donors
          {a.page.state === 'open' ? `, ${a.page.daysLeft} days left` : ''}
        </p>
        {a.page.matchText && <p>{a.page.matchText}</p>}
        {a.page.thankYouText && <p className="adm-muted">Thank-you: {a.page.thankYouText}</p>}
        <Button variant="outline" onClick={onClose}>
          Close Preview
        </Button>
      </CardContent>
    </Card>
  );
}

/**
 * Appeals: each fundraising push with its page, goal, days and progress. Staff create a draft, preview it,
 * publish it, end it early and archive it (each audited by the server). `photos` is the site's photo picker,
 * handed in by the route for an owner (the form's cover and the story's photos).
 */
export function AppealsPage({ funds, today, photos }: { funds: FundDto[]; today: string; photos?: AppealPhotos }) {
  const appeals = useAppeals();
  const [editing, setEditing] = useState<AppealAdminDto | 'new' | null>(null);
  const [preview, setPreview] = useState<AppealAdminDto | null>(null);
  const shown = preview && appeals.data?.find((a) => a.id === preview.id);
  return (
    <div className="adm-stack">
      <Card as="section" aria-labelledby="appeal-list">
        <CardHeader
          title="Appeals"
          titleId="appeal-list"
          titleAs="h2"
          description="Each appeal has its own page at /give/ and its short address, a goal and a last day."
        />
        <CardContent>
          {appeals.isError && <Alert variant="destructive">{appeals.error.message}</Alert>}
          {appeals.isPending ? (
            <Spinner label="Loading appeals" />
          ) : appeals.data?.length ? (
            <div className="adm-table-wrap">
              <table className="adm-table adm-table--stack">
                <thead>
                  <tr>
                    <th scope="col">Appeal</th>
                    <th scope="col">Status</th>
                    <th scope="col">Days</th>
                    <th scope="col">Progress</th>
                    <th scope="col">Actions</th>
                  </tr>
                </thead>
                <tbody>
                  {appeals.data.map((a) => (
                    <AppealRow key={a.id} appeal={a} onEdit={() => setEditing(a)} onPreview={() => setPreview(a)} />
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p className="adm-muted">No appeals yet.</p>
          )}
          {editing === null && (
            <div className="adm-actions">
              <Button onClick={() => setEditing('new')}>New Appeal</Button>
            </div>
          )}
        </CardContent>
      </Card>
      {shown && <AppealPreview appeal={shown} onClose={() => setPreview(null)} />}
      {editing !== null && (
        <AppealForm
          key={editing === 'new' ? 'new' : editing.id}
          appeal={editing === 'new' ? null : editing}
          funds={funds}
          today={today}
          onDone={() => setEditing(null)}
          photos={photos}
        />
      )}
    </div>
  );
}
