import './courier.css';
import { startCourierPage, tokenFromPath } from './courier-page';

const root = document.getElementById('courier');
if (root) startCourierPage(root, tokenFromPath(location.pathname));
