import { useState } from 'react';
import { Dialog } from '../../components/ui/dialog';
import { ResponsiveImage } from '../../components/ui/responsive-image';
import { school, type GalleryImage } from '../../content/school';
import { sitePages } from '../../content/site-pages';
import { usePageMeta } from '../../lib/page-meta';

/**
 * Each photo is a button (so a click, Enter or Space opens it) that shows the photo larger in the one modal
 * dialog of the UI kit, titled by its caption, with the same description as its alt text.
 */
export default function GalleryRoute() {
  usePageMeta(
    'Photo Gallery',
    `Photos of everyday life at ${school.name}: classes, trips, the garden, our van and celebrations.`,
  );
  const [open, setOpen] = useState<GalleryImage | null>(null);
  return (
    <>
      <header className="page-header">
        <div className="container">
          <h1>Photo Gallery</h1>
          <p>{sitePages.gallery.intro}</p>
        </div>
      </header>
      <section className="section" aria-label="Photos">
        <div className="container">
          <ul className="gallery-grid">
            {school.gallery.map((g, i) => (
              <li key={g.slug}>
                <figure className="gallery-item">
                  <button type="button" className="gallery-item__open" onClick={() => setOpen(g)}>
                    <ResponsiveImage
                      source={g.image}
                      alt={g.alt}
                      sizes="(min-width: 1200px) 280px, (min-width: 768px) 33vw, 50vw"
                      priority={i < 2}
                    />
                    <span className="sr-only"> (view larger)</span>
                  </button>
                  <figcaption>{g.caption}</figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <Dialog open={open !== null} onOpenChange={(o) => !o && setOpen(null)} title={open?.caption ?? ''} size="lg">
        {open && (
          <img
            className="gallery-large"
            src={`${open.image.base}-${open.image.widths[open.image.widths.length - 1]}.webp`}
            width={open.image.width}
            height={open.image.height}
            alt={open.alt}
          />
        )}
      </Dialog>
    </>
  );
}
