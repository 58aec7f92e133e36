import { lazy, Suspense, useEffect } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { Layout } from '../components/layout/layout';
import { HomeRoute } from './routes/home';
import { NotFoundRoute } from './routes/not-found';

// Public pages other than Home load on demand; the admin area is its own chunk that public visitors never download.
const AboutRoute = lazy(() => import('./routes/about'));
const ProgramsRoute = lazy(() => import('./routes/programs'));
const GalleryRoute = lazy(() => import('./routes/gallery'));
const DonateRoute = lazy(() => import('./routes/donate'));
const ContactRoute = lazy(() => import('./routes/contact'));
const AdminDashboardRoute = lazy(() => import('../features/admin/routes/dashboard-route'));
const DonorProfileRoute = lazy(() => import('../features/admin/routes/donor-profile-route'));
const ResetPasswordRoute = lazy(() => import('../features/admin/routes/reset-password-route'));

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
          <Route path="/contact" component={ContactRoute} />
          <Route path="/stripe-data" component={AdminDashboardRoute} />
          <Route path="/stripe-data/customer/:customerId" component={DonorProfileRoute} />
          <Route path="/reset-password" component={ResetPasswordRoute} />
          <Route component={NotFoundRoute} />
        </Switch>
      </Suspense>
    </Layout>
  );
}
