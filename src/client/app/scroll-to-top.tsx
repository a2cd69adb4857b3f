import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** Every screen opens at its top, not at the scroll position the previous screen was left at. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
