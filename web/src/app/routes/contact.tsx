import { EmailAddress } from '../../components/ui/email-address';
import { StreetAddress } from '../../components/layout/street-address';
import { ClockIcon, MailboxIcon, MailIcon, PhoneIcon, PinIcon } from '../../components/ui/icons';
import { ResponsiveImage } from '../../components/ui/responsive-image';
import { fullAddress, mailingAddress, mapsLink, school } from '../../content/school';
import { sitePages } from '../../content/site-pages';
import { appConfig } from '../../lib/config';
import { usePageMeta } from '../../lib/page-meta';
import { publishedPageMeta } from '../../content/site-pages';

/**
 * The 'Find Us' map: the configured embed (MAP_EMBED_URL) when there is one, otherwise a static map image
 * shipped with the app plus a link out, so the page works offline in demo mode and loads no third party.
 */
function FindUsMap() {
  return (
    <figure className="map" aria-labelledby="find-us-title">
      <h2 id="find-us-title">Find Us</h2>
      {appConfig.mapEmbedUrl ? (
        <iframe
          className="map__frame"
          title="Find Us"
          src={appConfig.mapEmbedUrl}
          loading="lazy"
          referrerPolicy="no-referrer-when-downgrade"
          allowFullScreen
        />
      ) : (
        <ResponsiveImage source={school.map.image} alt={school.map.alt} sizes="(min-width: 900px) 560px, 100vw" />
      )}
      <figcaption>
        <p style={{ marginBottom: '0.25rem' }}>{fullAddress}</p>
        <a href={mapsLink} target="_blank" rel="noopener noreferrer">
          Open in OpenStreetMap for directions<span className="sr-only"> (opens in a new tab)</span>
        </a>
      </figcaption>
    </figure>
  );
}

export default function ContactRoute() {
  usePageMeta(publishedPageMeta('contact'));
  return (
    <>
      <header className="page-header">
        <div className="container">
          <h1>Contact Us</h1>
          <p>{sitePages.contact.intro}</p>
        </div>
      </header>
      <section className="section">
        <div className="container contact-grid">
          <div>
            <h2>Get in Touch</h2>
            <ul className="contact-list">
              <li>
                <PinIcon />
                <div>
                  <h3>Street Address</h3>
                  <address>
                    <StreetAddress />
                  </address>
                </div>
              </li>
              <li>
                <MailboxIcon />
                <div>
                  <h3>Mailing Address</h3>
                  <address>
                    <p>{mailingAddress}</p>
                  </address>
                </div>
              </li>
              <li>
                <PhoneIcon />
                <div>
                  <h3>Phone</h3>
                  <p>
                    <a href={school.phoneHref}>{school.phone}</a>
                  </p>
                </div>
              </li>
              <li>
                <MailIcon />
                <div>
                  <h3>E-mail</h3>
                  <p>
                    <a href={`mailto:${school.email}`}>
                      <EmailAddress address={school.email} />
                    </a>
                  </p>
                </div>
              </li>
              <li>
                <ClockIcon />
                <div>
                  <h3>Hours</h3>
                  <table className="hours">
                    <tbody>
                      {school.hours.map((h) => (
                        <tr key={h.days}>
                          <th scope="row">{h.days}</th>
                          <td>{h.time}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </li>
            </ul>
          </div>
          <FindUsMap />
        </div>
      </section>
    </>
  );
}
