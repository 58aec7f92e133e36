import { appealQrUrl, appealUrl, embedSnippet, shareLinks } from './appeal-share.js';

describe("an appeal's sharing", () => {
  const url = appealUrl('https://hillside.example/', 'new-van');

  it('addresses the appeal page under /give/ on the site', () => {
    expect(url).toBe('https://hillside.example/give/new-van');
    expect(appealQrUrl('https://hillside.example', 'new-van')).toBe(
      'https://hillside.example/give/new-van?utm_source=qr',
    );
  });

  it('shares through plain links to each site, carrying only the address and the name', () => {
    const l = shareLinks(url, 'A new van & lift');
    expect(l.facebook).toBe(
      'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fhillside.example%2Fgive%2Fnew-van',
    );
    expect(new URL(l.x).searchParams.get('url')).toBe(url);
    expect(new URL(l.x).searchParams.get('text')).toBe('Support A new van & lift');
    expect(l.mailto.startsWith('mailto:?subject=Support%20A%20new%20van%20%26%20lift&body=')).toBe(true);
    expect(decodeURIComponent(l.mailto.split('body=')[1])).toBe(`Support A new van & lift: ${url}`);
  });

  it('embeds as one plain link with inline style: no script, no frame, the name as text', () => {
    const html = embedSnippet(url, '<script>alert(1)</script> "van"');
    expect(html).toMatch(/^<a href="https:\/\/hillside\.example\/give\/new-van" style="[^"]+">Donate to [^<]*<\/a>$/);
    expect(html).not.toMatch(/<script|<iframe/i);
    expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62; &#34;van&#34;');
  });
});
