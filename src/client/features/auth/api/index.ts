/*
 * The auth feature's front door: signing out (the dashboards' top bar) and whether this browser
 * is a shared device (the bill's approval dialog).
 */
export { logout } from './login';
export { sharedDeviceInfoQuery } from './pin-login';
