import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Full-screen mode for the kitchen tablet. Browsers allow it only from a tap, so when the cook's
 * Ayarlar ask for it the first tap on the screen turns it on.
 */
export function useFullScreen(isPreferred: boolean) {
  const ref = useRef<HTMLElement>(null);
  const [isActive, setActive] = useState(false);
  const isSupported = typeof document !== 'undefined' && typeof document.documentElement.requestFullscreen === 'function';

  useEffect(() => {
    const onChange = () => setActive(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const toggle = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
    else void ref.current?.requestFullscreen().catch(() => {});
  }, []);

  useEffect(() => {
    if (!isPreferred || !isSupported) return;
    const onFirstTap = () => {
      if (!document.fullscreenElement) void ref.current?.requestFullscreen().catch(() => {});
    };
    document.addEventListener('pointerdown', onFirstTap, { once: true });
    return () => document.removeEventListener('pointerdown', onFirstTap);
  }, [isPreferred, isSupported]);

  return { ref, isActive, isSupported, toggle };
}
