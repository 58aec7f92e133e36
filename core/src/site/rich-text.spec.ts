import { plainText, sanitizeRichText } from './rich-text.js';

describe('sanitizeRichText keeps what the site styles and drops everything else', () => {
  it('keeps paragraphs, headings, bold, italic, lists and links (with rel="noopener")', () => {
    expect(
      sanitizeRichText(
        '<h2>Hi</h2><p><strong>a</strong> <em>b</em> <a href="https://x.org">x</a></p><ul><li>1</li></ul>',
      ),
    ).toBe(
      '<h2>Hi</h2><p><strong>a</strong> <em>b</em> <a href="https://x.org" rel="noopener">x</a></p><ul><li>1</li></ul>',
    );
    expect(sanitizeRichText('<a href="mailto:a@b.org">m</a><a href="tel:+18705550142">t</a>')).toBe(
      '<a href="mailto:a@b.org" rel="noopener">m</a><a href="tel:+18705550142" rel="noopener">t</a>',
    );
  });

  it.each([
    ['<script>alert(1)</script><p>ok</p>', '<p>ok</p>'],
    ['<p onclick="alert(1)" style="color:red">ok</p>', '<p>ok</p>'],
    ['<a href="javascript:alert(1)">x</a>', '<a rel="noopener">x</a>'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', '<a rel="noopener">x</a>'],
    ['<a href="data:text/html,<script>alert(1)</script>">x</a>', '<a rel="noopener">x</a>'],
    ['<style>p{}</style><iframe src="https://evil.example"></iframe>', ''],
    ['<img src="x" onerror="alert(1)">', ''],
    ['<img src="https://evil.example/a.png">', ''],
    ['<svg><script>alert(1)</script></svg>', ''],
    ['<a href="//evil.example">x</a>', '<a rel="noopener">x</a>'],
  ])('%s -> %s', (input, output) => {
    expect(sanitizeRichText(input)).toBe(output);
  });

  it('keeps our own /media images with alt text and a srcset of our own media only', () => {
    const own = '/media/0123456789abcdef-960.webp';
    expect(sanitizeRichText(`<img src="${own}" alt="A garden" width="640" height="480">`)).toBe(
      `<img src="${own}" alt="A garden" width="640" height="480" />`,
    );
    expect(sanitizeRichText(`<img src="${own}" alt="x" srcset="https://evil.example/a.webp 1x">`)).toBe(
      `<img src="${own}" alt="x" />`,
    );
    expect(
      sanitizeRichText(`<img src="${own}" alt="x" srcset="${own} 960w, /media/0123456789abcdef-480.webp 480w">`),
    ).toBe(`<img src="${own}" alt="x" srcset="${own} 960w, /media/0123456789abcdef-480.webp 480w" />`);
    // Under /media/ but not one of our photo files' names: not ours.
    expect(sanitizeRichText('<img src="/media/../admin.webp" alt="x">')).toBe('');
  });
});

describe('plainText', () => {
  it('drops tags and their scripts, collapses whitespace and bounds the length', () => {
    expect(plainText('  Mon <b>to</b>\n Thu <script>alert(1)</script> ')).toBe('Mon to Thu');
    expect(plainText('a'.repeat(600))).toHaveLength(500);
    expect(plainText('x', 0)).toBe('');
  });

  it('keeps characters like & and < as text (React shows them as text)', () => {
    expect(plainText('Tom & Jerry <3')).toBe('Tom & Jerry <3');
  });
});
