/** The printer document's URL; the page edits it through useDocumentForm. */
export const printerSettingsUrl = (restaurantId: string) =>
  `/api/restaurants/${encodeURIComponent(restaurantId)}/settings/printer`;
