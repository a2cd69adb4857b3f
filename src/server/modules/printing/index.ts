/** The printing module's front door: what other modules and the app may use of it; they import nothing else. */
export { parsePrinterNetworks } from './printer-networks';
export { printingRoutes } from './printing.routes';
export { Printing } from './printing.service';
export type { PrintingOptions } from './printing.service';
