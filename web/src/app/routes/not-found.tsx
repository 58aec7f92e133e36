import { usePageMeta } from '../../lib/page-meta';

export function NotFoundRoute() {
  usePageMeta('Page Not Found', 'The page you are looking for does not exist.');
  return (
    <section className="container not-found">
      <h1>404 Page Not Found</h1>
      <p>Did you forget to add the page to the router?</p>
    </section>
  );
}
