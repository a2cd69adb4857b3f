/* The staff feature's front door: Personel's reads (the staff list, the shared devices, the members' PINs). */
export { sharedDevicesQuery, staffPinsQuery } from './shared-devices';
export { staffListQuery } from './staff-queries';
