import { Outlet, ScrollRestoration } from 'react-router-dom';
import { useSession } from '../../lib/session';
import { Spinner } from '../../ui';
import { Footer } from './Footer';
import { Navbar } from './Navbar';
import { PublicDemoBanner } from './PublicDemoBanner';

export function Layout() {
  const { restoring } = useSession();
  return (
    <div className="app">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <PublicDemoBanner />
      <Navbar />
      <main id="main" className="main" tabIndex={-1}>
        {restoring ? <Spinner fullPage /> : <Outlet />}
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
