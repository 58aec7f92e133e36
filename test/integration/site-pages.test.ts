import request from 'supertest';
import { SITE_PAGES, defaultSitePages } from '../../core/src/site/site-pages.js';
import { authed, createAdmin, signIn } from '../helpers/admin.js';
import { startStack, type Stack } from '../helpers/stack.js';

/** Stored-XSS attempts sent through every field of every page. */
const ATTACKS = [
  '<script>alert("xss")</script>',
  '<img src=x onerror="alert(1)">',
  '<a href="javascript:alert(1)">click</a>',
  '<p style="background:url(javascript:alert(1))" onclick="alert(1)">styled</p>',
  '</script><script>alert(2)</script>',
  '<svg onload="alert(1)"></svg>',
  '<iframe src="https://evil.example"></iframe>',
];

/** Markup that would run or style something in a visitor's browser, wherever it appears. */
const DANGEROUS = /<script|<\/script|onerror\s*=|onload\s*=|onclick\s*=|javascript:|<iframe|<svg|style\s*=/i;

describe('Website > Pages: drafts, publish, history, restore, the public read', () => {
  let stack: Stack;
  let editor: ReturnType<typeof authed>;
  let owner: ReturnType<typeof authed>;
  beforeAll(async () => {
    stack = await startStack({ emulator: false, workers: 0 });
    editor = authed(
      stack,
      (await signIn(stack, await createAdmin(stack, { role: 'editor', name: 'Edie Editor' }))).token,
    );
    owner = authed(
      stack,
      (await signIn(stack, await createAdmin(stack, { role: 'owner', name: 'Olive Owner' }))).token,
    );
  });
  afterAll(() => stack.stop());

  it('a fresh install answers exactly the defaults (the SPEC texts), with an ETag', async () => {
    const res = await request(stack.apiUrl).get('/api/site/pages').expect(200);
    expect(res.body.pages).toEqual(defaultSitePages());
    expect(res.headers.etag).toMatch(/^W\/"site-pages-\d+"$/);
    expect(res.headers['cache-control']).toBe('public, no-cache');
    await request(stack.apiUrl).get('/api/site/pages').set('If-None-Match', res.headers.etag).expect(304);
  });

  it('a draft is not public; publishing makes it public at once (new ETag), with who and when in the history', async () => {
    const before = await request(stack.apiUrl).get('/api/site/pages').expect(200);
    const content = { ...before.body.pages.contact, hours: '9:00 AM - 2:00 PM' };
    const saved = await editor.put('/api/admin/website/pages/contact/draft').send({ content }).expect(200);
    expect(saved.body.draft.hours).toBe('9:00 AM - 2:00 PM');
    expect(saved.body.published.hours).toBe('8:00 AM - 3:00 PM');
    expect(saved.body.draftSavedBy).toBe('Edie Editor');
    const stillOld = await request(stack.apiUrl).get('/api/site/pages').expect(200);
    expect(stillOld.body.pages.contact.hours).toBe('8:00 AM - 3:00 PM');
    expect(stillOld.headers.etag).toBe(before.headers.etag);

    await editor.post('/api/admin/website/pages/contact/publish').expect(200);
    const after = await request(stack.apiUrl)
      .get('/api/site/pages')
      .set('If-None-Match', before.headers.etag)
      .expect(200);
    expect(after.body.pages.contact.hours).toBe('9:00 AM - 2:00 PM');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    // The served page carries the published content in its data block: the first paint needs no request.
    const html = await request(stack.apiUrl).get('/contact').expect(200);
    expect(html.text).toContain('9:00 AM - 2:00 PM');

    const history = await editor.get('/api/admin/website/pages/contact/revisions').expect(200);
    expect(history.body.revisions).toHaveLength(1);
    expect(history.body.revisions[0]).toMatchObject({ publishedBy: 'Edie Editor', current: true });
    await editor.post('/api/admin/website/pages/contact/publish').expect(400); // nothing left to publish
  });

  it('the owner restores an earlier revision (a new revision, audited); every write is in the audit log', async () => {
    const first = (await owner.get('/api/admin/website/pages/about/revisions').expect(200)).body.revisions;
    expect(first).toEqual([]);
    const base = (await request(stack.apiUrl).get('/api/site/pages')).body.pages.about;
    await owner
      .put('/api/admin/website/pages/about/draft')
      .send({ content: { ...base, intro: 'Version one.' } })
      .expect(200);
    await owner.post('/api/admin/website/pages/about/publish').expect(200);
    await editor
      .put('/api/admin/website/pages/about/draft')
      .send({ content: { ...base, intro: 'Version two.' } })
      .expect(200);
    await editor.post('/api/admin/website/pages/about/publish').expect(200);
    const revs = (await owner.get('/api/admin/website/pages/about/revisions').expect(200)).body.revisions;
    expect(revs.map((r: { content: { intro: string } }) => r.content.intro)).toEqual(['Version two.', 'Version one.']);
    await owner.post(`/api/admin/website/pages/about/revisions/${revs[1].id}/restore`).expect(200);
    const pub = await request(stack.apiUrl).get('/api/site/pages').expect(200);
    expect(pub.body.pages.about.intro).toBe('Version one.');
    const now = (await owner.get('/api/admin/website/pages/about/revisions').expect(200)).body.revisions;
    expect(now[0]).toMatchObject({ restoredFrom: revs[1].id, publishedBy: 'Olive Owner', current: true });
    await owner.post('/api/admin/website/pages/contact/revisions/999999/restore').expect(404);

    const audit: Array<{ action: string; n: string }> = await stack.db.query(
      `SELECT action, count(*) AS n FROM audit_log WHERE action LIKE 'site.page.%' GROUP BY action ORDER BY action`,
    );
    expect(Object.fromEntries(audit.map((a) => [a.action, Number(a.n)]))).toMatchObject({
      'site.page.draft_saved': 3,
      'site.page.published': 3,
      'site.page.restored': 1,
    });
  });

  it('refuses bad shapes with the field named, and bookkeepers altogether', async () => {
    const base = (await request(stack.apiUrl).get('/api/site/pages')).body.pages;
    const bad = await editor
      .put('/api/admin/website/pages/contact/draft')
      .send({ content: { ...base.contact, latitude: 'north', email: 'nope' } })
      .expect(400);
    expect(bad.body.message).toMatch(/Map position: latitude/);
    expect(bad.body.message).toMatch(/E-mail/);
    await editor
      .put('/api/admin/website/pages/school/draft')
      .send({ content: { ...base.school, ein: '12' } })
      .expect(400);
    await editor.put('/api/admin/website/pages/nope/draft').send({ content: {} }).expect(404);
    const bookkeeper = authed(stack, (await signIn(stack, await createAdmin(stack, { role: 'bookkeeper' }))).token);
    await bookkeeper.get('/api/admin/website/pages').expect(403);
    await request(stack.apiUrl).put('/api/admin/website/pages/home/draft').send({ content: {} }).expect(401);
  });

  it('stored XSS through every field of every page reaches no visitor as markup (the API and the served HTML)', async () => {
    for (const page of SITE_PAGES) {
      for (const [i, attack] of ATTACKS.entries()) {
        const current = (await request(stack.apiUrl).get('/api/site/pages')).body.pages[page.key] as Record<
          string,
          string
        >;
        const content: Record<string, string> = { ...current };
        // Every text field gets the attack; the fields with a shape keep a valid value (they are checked, not just cleaned).
        for (const f of page.fields)
          if (['text', 'long-text', 'rich'].includes(f.kind)) content[f.key] = `Safe ${i} ${attack} words`;
        const saved = await editor.put(`/api/admin/website/pages/${page.key}/draft`).send({ content });
        expect(saved.status).toBe(200);
        expect(JSON.stringify(saved.body.draft)).not.toMatch(DANGEROUS);
        await editor.post(`/api/admin/website/pages/${page.key}/publish`).expect(200);
      }
      // Whatever sits in the draft row is cleaned again on publish (a row written around the API included).
      await stack.db.query(
        `INSERT INTO site_page_drafts (page, content) VALUES ($1, $2)
         ON CONFLICT (page) DO UPDATE SET content = EXCLUDED.content`,
        [
          page.key,
          JSON.stringify(
            Object.fromEntries(
              page.fields.filter((f) => f.kind === 'rich' || f.kind === 'text').map((f) => [f.key, ATTACKS[0]]),
            ),
          ),
        ],
      );
      const raw = await editor.post(`/api/admin/website/pages/${page.key}/publish`);
      expect([200, 400]).toContain(raw.status);
    }
    const pub = await request(stack.apiUrl).get('/api/site/pages').expect(200);
    expect(JSON.stringify(pub.body)).not.toMatch(DANGEROUS);
    for (const path of ['/', '/about', '/programs', '/contact', '/gallery', '/donate']) {
      const html = (await request(stack.apiUrl).get(path).expect(200)).text;
      const block = /<script type="application\/json" id="site-pages">([\s\S]*?)<\/script>/.exec(html);
      expect(block).not.toBeNull();
      // Nothing an editor typed can end the data block or start markup in the page.
      expect(block![1]).not.toMatch(/</);
      expect(html.replace(block![0], '')).not.toMatch(/alert\(/);
      expect(JSON.stringify(JSON.parse(block![1]))).not.toMatch(DANGEROUS);
    }
  });
});
