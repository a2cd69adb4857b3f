import {
  PLATFORM_CONNECTION_MESSAGES,
  platformConnectionRequest,
  type PlatformConnectionInfo,
  type PlatformConnectionInput,
} from '../../../shared/online-orders-contract';
import type { FieldErrors } from '../../api/field-errors';
import { pt } from './platform-text';

/** One row of the product-mapping table; `key` keeps React's rows steady while codes are typed. */
export interface MapRow {
  key: number;
  code: string;
  menuItemId: string;
}

/**
 * A platform connection as its form holds it. The secrets start empty whatever is stored: the
 * server never sends them, and an empty one sent back keeps the stored secret.
 */
export interface ConnectionForm {
  enabled: boolean;
  clientId: string;
  clientSecret: string;
  webhookSecret: string;
  remoteCode: string;
  /** Yemeksepeti only */
  chainCode: string;
  /** Trendyol only */
  storeId: string;
  executorUser: string;
  baseUrl: string;
  autoAccept: boolean;
  autoAcceptMinutes: number | '';
  rows: MapRow[];
}

let nextKey = 0;
export const newRow = (code = '', menuItemId = ''): MapRow => ({ key: ++nextKey, code, menuItemId });

export const DEFAULT_AUTO_ACCEPT_MINUTES = 20;

export function formFrom(connection: PlatformConnectionInfo | null): ConnectionForm {
  return {
    enabled: connection?.enabled ?? true,
    clientId: connection?.clientId ?? '',
    clientSecret: '',
    webhookSecret: '',
    remoteCode: connection?.remoteCode ?? '',
    chainCode: connection?.chainCode ?? '',
    storeId: connection?.storeId ?? '',
    executorUser: connection?.executorUser ?? '',
    baseUrl: connection?.baseUrl ?? '',
    autoAccept: connection?.autoAcceptMinutes != null,
    autoAcceptMinutes: connection?.autoAcceptMinutes ?? DEFAULT_AUTO_ACCEPT_MINUTES,
    rows: Object.entries(connection?.productMap ?? {})
      .sort(([a], [b]) => a.localeCompare(b, 'tr'))
      .map(([code, menuItemId]) => newRow(code, menuItemId)),
  };
}

/** The rows that say something: a row left wholly empty is ignored, not refused. */
const filledRows = (rows: readonly MapRow[]) => rows.map((row, index) => ({ row, index })).filter(({ row }) => row.code.trim() !== '' || row.menuItemId !== '');

/** A field path of the request ('productMap.<code>') → the form's ('rows.<i>.code' / '.menuItemId'). */
export function formFieldOf(path: readonly PropertyKey[], rows: readonly MapRow[], isKey = false): string {
  if (path[0] !== 'productMap' || path.length < 2) return path.map(String).join('.');
  const index = rows.findIndex((r) => r.code.trim() === String(path[1]));
  return index < 0 ? 'productMap' : `rows.${index}.${isKey ? 'code' : 'menuItemId'}`;
}

/** The server's field errors, on the form's fields. */
export function formErrorsFrom(fields: FieldErrors, rows: readonly MapRow[]): FieldErrors {
  const out: FieldErrors = {};
  for (const [path, message] of Object.entries(fields)) {
    const field = formFieldOf(path.split('.'), rows);
    if (!(field in out)) out[field] = message;
  }
  return out;
}

/**
 * The request the form stands for, or its field errors (Turkish, on the fields): the shared
 * contract checks what it can; the rows and the first save's webhook secret are checked here.
 */
export function checkConnectionForm(form: ConnectionForm, hasWebhookSecret: boolean): { ok: true; request: PlatformConnectionInput } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const productMap: Record<string, string> = {};
  const seen = new Set<string>();
  for (const { row, index } of filledRows(form.rows)) {
    const code = row.code.trim();
    if (!code) errors[`rows.${index}.code`] = pt.codeNeeded;
    else if (seen.has(code)) errors[`rows.${index}.code`] = pt.codeTwice;
    if (!row.menuItemId) errors[`rows.${index}.menuItemId`] = pt.dishNeeded;
    if (code && !seen.has(code)) productMap[code] = row.menuItemId;
    seen.add(code);
  }
  if (!hasWebhookSecret && form.webhookSecret === '') errors.webhookSecret = PLATFORM_CONNECTION_MESSAGES.webhookSecretNeeded;
  if (form.autoAccept && form.autoAcceptMinutes === '') errors.autoAcceptMinutes = pt.minutesNeeded;

  const request: PlatformConnectionInput = {
    enabled: form.enabled,
    webhookSecret: form.webhookSecret,
    clientId: form.clientId.trim(),
    clientSecret: form.clientSecret,
    remoteCode: form.remoteCode.trim(),
    chainCode: form.chainCode.trim(),
    storeId: form.storeId.trim(),
    executorUser: form.executorUser.trim(),
    baseUrl: form.baseUrl.trim(),
    productMap,
    autoAcceptMinutes: form.autoAccept ? (form.autoAcceptMinutes === '' ? Number.NaN : form.autoAcceptMinutes) : null,
  };
  const parsed = platformConnectionRequest.safeParse(request);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      // a record's key error keeps its own message one level down
      const isKey = issue.code === 'invalid_key';
      const message = isKey && 'issues' in issue && Array.isArray(issue.issues) && issue.issues[0] ? String(issue.issues[0].message) : issue.message;
      const field = formFieldOf(issue.path, form.rows, isKey);
      if (!(field in errors)) errors[field] = message;
    }
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, request };
}
