import { Link } from 'wouter';
import { buttonClass } from '../../components/ui/button';
import { titled, usePageMeta } from '../../lib/page-meta';

/** SPEC's texts, then a way back; the server answers such URLs with HTTP 404 (api/src/web-app/route-preloads.ts). */
export function NotFoundRoute() {
  usePageMeta(titled('Page Not Found', 'The page you are looking for does not exist.'));
  return (
    <section className="container not-found">
      <h1>404 Page Not Found</h1>
      <p>Did you forget to add the page to the router?</p>
      <p>The page you asked for is not here. It may have moved, or the address may have a typo.</p>
      <p>
        <Link href="/" className={buttonClass({ size: 'lg' })}>
          Go to the home page
        </Link>
      </p>
    </section>
  );
}
