import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** The documents a reader moves between: the README, everything under docs/, and the two manuals beside their code. */
function documents(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(path.join(dir, e.name)) : e.name.endsWith('.md') ? [path.join(dir, e.name)] : [],
    );
  return ['README.md', ...walk('docs'), 'dev/stripe-emulator/README.md', 'test/bench/README.md'];
}

/** Markdown text without fenced code blocks and inline code, where a bracket is not a link. */
function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
}

/** Every `[text](target)` and `![alt](target)` that points into the repository (not a web address). */
function relativeLinks(file: string): string[] {
  const targets = [...prose(readFileSync(file, 'utf8')).matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map(
    (m) => m[1],
  );
  return targets.filter((t) => !/^[a-z][a-z0-9+.-]*:/i.test(t));
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens; repeats get -1, -2, ... */
function anchors(file: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const line of readFileSync(file, 'utf8')
    .replace(/^```[\s\S]*?^```/gm, '')
    .split('\n')) {
    const m = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const base = m[1]
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

describe('links in README.md and docs/', () => {
  it('every relative link leads to a file or folder that exists, and every #anchor to a heading of it', () => {
    const broken: string[] = [];
    for (const file of documents()) {
      for (const link of relativeLinks(file)) {
        const [target, anchor] = link.split('#');
        const resolved = target === '' ? file : path.join(path.dirname(file), decodeURIComponent(target));
        if (!existsSync(resolved)) broken.push(`${file}: ${link} (no such file)`);
        else if (anchor && resolved.endsWith('.md') && !anchors(resolved).has(anchor))
          broken.push(`${file}: ${link} (no such heading)`);
      }
    }
    expect({ broken }).toEqual({ broken: [] });
  });

  it('reads links for real: the README links each document of docs/ and each page of the guide', () => {
    const fromReadme = new Set(relativeLinks('README.md').map((l) => path.normalize(l.split('#')[0])));
    const expected = documents().filter((f) => f !== 'README.md' && statSync(f).isFile());
    expect({ notLinkedFromReadme: expected.filter((f) => !fromReadme.has(path.normalize(f))) }).toEqual({
      notLinkedFromReadme: [],
    });
  });

  it('keeps README.md short: at most 220 lines (the rest lives in docs/ by reader)', () => {
    const lines = readFileSync('README.md', 'utf8').split('\n').length;
    expect(lines).toBeLessThanOrEqual(220);
  });
});
