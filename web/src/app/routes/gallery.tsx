import { ResponsiveImage } from '../../components/ui/responsive-image';
import { school } from '../../content/school';
import { usePageMeta } from '../../lib/page-meta';

export default function GalleryRoute() {
  usePageMeta('Photo Gallery', `Photos of everyday life at ${school.name}: classes, trips, the garden, our van and celebrations.`);
  return (
    <>
      <header className="page-header">
        <div className="container">
          <h1>Photo Gallery</h1>
          <p>A look at everyday life at {school.name}.</p>
        </div>
      </header>
      <section className="section" aria-label="Photos">
        <div className="container">
          <ul className="gallery-grid">
            {school.gallery.map((g, i) => (
              <li key={g.slug}>
                <figure className="gallery-item">
                  <ResponsiveImage
                    source={g.image}
                    alt={g.alt}
                    sizes="(min-width: 1200px) 280px, (min-width: 768px) 33vw, 50vw"
                    priority={i < 2}
                  />
                  <figcaption>{g.caption}</figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
