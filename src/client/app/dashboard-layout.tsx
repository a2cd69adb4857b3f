import { Burger, Button, NavLink, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useCallback, useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { Role } from '../../shared/domain/roles';
import { logout } from '../features/auth/api';
import { SwitchUserButton } from '../features/auth/switch-user-button';
import { getUserSession } from '../api/session';
import { SidebarCollapseContext, TABLET_QUERY } from '../components/sidebar-collapse';
import { tr } from '../i18n/tr';
import classes from './dashboard-layout.module.css';

export interface SidebarItem {
  /** the sub-route, e.g. 'printer-settings' */
  key: string;
  label: string;
  icon: string;
}

interface Props {
  role: Role;
  items: SidebarItem[];
  /** highlighted when the URL names no item (the spec's default selection) */
  defaultItem: string;
  /** sidebar width on phones; 240px elsewhere */
  mobileWidth?: number;
  children: ReactNode;
}

/**
 * The role dashboards' frame: a 240px sidebar; under 768px it hides and slides in from a toggle,
 * and a click on the overlay, the content or an item closes it again. A screen that asks for it
 * (useSidebarCollapsedOnTablet) gets the same below 1280px, so a kitchen tablet has room for cards.
 */
export function DashboardLayout({ role, items, defaultItem, mobileWidth = 240, children }: Props) {
  const [isMenuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  const base = `/${role}`;
  const segment = location.pathname.slice(base.length).split('/').filter(Boolean)[0];
  const selected = items.some((i) => i.key === segment) ? segment : defaultItem;
  const email = getUserSession()?.email;
  const close = () => setMenuOpen(false);
  const isPhone = useMediaQuery('(max-width: 767.98px)', false, { getInitialValueInEffect: false });
  const isTablet = useMediaQuery(TABLET_QUERY, false, { getInitialValueInEffect: false });
  // How many shown screens want the sidebar folded away on a tablet (the kitchen's cards).
  const [collapseRequests, setCollapseRequests] = useState(0);
  const requestCollapse = useCallback((delta: 1 | -1) => setCollapseRequests((n) => n + delta), []);
  const isFoldedOnTablet = collapseRequests > 0;
  const isSidebarHidden = isPhone || (isFoldedOnTablet && isTablet);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const mainRef = useRef<HTMLElement>(null);

  // Escape closes the phone sidebar and gives focus back to the ☰ button that opened it.
  useEffect(() => {
    if (!isMenuOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [isMenuOpen]);

  async function handleLogout() {
    await logout().catch(() => {});
    navigate('/', { replace: true });
  }

  return (
    <div className={classes.shell} data-fold-tablet={isFoldedOnTablet} style={{ '--sidebar-mobile-width': `${mobileWidth}px` } as CSSProperties}>
      <a
        href="#main-content"
        className={classes.skipLink}
        onClick={(e) => {
          e.preventDefault();
          mainRef.current?.focus();
        }}
      >
        {tr.skipToContent}
      </a>
      <header className={classes.topbar}>
        <Burger
          ref={toggleRef}
          className={classes.toggle}
          opened={isMenuOpen}
          onClick={() => setMenuOpen((o) => !o)}
          aria-label={isMenuOpen ? tr.closeMenu : tr.menu}
          aria-expanded={isMenuOpen}
          aria-controls="sidebar"
          size="sm"
        />
        <Text fw={700} className={classes.brand}>
          {tr.appName} · {tr.roles[role]}
        </Text>
        <Text size="sm" c="dimmed" className={classes.email} truncate>
          {email}
        </Text>
        <SwitchUserButton />
        <Button variant="light" color="red" size="sm" onClick={handleLogout}>
          {tr.logout}
        </Button>
      </header>

      {/* A closed phone sidebar is off screen: inert keeps its links out of the Tab order. */}
      <nav id="sidebar" className={classes.sidebar} data-open={isMenuOpen} aria-label={tr.menu} inert={isSidebarHidden && !isMenuOpen}>
        {items.map((item) => (
          <NavLink
            key={item.key}
            component={Link}
            to={`${base}/${item.key}`}
            label={item.label}
            leftSection={<span aria-hidden>{item.icon}</span>}
            active={item.key === selected}
            aria-current={item.key === selected ? 'page' : undefined}
            onClick={close}
            className={classes.item}
          />
        ))}
      </nav>

      {isMenuOpen && <div className={classes.overlay} data-testid="sidebar-overlay" onClick={close} aria-hidden />}
      <main
        id="main-content"
        ref={mainRef}
        tabIndex={-1}
        className={classes.content}
        onClick={isMenuOpen ? close : undefined}
      >
        <SidebarCollapseContext.Provider value={requestCollapse}>{children}</SidebarCollapseContext.Provider>
      </main>
    </div>
  );
}
