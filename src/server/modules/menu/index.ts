/** The menu module's front door: what other modules and the app may use of it; they import nothing else. */
export { menuFileRoutes } from './menu-files.routes';
export { MENU_MESSAGES } from './menu-messages';
export { menuRoutes } from './menu.routes';
export { PhotoStore } from './photo-store';
export { publicPhotoRoutes } from './public-photo.routes';
