import { useCallback, useEffect, useState } from 'react';
import { ApiError } from './http';

/** A form's field errors: each field's path in the shared schema ('profile.taxNumber') → message. */
export type FieldErrors = Record<string, string>;

/** Shown instead of the server's sentence, which names schema paths a person must never see. */
export const FIX_FIELDS_MESSAGE = 'Bazı alanlar hatalı; işaretli alanları düzeltip tekrar deneyin.';

/** Zod issues (a schema parsed in the browser) as field errors: the first message per field. */
export function fieldErrorsFromIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    if (!(path in out)) out[path] = issue.message;
  }
  return out;
}

/** The field errors a refused request carried (the server's 400 `fields`), or none. */
export function fieldErrorsFrom(err: unknown): FieldErrors {
  return err instanceof ApiError ? err.fields : {};
}

/** The sentence to show a person for a failure: never a schema path or a field key. */
export function messageFor(err: unknown): string {
  if (Object.keys(fieldErrorsFrom(err)).length > 0) return FIX_FIELDS_MESSAGE;
  return err instanceof Error ? err.message : String(err);
}

/**
 * Field errors for a form: `fieldProps(path)` goes on each field (its error, and a `data-field`
 * that finds it); `show(errors)` marks the fields, scrolls to the first one on the screen and
 * focuses it. A field's error clears when the field changes (`clear(path)`).
 */
export function useFieldErrors() {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [focusNext, setFocusNext] = useState(false);

  useEffect(() => {
    if (!focusNext) return;
    setFocusNext(false);
    const first = [...document.querySelectorAll<HTMLElement>('[data-field]')].find((el) => el.dataset.field! in errors);
    if (!first) return;
    first.scrollIntoView({ block: 'center', behavior: 'auto' });
    first.focus({ preventScroll: true });
  }, [focusNext, errors]);

  /** Marks the fields (and, unless told not to, takes the person to the first); true when any. */
  const show = useCallback((next: FieldErrors, { focus = true }: { focus?: boolean } = {}) => {
    setErrors(next);
    const any = Object.keys(next).length > 0;
    if (any && focus) setFocusNext(true);
    return any;
  }, []);

  const clear = useCallback(
    (path?: string) => setErrors((e) => (path === undefined ? {} : path in e ? withoutKey(e, path) : e)),
    [],
  );

  // aria-invalid too: Mantine's PasswordInput does not set it on its input by itself
  const fieldProps = (path: string) => ({ error: errors[path], 'data-field': path, 'aria-invalid': path in errors ? true : undefined });

  return { errors, show, clear, fieldProps, hasErrors: Object.keys(errors).length > 0 };
}

function withoutKey(e: FieldErrors, key: string): FieldErrors {
  const { [key]: _, ...rest } = e;
  return rest;
}
