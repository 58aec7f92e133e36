import { MyGivingPage } from '../../features/my-giving/components/my-giving-page';
import { titled, usePageMeta } from '../../lib/page-meta';

/** /my-giving: donors manage their own recurring gifts, signed in by an e-mailed link. */
export default function MyGivingRoute() {
  usePageMeta(
    titled(
      'My Giving',
      'See your gifts and receipts, and change, pause or cancel your recurring gift. Sign in with a link we e-mail you.',
    ),
  );
  return (
    <>
      <header className="page-header">
        <div className="container">
          <h1>My Giving</h1>
          <p>Your recurring gifts, receipts and statements, in one place.</p>
        </div>
      </header>
      <section className="section">
        <div className="container">
          <MyGivingPage />
        </div>
      </section>
    </>
  );
}
