import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createMailTransport } from '../../core/src/mail/mail.transport.js';
import { startDemoMailbox, type DemoMailbox } from '../../dev/mailbox/mailbox.js';
import { startProcess } from '../../dev/launcher/processes.js';

describe('demo mode’s mailbox (npm start without Stripe keys)', () => {
  let box: DemoMailbox;
  beforeAll(async () => {
    box = await startDemoMailbox({ smtpPort: 0, webPort: 0 });
  });
  afterAll(() => box.stop());

  it('receives what the product sends over SMTP and lists it on a web page bound to 127.0.0.1, text escaped', async () => {
    expect(box.smtpUrl).toMatch(/^smtp:\/\/127\.0\.0\.1:\d+$/);
    expect(box.webUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const transport = createMailTransport({
      SMTP_URL: box.smtpUrl,
      MAIL_FROM: 'Hillside Learning Center <no-reply@hillsidelearning.org>',
    });
    await transport.send({
      to: 'admin@example.org',
      subject: 'Reset <script>alert(1)</script>',
      text: 'Hello <b>Ann</b>,\n\nOpen http://localhost:3000/reset-password?token=abc_DEF-123 to choose a password.',
      html: '<p>Hello</p><script>alert(2)</script>',
    });
    transport.close();

    const list = await fetch(`${box.webUrl}/`);
    expect(list.status).toBe(200);
    expect(list.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    const listHtml = await list.text();
    expect(listHtml).toContain('Reset &#60;script&#62;alert(1)&#60;/script&#62;');
    expect(listHtml).not.toMatch(/<script/i);
    expect(listHtml).toContain('admin@example.org');

    const href = /href="(\/messages\/\d+)"/.exec(listHtml)![1];
    const message = await (await fetch(`${box.webUrl}${href}`)).text();
    expect(message).toContain('Hello &#60;b&#62;Ann&#60;/b&#62;,');
    expect(message).toContain('<a href="http://localhost:3000/reset-password?token=abc_DEF-123">');
    expect(message).toContain('Hillside Learning Center');
    expect(message).not.toMatch(/<script/i);
    expect(box.messages).toHaveLength(1);

    // The HTML part as sent, under a CSP sandbox: its script cannot run, nothing remote loads.
    expect(message).toContain(`<a href="${href}/html">Open the HTML part</a>`);
    const html = await fetch(`${box.webUrl}${href}/html`);
    expect(html.headers.get('content-security-policy')).toBe(
      "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:",
    );
    expect(await html.text()).toContain('<p>Hello</p>');

    expect((await fetch(`${box.webUrl}/messages/999`)).status).toBe(404);
    expect((await fetch(`${box.webUrl}/messages/999/html`)).status).toBe(404);
    expect((await fetch(`${box.webUrl}/`, { method: 'POST' })).status).toBe(404);
  });
});

describe('npm start’s log files', () => {
  it('are created 0600 in a 0700 directory, and a wider existing file is narrowed', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'school-logs-'));
    try {
      const logs = path.join(dir, 'logs');
      const script = path.join(dir, 'hello.mjs');
      writeFileSync(script, 'console.log(JSON.stringify({ level: 30, msg: "hello" }));\n');
      const first = startProcess('fresh', script, { PATH: process.env.PATH }, () => undefined, logs);
      await first.exited;
      await first.stop();
      expect(statSync(path.join(logs, 'fresh.log')).mode & 0o777).toBe(0o600);
      expect(statSync(logs).mode & 0o777).toBe(0o700);

      writeFileSync(path.join(logs, 'older.log'), 'a line from before\n', { mode: 0o644 });
      const second = startProcess('older', script, { PATH: process.env.PATH }, () => undefined, logs);
      await second.exited;
      await second.stop();
      expect(statSync(path.join(logs, 'older.log')).mode & 0o777).toBe(0o600);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
