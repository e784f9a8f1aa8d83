import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { useSession, useSignOut } from '../../lib/session';
import { paths } from '../paths';
import { DarkModeToggle } from './DarkModeToggle';

interface NavItem {
  to: string;
  label: string;
}

const commonStart: NavItem[] = [
  { to: paths.home, label: 'Home' },
  { to: paths.whyUs, label: 'Why Us?' },
  { to: paths.setupGuide, label: 'Setup Guide' },
];

export function Navbar() {
  const { isSignedIn, isAdmin } = useSession();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);

  const toggleRef = useRef<HTMLButtonElement>(null);

  // A followed link closes the mobile menu.
  useEffect(() => setMenuOpen(false), [location.pathname]);

  // Escape closes the open menu and returns focus to its toggle, as keyboard users expect.
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const items: NavItem[] = isSignedIn
    ? [
        ...commonStart,
        { to: paths.dashboard, label: 'Dashboard' },
        { to: paths.credits, label: 'Credits' },
        { to: paths.manageAccount, label: 'Manage Account' },
        ...(isAdmin ? [{ to: paths.admin, label: 'Admin Dashboard' }] : []),
        { to: paths.support, label: 'Support' },
      ]
    : [...commonStart, { to: paths.pricing, label: 'Pricing' }, { to: paths.support, label: 'Support' }];

  async function logout() {
    await signOut();
    navigate(paths.home);
  }

  return (
    <header className={isSignedIn ? 'navbar navbar-crowded' : 'navbar'}>
      <nav className="navbar-inner" aria-label="Main">
        <Link to={paths.home} className="brand">
          <span className="brand-mark" aria-hidden="true">
            Z
          </span>
          ZipFill
        </Link>
        <button
          ref={toggleRef}
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="main-menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="menu-icon" aria-hidden="true" />
          <span className="visually-hidden">{menuOpen ? 'Close menu' : 'Open menu'}</span>
        </button>
        <div id="main-menu" className={menuOpen ? 'nav-menu open' : 'nav-menu'}>
          <ul className="nav-links">
            {items.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.to === paths.home} className="nav-link">
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="nav-actions">
            <DarkModeToggle />
            {isSignedIn ? (
              <button type="button" className="btn btn-secondary" onClick={() => void logout()}>
                Logout
              </button>
            ) : (
              <>
                <Link to={paths.login} className="btn btn-ghost">
                  Login
                </Link>
                <Link to={paths.register} className="btn btn-primary">
                  Sign Up
                </Link>
              </>
            )}
          </div>
        </div>
      </nav>
    </header>
  );
}
