import { createContext, useContext, useEffect } from 'react';

/**
 * Tablets (1024 px and the like): the dashboard sidebar may hide behind ☰ there, as on phones. From
 * 1280 px on, three columns of cards fit beside the open sidebar, so it stays.
 */
export const TABLET_QUERY = '(max-width: 1279.98px)';

/** Given by the dashboard frame: a screen says it wants the room (+1 while mounted, −1 after). */
export const SidebarCollapseContext = createContext<(delta: 1 | -1) => void>(() => {});

/**
 * A screen that needs the full width on a tablet (the kitchen's cards: three columns at 1024 px
 * instead of two) calls this: while it is shown, the sidebar hides behind the ☰ button below
 * 1280 px wide. Elsewhere the sidebar stays open as usual.
 */
export function useSidebarCollapsedOnTablet() {
  const change = useContext(SidebarCollapseContext);
  useEffect(() => {
    change(1);
    return () => change(-1);
  }, [change]);
}
