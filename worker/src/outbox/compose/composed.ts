import type { MailAttachment } from '../../../../core/src/mail/mail.transport.js';
import type { MailText } from '../../../../core/src/school/donor-mail-texts.js';

/** What composing an outbox row gives: the mail to send (with any attachments), or why it cannot be sent. */
export type Composed = { mail: MailText; attachments?: MailAttachment[] } | { undeliverable: string };
