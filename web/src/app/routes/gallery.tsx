import { useState } from 'react';
import { Dialog } from '../../components/ui/dialog';
import { ResponsiveImage } from '../../components/ui/responsive-image';
import { Spinner } from '../../components/ui/spinner';
import { school } from '../../content/school';
import { useGallery } from '../../features/gallery/api/get-gallery';
import { PhotoPicture } from '../../components/photo-picture';
import type { PhotoImageDto } from '../../lib/api-types';
import { sitePages } from '../../content/site-pages';
import { usePageMeta } from '../../lib/page-meta';
import { publishedPageMeta } from '../../content/site-pages';

/** One photo of the grid, whichever library it comes from: the school's own, or the ones the site came with. */
interface GalleryEntry {
  key: string;
  alt: string;
  caption: string;
  picture: (sizes: string, priority: boolean, className?: string) => React.ReactNode;
}

const GRID_SIZES = '(min-width: 1200px) 280px, (min-width: 768px) 33vw, 50vw';

function ownPhoto(p: { id: string; alt: string; caption: string; image: PhotoImageDto }): GalleryEntry {
  return {
    key: p.id,
    alt: p.alt,
    caption: p.caption,
    picture: (sizes, priority, className) => (
      <PhotoPicture image={p.image} alt={p.alt} sizes={sizes} priority={priority} className={className} />
    ),
  };
}

/** The twelve photos the site comes with, shown until the school publishes its first own photo. */
const builtIn: GalleryEntry[] = school.gallery.map((g) => ({
  key: g.slug,
  alt: g.alt,
  caption: g.caption,
  picture: (sizes, priority, className) =>
    className ? (
      <img
        className={className}
        src={`${g.image.base}-${g.image.widths[g.image.widths.length - 1]}.webp`}
        width={g.image.width}
        height={g.image.height}
        alt={g.alt}
      />
    ) : (
      <ResponsiveImage source={g.image} alt={g.alt} sizes={sizes} priority={priority} />
    ),
}));

/**
 * The published photos in the staff's order (GET /api/site/gallery). Each photo is a button (so a click, Enter or
 * Space opens it) that shows it larger in the one modal dialog of the UI kit, titled by its caption, with the
 * same description as its alt text. Alt text and captions are plain text, written by React as text.
 */
export default function GalleryRoute() {
  usePageMeta(publishedPageMeta('gallery'));
  const gallery = useGallery();
  const [open, setOpen] = useState<GalleryEntry | null>(null);
  const entries = gallery.data ? (gallery.data.builtIn ? builtIn : gallery.data.photos.map(ownPhoto)) : null;
  return (
    <>
      <header className="page-header">
        <div className="container">
          <h1>Photo Gallery</h1>
          <p>{sitePages.gallery.intro}</p>
        </div>
      </header>
      <section className="section" aria-label="Photos" aria-busy={!entries}>
        <div className="container">
          {!entries ? (
            gallery.isError ? (
              <p>The photos could not be loaded. Please try again in a moment.</p>
            ) : (
              <Spinner label="Loading photos" />
            )
          ) : (
            <ul className="gallery-grid">
              {entries.map((g, i) => (
                <li key={g.key}>
                  <figure className="gallery-item">
                    <button type="button" className="gallery-item__open" onClick={() => setOpen(g)}>
                      {g.picture(GRID_SIZES, i < 2)}
                      <span className="sr-only"> (view larger)</span>
                    </button>
                    {g.caption && <figcaption>{g.caption}</figcaption>}
                  </figure>
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>
      <Dialog
        open={open !== null}
        onOpenChange={(o) => !o && setOpen(null)}
        title={open ? open.caption || open.alt : ''}
        size="lg"
      >
        {open?.picture('(min-width: 1024px) 960px, 92vw', true, 'gallery-large')}
      </Dialog>
    </>
  );
}
