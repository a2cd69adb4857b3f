import { DateInput, DatesProvider } from '@mantine/dates';
import '@mantine/dates/styles.css';
import 'dayjs/locale/tr';
import classes from './date-field.module.css';

/** What the field shows: 25.11.2026, whatever the browser's language. */
export const TR_DATE_FORMAT = 'DD.MM.YYYY';

/**
 * Reads a typed day the Turkish way (25.11.2026, also 25/11/2026, 25-11-2026 and 2026-11-25) into
 * the API's 'YYYY-MM-DD'; null for anything that is not a real calendar day (31.02.2026).
 */
export function parseTrDate(text: string): string | null {
  const t = text.trim();
  const tr = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/.exec(t);
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t);
  const [y, m, d] = tr ? [tr[3], tr[2], tr[1]] : iso ? [iso[1], iso[2], iso[3]] : [];
  if (!y) return null;
  const day = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  const isReal = day.getUTCFullYear() === Number(y) && day.getUTCMonth() === Number(m) - 1 && day.getUTCDate() === Number(d);
  return isReal ? day.toISOString().slice(0, 10) : null;
}

interface Props {
  label: string;
  /** 'YYYY-MM-DD', or '' for no day */
  value: string;
  onChange(value: string): void;
  /** the latest day that can be chosen, 'YYYY-MM-DD' */
  max?: string;
  min?: string;
  error?: string;
  /** offers a ✕ that empties the field */
  clearable?: boolean;
}

/**
 * Every date field: a Turkish calendar (Turkish month and day names, the week starts on Monday)
 * and 25.11.2026 in the field, instead of the browser's own date input, which follows the
 * browser's language (an English Chrome shows mm/dd/yyyy). Lives in the chunks of the screens
 * that use it, never in the login page's.
 */
export function DateField({ label, value, onChange, max, min, error, clearable }: Props) {
  return (
    <DatesProvider settings={{ locale: 'tr', firstDayOfWeek: 1, weekendDays: [0, 6] }}>
      <DateInput
        label={label}
        value={value || null}
        onChange={(v) => onChange(v ?? '')}
        valueFormat={TR_DATE_FORMAT}
        dateParser={parseTrDate}
        placeholder="GG.AA.YYYY"
        maxDate={max}
        minDate={min}
        error={error}
        clearable={clearable}
        popoverProps={{ withinPortal: true }}
        classNames={{
          day: classes.day,
          monthsListControl: classes.pickerControl,
          yearsListControl: classes.pickerControl,
          calendarHeader: classes.header,
          calendarHeaderControl: classes.headerControl,
          calendarHeaderLevel: classes.headerControl,
        }}
      />
    </DatesProvider>
  );
}
