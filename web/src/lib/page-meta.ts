import { useEffect } from 'react';
import { school } from '../content/school';

/** Each page sets its own document title ("{page} | {brand}") and meta description. */
export function usePageMeta(title: string | null, description: string) {
  useEffect(() => {
    document.title = title ? `${title} | ${school.name}` : `${school.name} | ${school.tagline}`;
    let tag = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!tag) {
      tag = document.createElement('meta');
      tag.name = 'description';
      document.head.appendChild(tag);
    }
    tag.content = description;
  }, [title, description]);
}
