/**
 * The bounds of a crash report (client-error-contract.ts). Apart from the schema so the browser
 * app's entry, which trims reports to them, does not load the validation library.
 */
export const CLIENT_ERROR_LIMITS = { message: 500, stack: 4000, screen: 300, version: 40 } as const;
