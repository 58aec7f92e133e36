import { RichText } from '../../components/rich-text/rich-text';
import { EmailAddress } from '../../components/ui/email-address';
import { ContactCallout } from '../../components/contact-callout';
import { Card } from '../../components/ui/card';
import { HeartIcon, PeopleIcon, ShieldIcon } from '../../components/ui/icons';
import { school } from '../../content/school';
import { sitePages } from '../../content/site-pages';
import { usePageMeta } from '../../lib/page-meta';
import { publishedPageMeta } from '../../content/site-pages';

const valueIcons = { Empowerment: ShieldIcon, Dignity: HeartIcon, Community: PeopleIcon } as const;

function initials(text: string): string {
  return text
    .split(/\s+/)
    .map((w) => w[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();
}

const page = sitePages.about;

export default function AboutRoute() {
  usePageMeta(publishedPageMeta('about'));
  return (
    <>
      <header className="page-header">
        <div className="container">
          <h1>About Us</h1>
          <p>{page.intro}</p>
        </div>
      </header>

      <section className="section" aria-labelledby="history-title">
        <div className="container mission">
          <div>
            <h2 id="history-title">Our History</h2>
            <RichText html={page.history} className="rich-text--flow" />
          </div>
          <ul className="facts" aria-label="Key dates">
            <li>
              <strong>{school.founded}</strong>
              <span>Established</span>
            </li>
            <li>
              <strong>{school.incorporated}</strong>
              <span>Incorporated</span>
            </li>
            <li>
              <strong>50+</strong>
              <span>Years</span>
            </li>
          </ul>
        </div>
      </section>

      <section className="section section--muted" aria-labelledby="team-title">
        <div className="container">
          <div className="section__intro">
            <h2 id="team-title">Our Team</h2>
            <p>{school.team}</p>
          </div>
          <ul className="grid grid--2" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {school.staff.map((s) => {
              const name = 'name' in s && typeof s.name === 'string' ? s.name : undefined;
              return (
                <li key={s.role} style={{ margin: 0 }}>
                  <Card className="staff-card" style={{ height: '100%' }}>
                    <span className="staff-card__avatar" aria-hidden="true">
                      {initials(name ?? s.role)}
                    </span>
                    <div>
                      <h3>{s.role}</h3>
                      {name && (
                        <p>
                          <strong>{name}</strong>
                        </p>
                      )}
                      <p>{s.description}</p>
                      {'email' in s && s.email && (
                        <p>
                          <a href={`mailto:${s.email}`}>
                            <EmailAddress address={s.email} />
                          </a>
                        </p>
                      )}
                    </div>
                  </Card>
                </li>
              );
            })}
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby="values-title">
        <div className="container">
          <div className="section__intro">
            <h2 id="values-title">Our Values</h2>
          </div>
          <ul className="grid grid--3" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {school.values.map((v) => {
              const Icon = valueIcons[v.title as keyof typeof valueIcons];
              return (
                <li key={v.title} style={{ margin: 0 }}>
                  <Card className="value-card" style={{ height: '100%' }}>
                    {Icon && <Icon className="value-card__icon" />}
                    <h3>{v.title}</h3>
                    <p style={{ marginBottom: 0 }}>{v.text}</p>
                  </Card>
                </li>
              );
            })}
          </ul>
          <ContactCallout title="Visit Us" text={page.visit} style={{ marginTop: '3rem' }} />
        </div>
      </section>
    </>
  );
}
