/* The couriers feature's front door: Kurye Takibi's board (couriers, their orders, the ready Paket Servis orders). */
export { courierBoardQuery } from './couriers';
