import { RichText } from '../../components/rich-text/rich-text';
import { Link } from 'wouter';
import { buttonClass } from '../../components/ui/button';
import { ProgramCard } from '../../components/program-card';
import { school } from '../../content/school';
import { sitePages } from '../../content/site-pages';
import { usePageMeta } from '../../lib/page-meta';
import { publishedPageMeta } from '../../content/site-pages';
import { HeroArt } from '../../components/layout/hero-art';
import { LatestNews } from '../../features/website-news/components/latest-news';

const teaser = school.homePrograms.map((slug) => school.programs.find((p) => p.slug === slug)!);

const page = sitePages.home;

export function HomeRoute() {
  usePageMeta(publishedPageMeta('home'));
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero__inner">
          <div>
            <span className="eyebrow">{page.eyebrow}</span>
            <h1 id="hero-title">{page.title}</h1>
            <p>{page.intro}</p>
            <div className="hero__actions">
              <Link href="/donate" className={buttonClass({ variant: 'secondary', size: 'lg' })}>
                Donate Now
              </Link>
              <Link href="/programs" className={buttonClass({ variant: 'outline', size: 'lg' })}>
                Our Programs
              </Link>
            </div>
          </div>
          <div className="hero__art">
            <HeroArt />
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="mission-title">
        <div className="container mission">
          <div>
            <span className="eyebrow">Why we are here</span>
            <h2 id="mission-title">Our Mission</h2>
            <p className="lead">{school.mission}</p>
            <RichText html={page.missionDetail} className="rich-text--flow" />
          </div>
          <ul className="facts" aria-label="Facts about the school">
            <li>
              <strong>{school.founded}</strong>
              <span>Founded</span>
            </li>
            <li>
              <strong>50+</strong>
              <span>Years serving</span>
            </li>
            <li>
              <strong>6</strong>
              <span>Programs</span>
            </li>
          </ul>
        </div>
      </section>

      <section className="section section--muted" aria-labelledby="programs-title">
        <div className="container">
          <div className="section__intro">
            <span className="eyebrow">What we do</span>
            <h2 id="programs-title">Our Programs</h2>
            <p>{page.programsIntro}</p>
          </div>
          <ul className="grid grid--3 grid--thirds" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {teaser.map((p) => (
              <ProgramCard key={p.slug} program={p} text={p.summary} headingLevel="h3" />
            ))}
          </ul>
        </div>
      </section>

      <LatestNews />
    </>
  );
}
