import type { MailMessage } from '../../../core/src/mail/mail.transport.js';
import type { SchoolIdentity } from '../../../core/src/site/published-school-facts.js';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

// The admin e-mails name the school as published on the website (`school`, read once per message) and come
// from that name, as the donor e-mail does.

/** The password reset e-mail: the link, how long it lasts, and what to do if it was not you. */
export function resetMail(
  school: SchoolIdentity,
  to: string,
  name: string,
  link: string,
  ttlMinutes: number,
): MailMessage {
  const subject = `Reset your admin password - ${school.name}`;
  const lasts = ttlMinutes === 60 ? '1 hour' : `${ttlMinutes} minutes`;
  const text = [
    `Hello ${name},`,
    '',
    'Someone (hopefully you) asked to reset the password of your admin account. Open this link to choose a new one:',
    '',
    link,
    '',
    `The link works once and expires in ${lasts}. Resetting signs out every open session.`,
    'If you did not ask for this, ignore this e-mail: your password stays as it is.',
  ].join('\n');
  const html =
    `<p>Hello ${esc(name)},</p><p>Someone (hopefully you) asked to reset the password of your admin account.</p>` +
    `<p><a href="${esc(link)}">Choose a new password</a></p><p>Or paste this address into your browser: ${esc(link)}</p>` +
    `<p>The link works once and expires in ${lasts}. If you did not ask for this, ignore this e-mail.</p>`;
  return { to, fromName: school.name, subject, text, html };
}

/** Two-factor sign-in was set up again on the account: when, and what to do if it was not the admin. */
export function twoFactorChangedMail(school: SchoolIdentity, to: string, name: string): MailMessage {
  const subject = `Two-factor sign-in was set up again - ${school.name}`;
  const said = [
    "Two-factor sign-in on your admin account was just set up again with a new authenticator app. The old app's codes and your old recovery codes no longer work, and every other session of your account was signed out.",
    `If this was not you, reset your password now and tell the school's other admins: someone may have your password. Call ${school.phone} if you need help.`,
  ];
  const text = [`Hello ${name},`, '', said[0], '', said[1]].join('\n');
  const html = `<p>Hello ${esc(name)},</p><p>${esc(said[0])}</p><p>${esc(said[1])}</p>`;
  return { to, fromName: school.name, subject, text, html };
}

/** The invitation to become an admin: who invited, the link (a week, once), and that two-factor set-up follows. */
export function inviteMail(
  school: SchoolIdentity,
  to: string,
  name: string,
  invitedBy: string | null,
  link: string,
): MailMessage {
  const subject = `You are invited to the admin area - ${school.name}`;
  const who = invitedBy ? `${invitedBy} invited you` : 'You have been invited';
  const text = [
    `Hello ${name},`,
    '',
    `${who} to the admin area of ${school.name}. Open this link to choose your password and set up two-factor sign-in with an authenticator app:`,
    '',
    link,
    '',
    'The link works once and expires in 7 days. If you did not expect this, ignore this e-mail.',
  ].join('\n');
  const html =
    `<p>Hello ${esc(name)},</p><p>${esc(who)} to the admin area of ${esc(school.name)}.</p>` +
    `<p><a href="${esc(link)}">Choose your password</a></p><p>Or paste this address into your browser: ${esc(link)}</p>` +
    `<p>The link works once and expires in 7 days. If you did not expect this, ignore this e-mail.</p>`;
  return { to, fromName: school.name, subject, text, html };
}
