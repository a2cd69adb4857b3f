/** The restaurants module's front door: what other modules and the app may use of it; they import nothing else. */
export { createRestaurantWithOwner, generatePassword } from './create-restaurant';
