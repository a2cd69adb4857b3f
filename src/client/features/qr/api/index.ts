/* The QR feature's front door: every table's QR token (the code on its card carries it). */
export { qrTokensQuery } from './qr-tokens';
