import '../styles/mantine-dashboard';
import { Alert } from '@mantine/core';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import type { ReactNode } from 'react';
import type { Role } from '../../shared/domain/roles';
import { connectionConfig } from '../api/connection';
import { NotReadyPanel } from '../features/placeholder/not-ready-panel';
import { isDeniedState } from '../features/auth/session-notice';
import { tr } from '../i18n/tr';
import { PageTitle } from '../components/page-title';
import { DashboardLayout, type SidebarItem } from './dashboard-layout';
import { OfflineBanner } from './offline-banner';
import { ScreenErrorBoundary } from './screen-error-boundary';
import { useLiveEvents } from './use-live-events';

export interface DashboardScreen extends SidebarItem {
  /** the finished screen; absent = not delivered yet */
  element?: ReactNode;
}

interface Props {
  role: Role;
  screens: DashboardScreen[];
  defaultItem: string;
  /** the sub-route the index route shows */
  indexItem: string;
  mobileWidth?: number;
}

/** A role's whole route tree: sidebar items, their wildcard sub-routes and the index route. */
export function RoleDashboard({ role, screens, defaultItem, indexItem, mobileWidth }: Props) {
  useLiveEvents();
  const screenFor = (s: DashboardScreen) => s.element ?? <NotReadyPanel title={s.label} />;
  const index = screens.find((s) => s.key === indexItem)!;
  const { state, pathname } = useLocation();
  // The page is named after the sidebar item shown (the index route shows the index item).
  const segment = pathname.slice(role.length + 1).split('/').filter(Boolean)[0];
  const shown = screens.find((s) => s.key === segment) ?? index;
  const deniedRole = isDeniedState(state) ? state.deniedRole : null;
  return (
    <DashboardLayout role={role} items={screens} defaultItem={defaultItem} mobileWidth={mobileWidth}>
      {!connectionConfig.ok && (
        <Alert color="yellow" mb="md" role="alert">
          {tr.network.connectionSettings + connectionConfig.error}
        </Alert>
      )}
      <OfflineBanner />
      {deniedRole && deniedRole !== role && (
        <Alert color="yellow" mb="md" role="status">
          {tr.session.otherRole(tr.roles[deniedRole])}
        </Alert>
      )}
      <PageTitle title={shown.label}>
        {/* inside the layout: a screen that crashes leaves the sidebar working */}
        <ScreenErrorBoundary home={{ to: `/${role}`, text: tr.crash.backTo(index.label) }}>
          <Routes>
            <Route index element={screenFor(index)} />
            {screens.map((s) => (
              <Route key={s.key} path={`${s.key}/*`} element={screenFor(s)} />
            ))}
            <Route path="*" element={<Navigate to={`/${role}`} replace />} />
          </Routes>
        </ScreenErrorBoundary>
      </PageTitle>
    </DashboardLayout>
  );
}
