import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { appealUrl, shareLinks } from '../../../../../core/src/appeals/appeal-share';

/**
 * Copy link, e-mail, Facebook and X: plain links to each site's own share page (no script of theirs on ours).
 * The copy button says what happened in a live region, and falls back to selecting the address when the
 * browser refuses the clipboard.
 */
export function ShareBlock({ slug, name }: { slug: string; name: string }) {
  const url = appealUrl(window.location.origin, slug);
  const links = shareLinks(url, name);
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('yes');
    } catch {
      setCopied('no');
      document.getElementById('appeal-share-url')?.focus();
    }
  };
  return (
    <section className="appeal-share" aria-labelledby="appeal-share-title">
      <h2 id="appeal-share-title">Share this appeal</h2>
      <label className="sr-only" htmlFor="appeal-share-url">
        Link to this appeal
      </label>
      <input
        id="appeal-share-url"
        className="input appeal-share__url"
        readOnly
        value={url}
        onFocus={(e) => e.target.select()}
      />
      <div className="appeal-share__links">
        <Button variant="outline" onClick={() => void copy()}>
          Copy link
        </Button>
        <a className="appeal-share__link" href={links.mailto}>
          E-mail
        </a>
        <a className="appeal-share__link" href={links.facebook} target="_blank" rel="noopener noreferrer">
          Facebook<span className="sr-only"> (opens in a new tab)</span>
        </a>
        <a className="appeal-share__link" href={links.x} target="_blank" rel="noopener noreferrer">
          X<span className="sr-only"> (opens in a new tab)</span>
        </a>
      </div>
      <p aria-live="polite" className="appeal-share__status">
        {copied === 'yes' ? 'Link copied.' : copied === 'no' ? 'Press Ctrl+C (or Command+C) to copy the link.' : ''}
      </p>
    </section>
  );
}
