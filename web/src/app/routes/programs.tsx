import { ContactCallout } from '../../components/contact-callout';
import { ProgramCard } from '../../components/program-card';
import { school } from '../../content/school';
import { sitePages } from '../../content/site-pages';
import { usePageMeta } from '../../lib/page-meta';
import { publishedPageMeta } from '../../content/site-pages';

export default function ProgramsRoute() {
  usePageMeta(publishedPageMeta('programs'));
  return (
    <>
      <header className="page-header">
        <div className="container">
          <h1>Our Programs</h1>
          <p>{sitePages.programs.intro}</p>
        </div>
      </header>
      <section className="section" aria-label="Programs">
        <div className="container">
          <ul className="grid grid--3" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {school.programs.map((p, i) => (
              <ProgramCard key={p.slug} program={p} text={p.description} headingLevel="h2" priority={i === 0} />
            ))}
          </ul>
        </div>
      </section>
      <section className="section section--tight" aria-labelledby="more-info-title">
        <div className="container">
          <ContactCallout
            title="Need More Information?"
            titleId="more-info-title"
            text={sitePages.programs.moreInfo}
            size="lg"
          />
        </div>
      </section>
    </>
  );
}
