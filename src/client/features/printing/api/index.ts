/*
 * The printing feature's front door: the printer settings every screen that prints reads (one
 * key, one cached shape), and the kitchen slips that did not print.
 */
export { printerSettingsQuery, usePrinterSettings } from './printer-settings';
export { printFailuresQuery } from './print-failures';
