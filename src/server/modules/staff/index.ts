/** The staff module's front door: what other modules and the app may use of it; they import nothing else. */
export { meRoutes } from './me.routes';
export { staffRoutes } from './staff.routes';
