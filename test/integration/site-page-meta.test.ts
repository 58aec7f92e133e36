import request from 'supertest';
import { addDays, todayIn } from '../../core/src/gifts/calendar.js';
import { authed, createAdmin, signIn } from '../helpers/admin.js';
import { startStack, type Stack } from '../helpers/stack.js';

/**
 * Each public page's title and description as search engines and link previews see them: in the HTML of a plain
 * HTTP request (they run no script), editable in Website > Pages (draft, publish), a news post's and an appeal's
 * from the post and the appeal, and whatever was typed written as text, never as markup.
 */
const SCHOOL = 'Hillside Learning Center';

/** The <title>, meta description and og:title/og:description of a served page, as written in its HTML. */
async function head(stack: Stack, path: string) {
  const html = (await request(stack.apiUrl).get(path).expect(200)).text;
  const headHtml = html.slice(0, html.indexOf('</head>'));
  const one = (re: RegExp) => {
    const all = [...headHtml.matchAll(re)];
    expect(all).toHaveLength(1);
    return all[0][1];
  };
  return {
    html: headHtml,
    title: one(/<title>([^<]*)<\/title>/g),
    description: one(/<meta name="description" content="([^"]*)">/g),
    ogTitle: one(/<meta property="og:title" content="([^"]*)">/g),
    ogDescription: one(/<meta property="og:description" content="([^"]*)">/g),
  };
}

describe('Page titles and descriptions in the served HTML', () => {
  let stack: Stack;
  let editor: ReturnType<typeof authed>;
  let owner: ReturnType<typeof authed>;
  beforeAll(async () => {
    stack = await startStack({ emulator: false, workers: 0 });
    editor = authed(stack, (await signIn(stack, await createAdmin(stack, { role: 'editor' }))).token);
    owner = authed(stack, (await signIn(stack, await createAdmin(stack, { role: 'owner' }))).token);
  });
  afterAll(() => stack.stop());

  async function publish(page: string, fields: Record<string, string>) {
    const current = (await request(stack.apiUrl).get('/api/site/pages').expect(200)).body.pages[page];
    const saved = await editor
      .put(`/api/admin/website/pages/${page}/draft`)
      .send({ content: { ...current, ...fields } });
    if (saved.status !== 200) return saved;
    return editor.post(`/api/admin/website/pages/${page}/publish`).expect(200);
  }

  it('a fresh install serves each page with exactly the titles and descriptions it had before they were editable', async () => {
    const expected: Record<string, [string, string]> = {
      '/': [
        `${SCHOOL} | Education and support for adults with developmental disabilities`,
        `${SCHOOL} trains and supports adults with developmental disabilities in rural Arkansas.`,
      ],
      '/donate': [
        `Donate | ${SCHOOL}`,
        `Support the mission of ${SCHOOL}: give once or monthly to help adults with developmental disabilities learn, work and belong. All donations are tax-deductible.`,
      ],
      '/contact': [
        `Contact | ${SCHOOL}`,
        `Visit, call or e-mail ${SCHOOL} in Marshall, Arkansas. Open Monday to Thursday, 8:00 AM to 3:00 PM.`,
      ],
      '/gallery': [
        `Photo Gallery | ${SCHOOL}`,
        `Photos of everyday life at ${SCHOOL}: classes, trips, the garden, our van and celebrations.`,
      ],
      '/news': [`News | ${SCHOOL}`, `News from ${SCHOOL}: what our students and staff have been up to.`],
      '/events': [`Events | ${SCHOOL}`, `Upcoming events at ${SCHOOL}: open houses, celebrations and community days.`],
    };
    for (const [path, [title, description]] of Object.entries(expected)) {
      const h = await head(stack, path);
      expect([h.title, h.description, h.ogTitle, h.ogDescription]).toEqual([title, description, title, description]);
    }
    for (const path of ['/about', '/programs']) expect((await head(stack, path)).title).not.toBe(expected['/'][0]);
  });

  it('a published title and description are in the next plain HTTP answer; a draft is not', async () => {
    const draft = await editor
      .put('/api/admin/website/pages/contact/draft')
      .send({
        content: {
          ...(await request(stack.apiUrl).get('/api/site/pages')).body.pages.contact,
          'meta.title': 'Visit our school',
          'meta.description': 'Come and see us in Marshall, Monday to Friday.',
        },
      });
    expect(draft.status).toBe(200);
    expect((await head(stack, '/contact')).title).toBe(`Contact | ${SCHOOL}`);
    await editor.post('/api/admin/website/pages/contact/publish').expect(200);
    const h = await head(stack, '/contact');
    expect(h).toMatchObject({
      title: `Visit our school | ${SCHOOL}`,
      description: 'Come and see us in Marshall, Monday to Friday.',
      ogTitle: `Visit our school | ${SCHOOL}`,
      ogDescription: 'Come and see us in Marshall, Monday to Friday.',
    });

    await publish('news', { 'meta.title': 'School news', 'meta.description': 'Our spring picnic and more.' });
    expect(await head(stack, '/news/')).toMatchObject({
      title: `School news | ${SCHOOL}`,
      description: 'Our spring picnic and more.',
    });
    await publish('home', { 'meta.title': 'Learning for life' });
    expect((await head(stack, '/')).title).toBe(`${SCHOOL} | Learning for life`);
    // The history restores an earlier title like any other field.
    const revisions = (await owner.get('/api/admin/website/pages/contact/revisions').expect(200)).body.revisions;
    expect(revisions[0].content['meta.title']).toBe('Visit our school');
  });

  it('refuses a title over 70 characters and a description over 160, saying so; exactly at the limit is fine', async () => {
    const title = await publish('events', { 'meta.title': 'x'.repeat(71) });
    expect(title.status).toBe(400);
    expect(title.body.message).toMatch(/Page title .* is 71 characters long: keep it to 70 or fewer/);
    const description = await publish('events', { 'meta.description': 'y'.repeat(161) });
    expect(description.status).toBe(400);
    expect(description.body.message).toMatch(/Page description .* is 161 characters long: keep it to 160 or fewer/);
    await publish('events', { 'meta.title': 'E'.repeat(70), 'meta.description': 'D'.repeat(160) });
    expect(await head(stack, '/events')).toMatchObject({
      title: `${'E'.repeat(70)} | ${SCHOOL}`,
      description: 'D'.repeat(160),
    });
    // The built-in Donate description (174 characters, written before the limit) is kept as it is when other fields change.
    await publish('donate', { intro: 'Your gift helps.' });
    expect((await head(stack, '/donate')).description).toMatch(/All donations are tax-deductible\.$/);
  });

  it('HTML in a title or description is written as text, never as markup (XSS)', async () => {
    await publish('gallery', {
      'meta.title': 'Open day <3 & "fun" <img src=x onerror=alert(1)>',
      'meta.description': 'Say "hi" > <b>bold</b> <script>alert(2)</script>',
    });
    let h = await head(stack, '/gallery');
    expect(h.title).toBe(`Open day &lt;3 &amp; &quot;fun&quot; | ${SCHOOL}`);
    expect(h.description).toBe('Say &quot;hi&quot; &gt; bold');
    // A row written around the API (an older version, a restore of an old backup) is escaped where it is written.
    const [{ content }] = await stack.db.query<{ content: Record<string, string> }>(
      `SELECT content FROM site_page_revisions WHERE page = 'gallery' ORDER BY id DESC LIMIT 1`,
    );
    await stack.db.query(`INSERT INTO site_page_revisions (page, content) VALUES ('gallery', $1)`, [
      JSON.stringify({
        ...content,
        'meta.title': '</title><script>alert(1)</script>',
        'meta.description': '"><img src=x onerror=alert(3)>',
      }),
    ]);
    await stack.db.query(`UPDATE site_version SET version = version + 1`);
    h = await head(stack, '/gallery');
    expect(h.title).toBe(`&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; | ${SCHOOL}`);
    expect(h.description).toBe('&quot;&gt;&lt;img src=x onerror=alert(3)&gt;');
    expect(h.html).not.toMatch(/<script>alert|<img src=x/);
  });

  it("a news post's page carries its title and its body's first sentence; an appeal's page its name and story", async () => {
    await editor
      .post('/api/admin/website/news')
      .send({
        title: 'Spring picnic <em>&</em> games',
        date: '2026-04-18',
        bodyHtml: '<p>We ate <strong>outside</strong> by the river. Then we played games.</p>',
        published: true,
      })
      .expect(201);
    expect(await head(stack, '/news/spring-picnic-and-games')).toMatchObject({
      title: `Spring picnic &amp; games | ${SCHOOL}`,
      description: 'We ate outside by the river.',
      ogDescription: 'We ate outside by the river.',
    });
    // An unknown or unpublished post's address gives nothing away: Home's title.
    await editor
      .post('/api/admin/website/news')
      .send({ title: 'Secret draft', bodyHtml: '<p>Hidden.</p>' })
      .expect(201);
    expect((await head(stack, '/news/secret-draft')).title).not.toMatch(/Secret/);

    const today = todayIn(stack.env.TIME_ZONE);
    const appeal = await owner
      .post('/api/admin/appeals')
      .send({
        name: 'A new van',
        slug: 'van',
        storyHtml: '<p>Our van is 19 years old! Help us replace it.</p>',
        goalKind: 'dollars',
        goalCents: 500000,
        startsOn: addDays(today, -1),
        endsOn: addDays(today, 9),
      })
      .expect(201);
    expect((await head(stack, '/give/van')).title).not.toMatch(/van/); // a draft appeal is not public
    await owner.post(`/api/admin/appeals/${appeal.body.id}/publish`).expect(200);
    expect(await head(stack, '/give/van')).toMatchObject({
      title: `A new van | ${SCHOOL}`,
      description: 'Our van is 19 years old!',
    });
  });
});
