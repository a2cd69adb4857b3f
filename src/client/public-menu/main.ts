import './menu.css';
import { keepMenuLive, loadPublicMenu, restaurantIdFromPath } from './render-menu';

const root = document.getElementById('menu');
if (root) {
  const restaurantId = restaurantIdFromPath(location.pathname);
  void loadPublicMenu(root, restaurantId, fetch, location.search).then((first) =>
    keepMenuLive(root, restaurantId, first, { search: location.search }),
  );
}
