import { useSyncExternalStore } from 'react';

/**
 * A new version of Sofra waiting to be taken (the service worker is installed, not active yet).
 * main.tsx registers the worker and reports here; the banner offers "Yenile" and never reloads on
 * its own, so a waiter mid-order stays on the version they started with.
 */
let applyUpdate: (() => Promise<void>) | null = null;
const listeners = new Set<() => void>();

export function setUpdateReady(apply: () => Promise<void>) {
  applyUpdate = apply;
  listeners.forEach((l) => l());
}
const subscribe = (l: () => void) => (listeners.add(l), () => void listeners.delete(l));
const isReady = () => applyUpdate !== null;
export const useUpdateReady = () => useSyncExternalStore(subscribe, isReady, isReady);
/** Activates the new worker and reloads the page (vite-plugin-pwa's updateSW(true)). */
export const takeUpdate = () => applyUpdate?.();
