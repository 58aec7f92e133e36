import type { ReactNode } from 'react';
import { Footer } from './footer';
import { Header } from './header';

/** Shared header and footer around every page, with a skip link as the first thing Tab reaches. */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <Header />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </>
  );
}
