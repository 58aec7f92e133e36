import { useState, type ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import type { AdminListingDto, SessionDto } from '../../../lib/api-types';
import { formatDateTime } from '../../../lib/format';
import { type AdminAction, useAdminAction, useAdminSessions, useAdmins } from '../api/admins';
import { InviteAdminForm } from './invite-admin-form';
import { ROLE_LABEL } from './roles';

const STATUS: Record<AdminListingDto['status'], { label: string; variant: 'success' | 'warning' | 'secondary' }> = {
  active: { label: 'Active', variant: 'success' },
  invited: { label: 'Invited', variant: 'warning' },
  disabled: { label: 'Disabled', variant: 'secondary' },
};

/** Each admin's sessions, with End per session and Sign Out Everywhere; the sessions table comes from the Security page's feature through `renderSessions`. */
function AdminSessions({
  admin,
  act,
  renderSessions,
}: {
  admin: AdminListingDto;
  act: (a: AdminAction, done: string) => void;
  renderSessions: RenderSessions;
}) {
  const sessions = useAdminSessions(admin.id);
  if (sessions.isPending) return <Spinner label="Loading sessions" />;
  if (sessions.isError) return <Alert variant="destructive">{sessions.error.message}</Alert>;
  return (
    <div className="adm-form">
      {renderSessions(`Sessions of ${admin.name}`, sessions.data, (sessionId) =>
        act({ kind: 'revoke-session', id: admin.id, sessionId }, 'Session ended'),
      )}
      {sessions.data.length > 0 && (
        <div className="adm-form__row">
          <Button
            variant="destructive"
            size="sm"
            onClick={() => act({ kind: 'logout-everywhere', id: admin.id }, `${admin.name} was signed out everywhere`)}
          >
            Sign Out Everywhere
          </Button>
        </div>
      )}
    </div>
  );
}

export type RenderSessions = (
  caption: string,
  sessions: SessionDto[],
  onRevoke: (sessionId: string) => void,
) => ReactNode;

function AdminCard({
  admin,
  self,
  act,
  renderSessions,
}: {
  admin: AdminListingDto;
  self: boolean;
  act: (a: AdminAction, done: string) => void;
  renderSessions: RenderSessions;
}) {
  const [showSessions, setShowSessions] = useState(false);
  const status = STATUS[admin.status];
  const titleId = `admin-${admin.id}`;
  return (
    <Card as="section" aria-labelledby={titleId}>
      <CardHeader
        titleAs="h3"
        titleId={titleId}
        title={
          <>
            {admin.name}
            {self && <span className="adm-muted"> (you)</span>}
          </>
        }
        description={admin.email}
        actions={
          <>
            <Badge variant={status.variant}>{status.label}</Badge>
            {admin.twoFactorEnabled ? (
              <Badge variant="success">Two-factor on</Badge>
            ) : (
              <Badge variant="outline">Two-factor off</Badge>
            )}
          </>
        }
      />
      <CardContent className="adm-form">
        <dl className="adm-info">
          <div className="adm-info-row">
            <dt>Last sign-in</dt>
            <dd>{formatDateTime(admin.lastSignInAt)}</dd>
          </div>
          <div className="adm-info-row">
            <dt>Live sessions</dt>
            <dd>{admin.activeSessions}</dd>
          </div>
          <div className="adm-info-row">
            <dt>
              <label htmlFor={`role-${admin.id}`}>
                Role<span className="sr-only"> of {admin.name}</span>
              </label>
            </dt>
            <dd>
              <Select
                id={`role-${admin.id}`}
                value={admin.role}
                options={[
                  { value: 'owner', label: ROLE_LABEL.owner },
                  { value: 'bookkeeper', label: ROLE_LABEL.bookkeeper },
                ]}
                onValueChange={(role) =>
                  act(
                    { kind: 'role', id: admin.id, role: role as AdminListingDto['role'] },
                    `${admin.name} is now ${ROLE_LABEL[role].toLowerCase()}`,
                  )
                }
              />
            </dd>
          </div>
        </dl>
        <div className="adm-form__row">
          {admin.status === 'invited' && (
            <Button
              variant="outline"
              size="sm"
              onClick={() => act({ kind: 'resend-invite', id: admin.id }, 'Invitation sent again')}
            >
              Resend Invitation
            </Button>
          )}
          {admin.twoFactorEnabled && (
            <Button
              variant="outline"
              size="sm"
              onClick={() =>
                act({ kind: 'reset-two-factor', id: admin.id }, `${admin.name} will set up two-factor again`)
              }
            >
              Reset Two-Factor
            </Button>
          )}
          {admin.status !== 'invited' && (
            <Button variant="outline" size="sm" aria-expanded={showSessions} onClick={() => setShowSessions((v) => !v)}>
              {showSessions ? 'Hide Sessions' : 'Sessions'}
            </Button>
          )}
          {admin.status === 'disabled' ? (
            <Button
              variant="outline"
              size="sm"
              onClick={() => act({ kind: 'enable', id: admin.id }, `${admin.name} can sign in again`)}
            >
              Re-enable
            </Button>
          ) : (
            <Button
              variant="destructive"
              size="sm"
              onClick={() => act({ kind: 'disable', id: admin.id }, `${admin.name} was disabled and signed out`)}
            >
              Disable
            </Button>
          )}
        </div>
        {showSessions && <AdminSessions admin={admin} act={act} renderSessions={renderSessions} />}
      </CardContent>
    </Card>
  );
}

/** /stripe-data/admins (owners): invite, roles, disable and re-enable, two-factor resets, sessions. */
export function AdminsPage({ selfId, renderSessions }: { selfId: string; renderSessions: RenderSessions }) {
  const admins = useAdmins();
  const action = useAdminAction();
  const act = (a: AdminAction, done: string) =>
    action.mutate(a, {
      onSuccess: () => toast({ title: 'Done', description: done }),
      onError: (err) =>
        toast({
          title: 'Not Changed',
          description: errorMessage(err, 'The change could not be made'),
          variant: 'destructive',
        }),
    });
  return (
    <div className="adm-stack">
      <Card>
        <CardContent>
          <InviteAdminForm />
        </CardContent>
      </Card>
      <section className="adm-stack" aria-labelledby="admins-list-title">
        <h2 id="admins-list-title" className="adm-form__title">
          Admins
        </h2>
        {admins.isPending && <Spinner label="Loading admins" />}
        {admins.isError && <Alert variant="destructive">{admins.error.message}</Alert>}
        {admins.data?.map((a) => (
          <AdminCard key={a.id} admin={a} self={a.id === selfId} act={act} renderSessions={renderSessions} />
        ))}
      </section>
    </div>
  );
}
