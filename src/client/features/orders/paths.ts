import { getUserSession } from '../../api/session';

const role = () => getUserSession()?.role ?? 'waiter';

/** Sipariş Ekranı of the signed-in role: /owner/orders or /waiter/orders. */
export const ordersPath = () => `/${role()}/orders`;
/** Where a ticket's adisyon opens for the signed-in role. */
export const ticketPath = (ticketId: string) => `${ordersPath()}/${encodeURIComponent(ticketId)}`;
