import './menu.css';
import { loadPublicMenu, restaurantIdFromPath } from './render-menu';

const root = document.getElementById('menu');
if (root) void loadPublicMenu(root, restaurantIdFromPath(location.pathname));
