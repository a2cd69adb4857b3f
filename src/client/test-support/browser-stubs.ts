import { vi } from 'vitest';
import { setUserSession } from '../api/session';

/**
 * Makes jsdom a phone (`(pointer: coarse)` matches), where single choices are the browser's own
 * <select> (ChoiceSelect); undo with `vi.unstubAllGlobals()`.
 */
export function stubTouchScreen() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === '(pointer: coarse)',
    media: query,
    onchange: null,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
    dispatchEvent: () => false,
  }));
}

/**
 * What an owner's form needs in jsdom, signed in as the owner of restaurant r1: `document.fonts`
 * (the autosize Textarea listens to it) and ResizeObserver (Mantine's scroll areas and segmented
 * controls measure with it); undo the stub with `vi.unstubAllGlobals()`.
 */
export function stubOwnerForm() {
  if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
  vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
  setUserSession({ uid: 'u', email: 'sahip@example.com', role: 'owner', restaurantId: 'r1' });
}
