import { formatDateTime } from '../../../lib/format';
import { Alert } from '../../../components/ui/alert';
import { Link } from 'wouter';
import { Button, buttonClass } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { DataTable } from '../../../components/ui/data-table';
import { Spinner } from '../../../components/ui/spinner';
import { useAcknowledgmentSetting } from '../api/acknowledgment-setting';
import { useMail, useRetryMail } from '../api/get-mail';
import { messageLabel } from './mail-labels';

/** Whether new gifts are acknowledged automatically; owners find the switch on the Settings page. */
function AcknowledgmentState({ canChange }: { canChange: boolean }) {
  const setting = useAcknowledgmentSetting();
  if (setting.isPending) return <Spinner label="Loading the acknowledgment setting" />;
  if (setting.isError) return <Alert variant="destructive">{setting.error.message}</Alert>;
  const s = setting.data;
  const since = s.since ? formatDateTime(s.since) : null;
  return (
    <div className="adm-switch-row">
      <p className="adm-cell-strong">
        {s.enabled && since ? `Automatic acknowledgments: on since ${since}` : 'Automatic acknowledgments: off'}
      </p>
      <p className="adm-muted">
        {s.enabled
          ? 'Every card gift, renewal and manual gift with an e-mail address made after that moment gets its acknowledgment with a receipt number. '
          : 'New gifts are not acknowledged by e-mail. '}
        Gifts made earlier (loaded history, a backfill, an import) are never e-mailed automatically; send one from the
        donor's page. Refunds of acknowledged gifts always send a corrected acknowledgment or a void notice.
      </p>
      {canChange && (
        <Link
          href="/stripe-data/settings"
          className={buttonClass({ variant: 'outline', size: 'sm', className: 'adm-self-start' })}
        >
          Change in Settings
        </Link>
      )}
    </div>
  );
}

function Outbox() {
  const mail = useMail();
  const retry = useRetryMail();
  if (mail.isPending) return <Spinner label="Loading the outbox" />;
  if (mail.isError) return <Alert variant="destructive">{mail.error.message}</Alert>;
  const m = mail.data;
  return (
    <>
      {!m.smtpConfigured && (
        <Alert variant="warning">No mail server is configured (SMTP_URL), so e-mail waits in the outbox unsent.</Alert>
      )}
      <p className="adm-muted" aria-live="polite">
        {m.queued + m.sending > 0
          ? `${m.queued + m.sending} e-mail${m.queued + m.sending === 1 ? '' : 's'} waiting to be sent. `
          : 'Nothing waiting to be sent. '}
        {m.failed > 0 ? `${m.failed} failed after every retry.` : 'No failed e-mail.'}
      </p>
      {m.failedMessages.length > 0 && (
        <DataTable
          caption="E-mail that failed"
          head={
            <>
              <th scope="col">Queued</th>
              <th scope="col">Message</th>
              <th scope="col">To</th>
              <th scope="col">Why</th>
              <th scope="col">Actions</th>
            </>
          }
        >
          {m.failedMessages.map((f) => (
            <tr key={f.id}>
              <td>{formatDateTime(f.createdAt)}</td>
              <td>
                {messageLabel(f)}
                {f.receiptNumber && <span className="adm-cell-sub">{f.receiptNumber}</span>}
              </td>
              <td>{f.recipient}</td>
              <td>{f.lastError}</td>
              <td>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={retry.isPending}
                  aria-label={`Retry ${messageLabel(f).toLowerCase()} to ${f.recipient}`}
                  onClick={() => retry.mutate(f.id)}
                >
                  Retry
                </Button>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </>
  );
}

/** The Tax Exports tab's "Donor E-mail" card: whether acknowledgments go out automatically, and the outbox's state. */
export function DonorMailSettings({ canChange }: { canChange: boolean }) {
  return (
    <Card as="section" aria-labelledby="donor-mail-title">
      <CardHeader
        title="Donor E-mail"
        titleId="donor-mail-title"
        description="Acknowledgments with receipt numbers, corrections after refunds, and year-end statements."
      />
      <CardContent className="adm-stack">
        <AcknowledgmentState canChange={canChange} />
        <Outbox />
      </CardContent>
    </Card>
  );
}
