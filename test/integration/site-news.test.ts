import ICAL from 'ical.js';
import request from 'supertest';
import { authed, createAdmin, signIn } from '../helpers/admin.js';
import { phoneJpeg } from '../helpers/photos.js';
import { startStack, type Stack } from '../helpers/stack.js';

/**
 * News posts and events (issue 29): editors write drafts and publish them; the public reads under /api/site see
 * only what is published (events only until they end, by the clock at read time), answer with the site version's
 * ETag, and the "Add to calendar" file is a real iCalendar file in UTC with a UID fixed per event.
 */
const TZ = 'America/Chicago';

describe('news and events: the editors’ API and the public reads', () => {
  let stack: Stack;
  let editor: ReturnType<typeof authed>;
  let owner: ReturnType<typeof authed>;
  let bookkeeper: ReturnType<typeof authed>;
  let api: ReturnType<typeof request>;
  beforeAll(async () => {
    stack = await startStack({ emulator: false, workers: 0, env: { TIME_ZONE: TZ } });
    editor = authed(stack, (await signIn(stack, await createAdmin(stack, { role: 'editor' }))).token);
    owner = authed(stack, (await signIn(stack, await createAdmin(stack, { role: 'owner' }))).token);
    bookkeeper = authed(stack, (await signIn(stack, await createAdmin(stack, { role: 'bookkeeper' }))).token);
    api = request(stack.apiUrl);
  });
  afterAll(() => stack.stop());

  const nextYear = new Date().getUTCFullYear() + 1;

  describe('news', () => {
    it('a draft is invisible to the public; publishing shows it at once in the list and at its address', async () => {
      const draft = await editor
        .post('/api/admin/website/news')
        .send({ title: 'Spring picnic', date: '2026-04-18', bodyHtml: '<p>We ate <strong>outside</strong>.</p>' })
        .expect(201);
      expect(draft.body).toMatchObject({ slug: 'spring-picnic', published: false, date: '2026-04-18' });
      const before = await api.get('/api/site/news').expect(200);
      expect(before.body.posts.map((p: { slug: string }) => p.slug)).not.toContain('spring-picnic');
      await api.get('/api/site/news/spring-picnic').expect(404);

      await editor.patch(`/api/admin/website/news/${draft.body.id}`).send({ published: true }).expect(200);
      const after = await api.get('/api/site/news').expect(200);
      expect(after.headers.etag).not.toBe(before.headers.etag);
      expect(after.body.posts[0]).toMatchObject({
        slug: 'spring-picnic',
        title: 'Spring picnic',
        date: '2026-04-18',
        excerpt: 'We ate outside.',
        photo: null,
      });
      const post = await api.get('/api/site/news/spring-picnic').expect(200);
      expect(post.body.bodyHtml).toBe('<p>We ate <strong>outside</strong>.</p>');
      expect(post.headers['cache-control']).toMatch(/no-cache/);
      // The browser's copy is good until the next publish: 304 on the same ETag.
      await api.get('/api/site/news/spring-picnic').set('If-None-Match', post.headers.etag).expect(304);

      await editor.patch(`/api/admin/website/news/${draft.body.id}`).send({ published: false }).expect(200);
      await api.get('/api/site/news/spring-picnic').set('If-None-Match', post.headers.etag).expect(404);
      const actions = await stack.db.query<{ action: string }>(
        `SELECT action FROM audit_log WHERE details->>'postId' = $1 ORDER BY id`,
        [draft.body.id],
      );
      expect(actions.map((a) => a.action)).toEqual(['news.created', 'news.published', 'news.unpublished']);
    });

    it('Home reads the latest three, newest first', async () => {
      for (const [title, date] of [
        ['Older news', '2026-01-05'],
        ['Middle news', '2026-02-05'],
        ['Newest news', '2026-03-05'],
        ['Newer news', '2026-03-01'],
      ]) {
        await editor.post('/api/admin/website/news').send({ title, date, published: true }).expect(201);
      }
      const res = await api.get('/api/site/news?limit=3').expect(200);
      expect(res.body.posts.map((p: { title: string }) => p.title)).toEqual([
        'Newest news',
        'Newer news',
        'Middle news',
      ]);
    });

    it('gives every post its own address: the same title twice gets -2, a taken address is refused', async () => {
      const a = await editor.post('/api/admin/website/news').send({ title: 'Open House!' }).expect(201);
      const b = await editor.post('/api/admin/website/news').send({ title: 'Open  house' }).expect(201);
      expect([a.body.slug, b.body.slug]).toEqual(['open-house', 'open-house-2']);
      const taken = await editor
        .post('/api/admin/website/news')
        .send({ title: 'Other', slug: 'open-house' })
        .expect(409);
      expect(taken.body.error).toMatch(/already has the address \/news\/open-house/);
      await editor.patch(`/api/admin/website/news/${b.body.id}`).send({ slug: 'open-house' }).expect(409);
      const rows = await stack.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM news_posts WHERE slug = 'open-house'`,
      );
      expect(rows[0].n).toBe(1);
    });

    it.each([
      [{}, /title/],
      [{ title: '' }, /title must be 1 to 200/],
      [{ title: '<b></b>' }, /title must have some text/],
      [{ title: 'x'.repeat(201) }, /title must be 1 to 200/],
      [{ title: 'A', date: '2026-02-30' }, /date is not a real date/],
      [{ title: 'A', date: 'yesterday' }, /date must be a date as yyyy-MM-dd/],
      [{ title: 'A', slug: 'Not A Slug' }, /slug must be lower-case/],
      [{ title: 'A', photoId: 'photo-1' }, /photoId must be a photo id/],
      [{ title: 'A', published: 'yes' }, /published must be true or false/],
      [{ title: 'A', bodyHtml: 42 }, /bodyHtml must be text of at most 50000 characters/],
    ])('refuses a bad post %j with a clear 400', async (body, message) => {
      const res = await editor.post('/api/admin/website/news').send(body).expect(400);
      expect(JSON.stringify(res.body)).toMatch(message);
    });

    it('a post’s photo must have alt text; visitors get it with its alt text and every size the media route serves', async () => {
      const photo = await editor
        .post('/api/admin/website/photos')
        .set('Content-Type', 'image/jpeg')
        .send(await phoneJpeg({ colour: '#2c7a4a' }))
        .expect(201);
      const noAlt = await editor
        .post('/api/admin/website/news')
        .send({ title: 'Harvest', photoId: photo.body.id, published: true })
        .expect(400);
      expect(noAlt.body.error).toMatch(/no alt text yet/);
      const gone = await editor
        .post('/api/admin/website/news')
        .send({ title: 'Harvest', photoId: '00000000-0000-4000-8000-000000000000' })
        .expect(400);
      expect(gone.body.error).toMatch(/no longer in the library/);

      const alt = 'Students carry <b>baskets</b> of tomatoes.';
      await editor.patch(`/api/admin/website/photos/${photo.body.id}`).send({ alt }).expect(200);
      const post = await editor
        .post('/api/admin/website/news')
        .send({ title: 'Harvest', photoId: photo.body.id, published: true })
        .expect(201);
      expect(post.body.photo).toEqual({ alt, image: photo.body.image });
      const seen = (await api.get(`/api/site/news/${post.body.slug}`).expect(200)).body.photo;
      expect(seen).toEqual({ alt, image: photo.body.image });
      expect(seen.image.sources.map((s: { type: string }) => s.type)).toEqual([
        'image/avif',
        'image/webp',
        'image/jpeg',
      ]);
      expect(seen.image).toMatchObject({ width: expect.any(Number), height: expect.any(Number) });
      for (const source of seen.image.sources as Array<{ srcset: string; type: string }>) {
        for (const url of source.srcset.split(', ').map((part) => part.split(' ')[0])) {
          const file = await api.get(url).expect(200);
          expect(file.type).toBe(source.type);
        }
      }
      const listed = (await api.get('/api/site/news').expect(200)).body.posts;
      expect(listed.find((p: { slug: string }) => p.slug === post.body.slug).photo).toEqual(seen);

      // The photo's alt text taken away: visitors no longer get the photo, the post keeps it for the editor.
      await stack.db.query(`UPDATE photos SET alt = '' WHERE id = $1`, [photo.body.id]);
      const after = await editor.get(`/api/admin/website/news/${post.body.id}`).expect(200);
      expect(after.body).toMatchObject({ photoId: photo.body.id, photo: null });
      await editor.patch(`/api/admin/website/news/${post.body.id}`).send({ photoId: null }).expect(200);
      expect((await api.get(`/api/site/news/${post.body.slug}`).expect(200)).body.photo).toBeNull();
    });

    it('refuses bad public reads with 400s and unknown posts with 404', async () => {
      expect((await api.get('/api/site/news?limit=0').expect(400)).body.error).toMatch(/limit must be/);
      expect((await api.get('/api/site/news?limit=abc').expect(400)).body.error).toMatch(/limit must be/);
      await api.get('/api/site/news/NOT_A_SLUG').expect(400);
      await api.get('/api/site/news/no-such-post').expect(404);
      await editor
        .patch('/api/admin/website/news/00000000-0000-4000-8000-000000000000')
        .send({ title: 'x' })
        .expect(404);
      await editor.patch('/api/admin/website/news/123').send({ title: 'x' }).expect(400);
    });

    it('deleting a post is audited and it leaves the public site', async () => {
      const p = await editor.post('/api/admin/website/news').send({ title: 'Gone soon', published: true }).expect(201);
      await api.get(`/api/site/news/${p.body.slug}`).expect(200);
      await editor.delete(`/api/admin/website/news/${p.body.id}`).expect(200, { deleted: true });
      await api.get(`/api/site/news/${p.body.slug}`).expect(404);
      const [row] = await stack.db.query<{ action: string }>(
        `SELECT action FROM audit_log WHERE details->>'postId' = $1 ORDER BY id DESC LIMIT 1`,
        [p.body.id],
      );
      expect(row.action).toBe('news.deleted');
    });
  });

  describe('events', () => {
    const open = {
      title: 'Open house',
      startDay: `${nextYear}-12-05`,
      startTime: '18:00',
      endDay: `${nextYear}-12-05`,
      endTime: '20:00',
      place: 'School hall, 120 Main St',
      descriptionHtml: '<p>Meet the staff.</p><p>Cookies &amp; cider.</p>',
    };

    it('a draft event is invisible; published, it is listed with its times in the school’s zone', async () => {
      const draft = await editor.post('/api/admin/website/events').send(open).expect(201);
      // 18:00 in Chicago on December 5 (CST, UTC-6) is midnight UTC the next day.
      expect(draft.body).toMatchObject({
        startsAt: `${nextYear}-12-06T00:00:00.000Z`,
        endsAt: `${nextYear}-12-06T02:00:00.000Z`,
        startDay: `${nextYear}-12-05`,
        startTime: '18:00',
        published: false,
      });
      expect((await api.get('/api/site/events').expect(200)).body.events).toEqual([]);
      await api.get(`/api/site/events/${draft.body.id}.ics`).expect(404);

      await editor.patch(`/api/admin/website/events/${draft.body.id}`).send({ published: true }).expect(200);
      const list = await api.get('/api/site/events').expect(200);
      expect(list.body.timeZone).toBe(TZ);
      expect(list.body.events).toEqual([
        expect.objectContaining({
          id: draft.body.id,
          title: 'Open house',
          place: 'School hall, 120 Main St',
          descriptionHtml: '<p>Meet the staff.</p><p>Cookies &amp; cider.</p>',
          calendarUrl: `/api/site/events/${draft.body.id}.ics`,
        }),
      ]);
    });

    it('"Add to calendar" is an iCalendar file: UTC times, the title, place and text, a UID fixed per event', async () => {
      const e = await editor
        .post('/api/admin/website/events')
        .send({ ...open, title: 'Winter concert', published: true })
        .expect(201);
      const first = await api.get(`/api/site/events/${e.body.id}.ics`).expect(200);
      expect(first.headers['content-type']).toMatch(/^text\/calendar/);
      expect(first.headers['content-disposition']).toMatch(/attachment; filename=".*winter-concert\.ics"/);
      const vevent = new ICAL.Component(ICAL.parse(first.text)).getFirstSubcomponent('vevent')!;
      const ev = new ICAL.Event(vevent);
      expect(ev.summary).toBe('Winter concert');
      expect(ev.location).toBe('School hall, 120 Main St');
      expect(ev.description).toBe('Meet the staff.\nCookies & cider.');
      expect(ev.startDate.toJSDate().toISOString()).toBe(`${nextYear}-12-06T00:00:00.000Z`);
      expect(ev.endDate.toJSDate().toISOString()).toBe(`${nextYear}-12-06T02:00:00.000Z`);
      expect(ev.startDate.zone?.tzid).toBe('UTC');
      expect(ev.uid).toBe(`event-${e.body.id}@127.0.0.1`);
      // The same UID after an edit, so a calendar updates its copy rather than adding a second.
      await editor
        .patch(`/api/admin/website/events/${e.body.id}`)
        .send({ startTime: '19:00', endTime: '21:00' })
        .expect(200);
      const second = await api.get(`/api/site/events/${e.body.id}.ics`).expect(200);
      const ev2 = new ICAL.Event(new ICAL.Component(ICAL.parse(second.text)).getFirstSubcomponent('vevent')!);
      expect(ev2.uid).toBe(ev.uid);
      expect(ev2.startDate.toJSDate().toISOString()).toBe(`${nextYear}-12-06T01:00:00.000Z`);
    });

    it('a summer event is placed in daylight time (UTC-5)', async () => {
      const e = await editor
        .post('/api/admin/website/events')
        .send({
          ...open,
          title: 'Field day',
          startDay: `${nextYear}-07-04`,
          endDay: `${nextYear}-07-04`,
          startTime: '09:30',
          endTime: '12:00',
        })
        .expect(201);
      expect(e.body.startsAt).toBe(`${nextYear}-07-04T14:30:00.000Z`);
    });

    it('an event drops off the public list by itself once it has ended (no publish, no job)', async () => {
      const e = await editor
        .post('/api/admin/website/events')
        .send({ ...open, title: 'Bake sale', published: true })
        .expect(201);
      const before = await api.get('/api/site/events').expect(200);
      expect(before.body.events.map((x: { id: string }) => x.id)).toContain(e.body.id);
      // The clock passes its end: moved in the row itself, as time would; the site's version stays as it was.
      const [{ version }] = await stack.db.query<{ version: string }>(`SELECT version FROM site_version`);
      await stack.db.query(
        `UPDATE site_events SET starts_at = now() - interval '3 hours', ends_at = now() - interval '1 minute' WHERE id = $1`,
        [e.body.id],
      );
      const after = await api.get('/api/site/events').set('If-None-Match', before.headers.etag).expect(200);
      expect(after.body.events.map((x: { id: string }) => x.id)).not.toContain(e.body.id);
      await api.get(`/api/site/events/${e.body.id}.ics`).expect(404);
      expect((await stack.db.query<{ version: string }>(`SELECT version FROM site_version`))[0].version).toBe(version);
      // The editors still see it, as ended.
      const admin = await editor.get('/api/admin/website/events').expect(200);
      expect(admin.body.events.map((x: { id: string }) => x.id)).toContain(e.body.id);
    });

    it.each([
      [{ ...open, title: undefined }, /title/],
      [{ ...open, startTime: undefined }, /startDay, startTime and endTime are required/],
      [{ ...open, startDay: `${nextYear}-02-30` }, /startDay is not a real date/],
      [{ ...open, startTime: '25:00' }, /startTime must be a time as HH:mm/],
      [{ ...open, endTime: '6pm' }, /endTime must be a time as HH:mm/],
      [{ ...open, endTime: '17:00' }, /must end after it starts/],
      [{ ...open, endDay: `${nextYear + 1}-03-01` }, /at most 31 days/],
      [{ ...open, place: 'x'.repeat(201) }, /place must be at most 200/],
      [{ ...open, descriptionHtml: ['a'] }, /descriptionHtml must be text of at most 50000 characters/],
    ])('refuses a bad event with a clear 400 (%#)', async (body, message) => {
      const res = await editor.post('/api/admin/website/events').send(body).expect(400);
      expect(JSON.stringify(res.body)).toMatch(message);
    });

    it('refuses a calendar file for an id that is not one', async () => {
      await api.get('/api/site/events/not-an-id.ics').expect(400);
      await api.get('/api/site/events/00000000-0000-4000-8000-000000000000.ics').expect(404);
    });
  });

  describe('who may write', () => {
    it('editors and owners may; bookkeepers are refused; nobody signed out may', async () => {
      await editor.get('/api/admin/website/news').expect(200);
      await owner.get('/api/admin/website/events').expect(200);
      await owner.post('/api/admin/website/news').send({ title: 'By the owner' }).expect(201);
      await bookkeeper.get('/api/admin/website/news').expect(403);
      await bookkeeper.post('/api/admin/website/news').send({ title: 'No' }).expect(403);
      await bookkeeper.post('/api/admin/website/events').send({ title: 'No' }).expect(403);
      await api.post('/api/admin/website/news').send({ title: 'No' }).expect(401);
      // An editor sees no money: a financial route answers 403.
      await editor.get('/api/stripe/analytics').expect(403);
    });
  });

  describe('stored XSS through every field reaches no visitor as markup', () => {
    const ATTACKS = [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '<a href="javascript:alert(1)">click</a>',
      '<a href="JaVaScRiPt:alert(1)">click</a>',
      '<p style="background:url(javascript:alert(1))" onclick="alert(1)">styled</p>',
      '<svg onload=alert(1)><circle /></svg>',
      '<iframe src="https://evil.example"></iframe>',
      '"><script>alert(1)</script>',
    ];
    const MARKUP = /<script|onerror|onload|onclick|javascript:|style=|<iframe|<svg/i;

    it.each(ATTACKS.map((a) => [a]))('%s', async (attack) => {
      const post = await editor
        .post('/api/admin/website/news')
        .send({ title: `T ${attack}`, bodyHtml: `<p>ok</p>${attack}`, published: true })
        .expect(201);
      const event = await editor
        .post('/api/admin/website/events')
        .send({
          ...{ startDay: `${nextYear}-11-01`, startTime: '10:00', endTime: '11:00' },
          title: `E ${attack}`,
          place: `P ${attack}`,
          descriptionHtml: `<p>ok</p>${attack}`,
          published: true,
        })
        .expect(201);
      const list = await api.get('/api/site/news').expect(200);
      const one = await api.get(`/api/site/news/${post.body.slug}`).expect(200);
      const events = await api.get('/api/site/events').expect(200);
      const ics = await api.get(`/api/site/events/${event.body.id}.ics`).expect(200);
      const mine = events.body.events.find((e: { id: string }) => e.id === event.body.id);
      // Rich text keeps only the allowed tags; one-line fields keep no tag at all (React shows them as text).
      for (const html of [one.body.bodyHtml, mine.descriptionHtml]) expect(html).not.toMatch(MARKUP);
      for (const text of [one.body.title, one.body.excerpt, mine.title, mine.place, ics.text]) {
        expect(text).not.toMatch(/<[a-z!/]/i);
        expect(text).not.toMatch(/javascript:|onerror=|onload=/i);
      }
      expect(JSON.stringify(list.body)).not.toMatch(MARKUP);
      // What is stored is the safe text, so no later reader can serve the attack either.
      const [stored] = await stack.db.query<{ title: string; body_html: string }>(
        `SELECT title, body_html FROM news_posts WHERE id = $1`,
        [post.body.id],
      );
      expect(`${stored.title} ${stored.body_html}`).not.toMatch(MARKUP);
    });
  });
});
