/**
 * A hint, not a secret: the device's name, so the dashboards show "Kullanıcı Değiştir" on a shared
 * device. The device's token stays in its HttpOnly cookie; the server decides every PIN.
 */
const HINT_KEY = 'sharedDevice';
const CHANGED = 'sofra:shared-device';
export function rememberSharedDevice(name: string | null) {
  if (name) localStorage.setItem(HINT_KEY, name);
  else localStorage.removeItem(HINT_KEY);
  // the top bar of this tab shows or hides Kullanıcı Değiştir at once (other tabs hear 'storage')
  window.dispatchEvent(new Event(CHANGED));
}
export const sharedDeviceName = () => localStorage.getItem(HINT_KEY);
export function subscribeSharedDevice(onChange: () => void) {
  window.addEventListener(CHANGED, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGED, onChange);
    window.removeEventListener('storage', onChange);
  };
}
