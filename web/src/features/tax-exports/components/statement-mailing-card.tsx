import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { DownloadIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { useDownloadPostalStatements, useSendStatements, useStatementRun } from '../api/statement-run';
import { StatementHistory } from './statement-history';

const n = (x: number) => x.toLocaleString('en-US');
const donors = (x: number) => `${n(x)} donor${x === 1 ? '' : 's'}`;

/**
 * Year-end statements for every donor of a year: what will happen before anything is sent (who gave, who has an
 * e-mail address, who must get theirs by post), then a live progress bar. The progress comes from the server,
 * so the admin can leave and come back; sending again reaches only donors not sent yet.
 */
export function StatementMailingCard({ year }: { year: number }) {
  const run = useStatementRun(year);
  const send = useSendStatements();
  const postal = useDownloadPostalStatements();
  const [confirming, setConfirming] = useState(false);
  const r = run.data;
  const p = r?.progress;
  const handled = p ? p.sent + p.failed : 0;
  const total = p ? p.sent + p.failed + p.queued + p.sending : 0;
  const inFlight = p ? p.queued + p.sending > 0 : false;
  const interim = r?.edition === 'interim';
  const kind = interim ? 'interim' : 'final';

  return (
    <Card as="section" aria-labelledby="statement-mailing-title">
      <CardHeader
        title="Year-End Statements by E-mail"
        titleId="statement-mailing-title"
        titleAs="h3"
        description={`Each donor who gave in ${year} receives their statement as a PDF, the same one their page downloads.`}
      />
      <CardContent className="adm-stack">
        {run.isError && <Alert variant="destructive">{run.error.message}</Alert>}
        {run.isPending && <Spinner label="Counting donors" />}
        {r && p && (
          <>
            <dl className="adm-info">
              <div className="adm-info-row">
                <dt>Donors in {year}</dt>
                <dd>{n(r.donors)}</dd>
              </div>
              <div className="adm-info-row">
                <dt>With an e-mail address</dt>
                <dd>{n(r.withEmail)}</dd>
              </div>
              <div className="adm-info-row">
                <dt>By post (no e-mail address)</dt>
                <dd>{n(r.withoutEmail)}</dd>
              </div>
            </dl>
            {interim && (
              <Alert variant="warning">
                <AlertTitle>{year} is not over yet</AlertTitle>
                <AlertDescription>
                  Statements sent before December 31 are interim: each is marked as such and lists the gifts received so
                  far. Send again after the year ends, and every donor gets a final statement.
                </AlertDescription>
              </Alert>
            )}
            {total > 0 && (
              <div className="adm-progress" aria-live="polite">
                <label htmlFor="statement-progress" className="adm-progress__label">
                  {inFlight ? `Sending: ${n(handled)} of ${n(total)} done` : `Sent ${n(p.sent)} of ${n(total)}`}
                </label>
                <progress id="statement-progress" max={total} value={handled} />
                <p className="adm-muted">
                  {n(p.sent)} sent · {n(p.queued + p.sending)} waiting · {n(p.failed)} failed
                  {r.lastQueuedAt && ` · last queued ${formatDateTime(r.lastQueuedAt)}`}
                </p>
              </div>
            )}
            <div className="adm-form__row adm-form__row--start">
              <Button onClick={() => setConfirming(true)} disabled={send.isPending || r.toSend === 0}>
                {r.toSend === 0
                  ? r.withEmail === 0
                    ? 'No statements to e-mail'
                    : `All ${kind} statements queued`
                  : `Send ${kind} statements (${donors(r.toSend)})`}
              </Button>
              {r.withoutEmail > 0 && (
                <Button variant="outline" disabled={postal.isPending} onClick={() => postal.mutate(year)}>
                  <DownloadIcon /> {postal.isPending ? 'Preparing...' : `Printable PDF for ${donors(r.withoutEmail)}`}
                </Button>
              )}
            </div>
            {r.history.length > 0 && <StatementHistory year={year} history={r.history} />}
            <Dialog
              open={confirming}
              onOpenChange={setConfirming}
              busy={send.isPending}
              title={`Send ${kind} ${year} statements?`}
              description={
                interim
                  ? `${year} is not over: ${donors(r.toSend)} will receive an interim statement of their gifts so far. Their final statement needs another send after December 31.`
                  : `${donors(r.toSend)} will receive their final ${year} statement by e-mail (a corrected one if their gifts changed since their last). Donors whose statement is up to date are left out.`
              }
            >
              <div className="dialog__footer">
                <Button variant="outline" onClick={() => setConfirming(false)} disabled={send.isPending}>
                  Cancel
                </Button>
                <Button
                  disabled={send.isPending}
                  onClick={() =>
                    send.mutate(year, {
                      onSuccess: (res) => {
                        setConfirming(false);
                        toast({
                          title: 'Statements Queued',
                          description: `${donors(res.queued)} will receive their statement; you can leave this page.`,
                        });
                      },
                      onError: (err) =>
                        toast({
                          title: 'Statements Not Sent',
                          description: errorMessage(err, 'Please try again.'),
                          variant: 'destructive',
                        }),
                    })
                  }
                >
                  {send.isPending ? 'Queuing...' : `Send ${kind} statements`}
                </Button>
              </div>
            </Dialog>
          </>
        )}
      </CardContent>
    </Card>
  );
}
