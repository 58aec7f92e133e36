import { EmailAddress } from '../ui/email-address';
import { Link } from 'wouter';
import { mailingAddress, school } from '../../content/school';
import { footerLinks } from './nav-links';
import { StreetAddress } from './street-address';

/**
 * Site footer: address, PO box, phone, e-mail, social link, the copyright line with the year and tax ID, and
 * the legal links. The spec says those "point nowhere yet": they go to '#' targets on this page rather than
 * to dead URLs, which keeps link checkers (and Lighthouse) happy.
 */
export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="container">
        <div className="footer-grid">
          <div>
            <h2>{school.name}</h2>
            <p>{school.mission}</p>
            <address>
              <StreetAddress />
              <p>Mailing address: {mailingAddress}</p>
            </address>
          </div>
          <div>
            <h2>Quick Links</h2>
            <ul className="footer-list">
              {footerLinks.map((l) => (
                <li key={l.href}>
                  <Link href={l.href}>{l.label}</Link>
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h2>Get in Touch</h2>
            <ul className="footer-list">
              <li>
                <a href={school.phoneHref}>
                  <span className="sr-only">Phone: </span>
                  {school.phone}
                </a>
              </li>
              <li>
                <a href={`mailto:${school.email}`}>
                  {/* One flex item, so the address wraps as text (before its '@') and is named as one word. */}
                  <span>
                    <span className="sr-only">E-mail: </span>
                    <EmailAddress address={school.email} />
                  </span>
                </a>
              </li>
              <li>
                <a href={school.social.url} rel="noopener noreferrer" target="_blank">
                  Follow us on {school.social.label}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </li>
            </ul>
          </div>
        </div>
        <div className="footer-bottom">
          <p>
            © {year} {school.name}. All rights reserved. Tax ID (EIN): {school.ein}
          </p>
          <ul className="footer-legal" aria-label="Legal">
            <li>
              <a href="#privacy-policy">Privacy Policy</a>
            </li>
            <li>
              <a href="#terms-of-service">Terms of Service</a>
            </li>
            <li>
              <a href="#accessibility">Accessibility</a>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
