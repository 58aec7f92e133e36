import { useId, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { formatDollars } from '../../../lib/currency';
import { DATE_FORMAT, formatDateTime } from '../../../lib/format';
import type { DonorMessageDto } from '../../../lib/api-types';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { SelectField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { useDonorMessages, useResendStatement, useSendAcknowledgment } from '../api/get-donor-messages';
import { messageLabel, STATUS_LABELS, statusVariant } from './mail-labels';

const when = (iso: string) => formatDateTime(iso);

/** Resend: an acknowledgment (or its correction) goes out again as an acknowledgment; a statement as a statement. */
function ResendButton({ customerId, m }: { customerId: string; m: DonorMessageDto }) {
  const ack = useSendAcknowledgment();
  const statement = useResendStatement();
  const pending = ack.isPending || statement.isPending;
  const label = `Resend ${messageLabel(m).toLowerCase()}${m.receiptNumber ? ` ${m.receiptNumber}` : ''}`;
  const done = (what: string) => ({
    onSuccess: () => toast({ title: 'E-mail Queued', description: `${what} will be sent in a moment.` }),
    onError: (err: Error) =>
      toast({ title: 'Could Not Resend', description: errorMessage(err, 'Please try again.'), variant: 'destructive' }),
  });
  const resend = (send: () => void) => (
    <Button variant="outline" size="sm" aria-label={label} disabled={pending} onClick={send}>
      Resend
    </Button>
  );
  if ((m.kind === 'acknowledgment' || m.kind === 'correction') && m.giftKind && m.giftId) {
    const gift = { customerId, giftKind: m.giftKind, giftId: m.giftId };
    return resend(() => ack.mutate(gift, done('The acknowledgment')));
  }
  if (m.kind === 'statement' && m.statementYear) {
    const year = m.statementYear;
    return resend(() => statement.mutate({ customerId, year }, done(`The ${year} statement`)));
  }
  return null;
}

/** Sends the acknowledgment of a gift that never had one (made before acknowledgments were switched on, for one). */
function SendEarlierGift({
  customerId,
  gifts,
}: {
  customerId: string;
  gifts: { giftKind: 'card' | 'manual'; giftId: string; date: string; amount: number; receiptNumber: string | null }[];
}) {
  const [chosen, setChosen] = useState(`${gifts[0].giftKind}:${gifts[0].giftId}`);
  const send = useSendAcknowledgment();
  const [giftKind, giftId] = chosen.split(/:(.*)/s) as ['card' | 'manual', string];
  return (
    <div className="adm-toolbar adm-toolbar--end">
      <SelectField
        label="Gifts without an acknowledgment"
        className="adm-filter adm-filter--wide"
        value={chosen}
        onValueChange={setChosen}
        options={gifts.map((g) => ({
          value: `${g.giftKind}:${g.giftId}`,
          label: `${formatDateTime(g.date, DATE_FORMAT)} · ${formatDollars(g.amount)}${g.receiptNumber ? ` · ${g.receiptNumber}` : ''}`,
        }))}
      />
      <Button
        disabled={send.isPending}
        onClick={() =>
          send.mutate(
            { customerId, giftKind, giftId },
            {
              onSuccess: (r) =>
                toast({
                  title: 'Acknowledgment Queued',
                  description: `Receipt ${r.receiptNumber} will be sent to ${r.recipient} in a moment.`,
                }),
              onError: (err) =>
                toast({
                  title: 'Could Not Send',
                  description: errorMessage(err, 'Please try again.'),
                  variant: 'destructive',
                }),
            },
          )
        }
      >
        {send.isPending ? 'Sending...' : 'Send acknowledgment'}
      </Button>
    </div>
  );
}

/** A donor's e-mail from the school: acknowledgments, corrections, voids and statements, with Resend. */
export function DonorMessagesCard({ customerId }: { customerId: string }) {
  const messages = useDonorMessages(customerId);
  const captionId = useId();
  const data = messages.data;
  // A voided acknowledgment cannot be sent again.
  const voided = new Set((data?.messages ?? []).filter((m) => m.kind === 'void').map((m) => m.giftId));
  return (
    <Card as="section" aria-labelledby="donor-messages-title">
      <CardHeader
        title="Messages"
        titleId="donor-messages-title"
        description={
          data?.email
            ? `E-mail this donor received from the school. New messages go to ${data.email}.`
            : 'E-mail this donor received from the school.'
        }
      />
      <CardContent>
        {messages.isError && <Alert variant="destructive">{messages.error.message}</Alert>}
        {messages.isPending ? (
          <Spinner label="Loading messages" />
        ) : (
          <>
            {data && data.messages.length === 0 && (
              <p className="adm-empty">No e-mail has been sent to this donor yet.</p>
            )}
            {data && data.messages.length > 0 && (
              <div className="adm-table-wrap" tabIndex={0} role="region" aria-labelledby={captionId}>
                <table className="adm-table">
                  <caption id={captionId} className="sr-only">
                    Messages sent to this donor
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">Date</th>
                      <th scope="col">Message</th>
                      <th scope="col">Receipt</th>
                      <th scope="col">Status</th>
                      <th scope="col">Actions</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.messages.map((m) => (
                      <tr key={m.id}>
                        <td>
                          {when(m.sentAt ?? m.createdAt)}
                          <span className="adm-cell-sub">to {m.recipient}</span>
                        </td>
                        <td>{messageLabel(m)}</td>
                        <td>{m.receiptNumber ?? <span className="adm-muted">–</span>}</td>
                        <td>
                          <Badge variant={statusVariant(m.status)}>{STATUS_LABELS[m.status] ?? m.status}</Badge>
                          {m.status === 'failed' && m.lastError && <span className="adm-cell-sub">{m.lastError}</span>}
                        </td>
                        <td>{data.email && !voided.has(m.giftId) && <ResendButton customerId={customerId} m={m} />}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            {data && data.email && data.unacknowledgedGifts.length > 0 && (
              <SendEarlierGift customerId={customerId} gifts={data.unacknowledgedGifts} />
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
