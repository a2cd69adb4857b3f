/* The menu feature's front door: the menu as every staff screen reads it (one key, one shape). */
export { menuQuery, useMenu } from './menu-queries';
