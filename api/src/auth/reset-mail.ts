import type { JobData, JobName } from '../core/queue/queue.constants.js';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The password reset e-mail: the link, how long it lasts, and what to do if it was not you. */
export function resetMail(to: string, name: string, link: string, ttlMinutes: number): JobData[JobName.SendMail] {
  const subject = 'Reset your admin password - Hillside Learning Center';
  const text = [
    `Hello ${name},`,
    '',
    'Someone (hopefully you) asked to reset the password of your admin account. Open this link to choose a new one:',
    '',
    link,
    '',
    `The link works once and expires in ${ttlMinutes / 60 === 1 ? '1 hour' : `${ttlMinutes} minutes`}. Resetting signs out every open session.`,
    'If you did not ask for this, ignore this e-mail: your password stays as it is.',
  ].join('\n');
  const html =
    `<p>Hello ${esc(name)},</p><p>Someone (hopefully you) asked to reset the password of your admin account.</p>` +
    `<p><a href="${esc(link)}">Choose a new password</a></p><p>Or paste this address into your browser: ${esc(link)}</p>` +
    `<p>The link works once and expires in 1 hour. If you did not ask for this, ignore this e-mail.</p>`;
  return { to, subject, text, html };
}
