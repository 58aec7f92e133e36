import { RichText } from '../../components/rich-text/rich-text';
import { Card } from '../../components/ui/card';
import { CheckIcon } from '../../components/ui/icons';
import { school } from '../../content/school';
import { sitePages } from '../../content/site-pages';
import { DonationPanel } from '../../features/donate/components/donation-panel';
import { usePageMeta } from '../../lib/page-meta';
import { publishedPageMeta } from '../../content/site-pages';

export default function DonateRoute() {
  usePageMeta(publishedPageMeta('donate'));
  return (
    <>
      <header className="page-header">
        <div className="container">
          <h1>Donate</h1>
          <p>{sitePages.donate.intro}</p>
        </div>
      </header>
      <section className="section">
        <div className="container donate-grid">
          <div className="stack">
            <div>
              <h2>Support Our Mission</h2>
              <RichText html={sitePages.donate.appeal} className="rich-text--flow" />
            </div>
            <Card style={{ padding: '1.5rem' }}>
              <h2>Ways to Give</h2>
              <ul className="ways-list">
                {school.waysToGive.map((w) => (
                  <li key={w}>
                    <CheckIcon />
                    <span>{w}</span>
                  </li>
                ))}
              </ul>
              <p style={{ marginBottom: 0 }}>
                To give supplies or your time, call <a href={school.phoneHref}>{school.phone}</a>.
              </p>
            </Card>
          </div>
          <DonationPanel />
        </div>
      </section>
    </>
  );
}
