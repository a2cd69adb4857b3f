/** The events module's front door: what other modules and the app may use of it; they import nothing else. */
export { EventHub } from './event-hub';
export { eventsRoutes } from './events.routes';
export { distinctFirstSeq, registerFanOut } from './pg-fan-out';
