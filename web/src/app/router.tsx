import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { Layout } from '../components/layout/layout';
import { HomeRoute } from './routes/home';
import { NotFoundRoute } from './routes/not-found';

// Public pages other than Home load on demand; the admin area is its own chunk that public visitors never download.
const AboutRoute = lazy(() => import('./routes/about'));
const ProgramsRoute = lazy(() => import('./routes/programs'));
const GalleryRoute = lazy(() => import('./routes/gallery'));
const DonateRoute = lazy(() => import('./routes/donate'));
const GiveRoute = lazy(() => import('./routes/give'));
const ContactRoute = lazy(() => import('./routes/contact'));
const NewsRoute = lazy(() => import('./routes/news'));
const NewsPostRoute = lazy(() => import('./routes/news-post'));
const EventsRoute = lazy(() => import('./routes/events'));
const MyGivingRoute = lazy(() => import('./routes/my-giving'));
const AdminDashboardRoute = adminPage(lazy(() => import('./routes/admin/dashboard')));
const DonorProfileRoute = adminPage(lazy(() => import('./routes/admin/donor-profile')));
const ResetPasswordRoute = adminPage(lazy(() => import('./routes/admin/reset-password')));
const AdminInviteRoute = adminPage(lazy(() => import('./routes/admin/admin-invite')));
const AuditRoute = adminPage(lazy(() => import('./routes/admin/audit')));
const PayoutsRoute = adminPage(lazy(() => import('./routes/admin/payouts')));
const MonthEndRoute = adminPage(lazy(() => import('./routes/admin/month-end')));
const AppealReportsRoute = adminPage(lazy(() => import('./routes/admin/appeal-reports')));
const RecurringRoute = adminPage(lazy(() => import('./routes/admin/recurring')));
const AdminsRoute = adminPage(lazy(() => import('./routes/admin/admins')));
const SettingsRoute = adminPage(lazy(() => import('./routes/admin/settings')));
const FundsRoute = adminPage(lazy(() => import('./routes/admin/funds')));
const AppealsRoute = adminPage(lazy(() => import('./routes/admin/appeals')));
const AccountRoute = adminPage(lazy(() => import('./routes/admin/account')));
const OperationsRoute = adminPage(lazy(() => import('./routes/admin/operations')));
const DonorImportRoute = adminPage(lazy(() => import('./routes/admin/donor-import')));
const WebsitePagesRoute = adminPage(lazy(() => import('./routes/admin/website')));
const WebsiteNewsRoute = adminPage(lazy(() => import('./routes/admin/website-news')));
const WebsiteEventsRoute = adminPage(lazy(() => import('./routes/admin/website-events')));
const WebsitePhotosRoute = adminPage(lazy(() => import('./routes/admin/website-photos')));

/**
 * Admin pages hold the session token (localStorage), so they never run beside the payment provider's script.
 * Only the donate page loads it; reaching an admin page from there inside the app (back button, a link) reloads
 * the document, whose HTML for admin paths carries no such script.
 */
function adminPage<P extends object>(Page: ComponentType<P>): ComponentType<P> {
  return function AdminPage(props: P) {
    if ('Stripe' in window) {
      window.location.reload();
      return <PageFallback />;
    }
    return <Page {...props} />;
  };
}

function ScrollToTop() {
  const [location] = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location]);
  return null;
}

function PageFallback() {
  return <div className="page-loading" role="status" aria-label="Loading" />;
}

export function AppRouter() {
  return (
    <Layout>
      <ScrollToTop />
      <Suspense fallback={<PageFallback />}>
        <Switch>
          <Route path="/" component={HomeRoute} />
          <Route path="/about" component={AboutRoute} />
          <Route path="/programs" component={ProgramsRoute} />
          <Route path="/gallery" component={GalleryRoute} />
          <Route path="/donate" component={DonateRoute} />
          <Route path="/give/:slug" component={GiveRoute} />
          <Route path="/contact" component={ContactRoute} />
          <Route path="/news" component={NewsRoute} />
          <Route path="/news/:slug" component={NewsPostRoute} />
          <Route path="/events" component={EventsRoute} />
          <Route path="/my-giving" component={MyGivingRoute} />
          <Route path="/stripe-data" component={AdminDashboardRoute} />
          <Route path="/stripe-data/operations" component={OperationsRoute} />
          <Route path="/stripe-data/import" component={DonorImportRoute} />
          <Route path="/stripe-data/customer/:customerId" component={DonorProfileRoute} />
          <Route path="/stripe-data/audit" component={AuditRoute} />
          <Route path="/stripe-data/recurring" component={RecurringRoute} />
          <Route path="/stripe-data/payouts" component={PayoutsRoute} />
          <Route path="/stripe-data/month-end" component={MonthEndRoute} />
          <Route path="/stripe-data/appeal-reports" component={AppealReportsRoute} />
          <Route path="/stripe-data/admins" component={AdminsRoute} />
          <Route path="/stripe-data/settings" component={SettingsRoute} />
          <Route path="/stripe-data/funds" component={FundsRoute} />
          <Route path="/stripe-data/appeals" component={AppealsRoute} />
          <Route path="/stripe-data/account" component={AccountRoute} />
          <Route path="/admin/website" component={WebsitePagesRoute} />
          <Route path="/admin/website/news" component={WebsiteNewsRoute} />
          <Route path="/admin/website/events" component={WebsiteEventsRoute} />
          <Route path="/admin/website/photos" component={WebsitePhotosRoute} />
          <Route path="/reset-password" component={ResetPasswordRoute} />
          <Route path="/admin-invite" component={AdminInviteRoute} />
          <Route component={NotFoundRoute} />
        </Switch>
      </Suspense>
    </Layout>
  );
}
