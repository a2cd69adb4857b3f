/** The devices module's front door: what other modules and the app may use of it; they import nothing else. */
export { devicesRoutes } from './devices.routes';
export { mePinRoutes } from './me-pin.routes';
export { verifyPinApproval } from './pin-approval';
export { pinAuthRoutes } from './pin-auth.routes';
