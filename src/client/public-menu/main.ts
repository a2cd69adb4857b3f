import './menu.css';
import { POLL_MS, createOrderPad } from './order-pad';
import { keepMenuLive, loadPublicMenu, restaurantIdFromPath } from './render-menu';

const root = document.getElementById('menu');
if (root) {
  const restaurantId = restaurantIdFromPath(location.pathname);
  // the table's QR code carries its token: with it the menu is the table's order pad (when ordering is on)
  const token = new URLSearchParams(location.search).get('masa');
  const pad = token ? createOrderPad(root, restaurantId, token) : null;
  const onRender = pad?.update;
  void loadPublicMenu(root, restaurantId, fetch, location.search, onRender).then((first) =>
    keepMenuLive(root, restaurantId, first, { search: location.search, onRender }),
  );
  if (pad) {
    const tick = () => {
      if (!document.hidden) void pad.poll();
    };
    setInterval(tick, POLL_MS);
    document.addEventListener('visibilitychange', tick);
    tick();
  }
}
