import { useEffect } from 'react';
import { documentTitle, type PageMeta } from '../../../core/src/site/page-meta';
import { school } from '../content/school';

function setMeta(attribute: 'name' | 'property', key: string, content: string) {
  let tag = document.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!tag) {
    tag = document.createElement('meta');
    tag.setAttribute(attribute, key);
    document.head.appendChild(tag);
  }
  tag.content = content;
}

/**
 * Each page sets its own document title, meta description and link-preview tags on client-side navigation; the
 * server writes the same ones into a direct visit's HTML (api/src/web-app, one rule: core/src/site/page-meta.ts).
 */
export function usePageMeta(meta: PageMeta) {
  const { title, description } = meta;
  useEffect(() => {
    document.title = title;
    setMeta('name', 'description', description);
    setMeta('property', 'og:title', title);
    setMeta('property', 'og:description', description);
  }, [title, description]);
}

/** A page that is not one of the editable ones: "{title} | {school}". */
export function titled(title: string, description: string): PageMeta {
  return { title: documentTitle(title, school.name), description };
}
