/** The couriers module's front door: what other modules and the app may use of it; they import nothing else. */
export { courierPageRoutes } from './courier-page.routes';
export { couriersRoutes } from './couriers.routes';
