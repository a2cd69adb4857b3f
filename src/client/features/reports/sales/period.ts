import { REPORT_LIMITS } from '../../../../shared/reports-contract';
import { daysInRange, type PeriodPreset, presetRange, trDay } from '../../../../shared/domain/calendar';

/**
 * The report's period on the screen: a preset (Bugün, Dün, Bu hafta, Bu ay, Geçen ay) or any range
 * of business days. The days of a preset and the previous equal period are the contract's
 * (src/shared/reports-contract.ts), the same the server uses; "today" is the restaurant's business
 * day (Ayarlar's time zone and day start hour), handed in by the screen.
 */

export { PERIOD_PRESET_LABELS as PERIOD_LABELS, PERIOD_PRESETS, type PeriodPreset, presetRange, previousPeriod } from '../../../../shared/domain/calendar';

/** The picker's words: the one list of Satış Raporları and Reçete Raporu (reports-contract.ts). */

export interface Period {
  from: string;
  to: string;
}

export interface PeriodChoice extends Period {
  preset: PeriodPreset;
}

/** The choice for a preset on `today`; a custom range keeps the days it had. */
export function choosePreset(preset: PeriodPreset, today: string, current?: Period): PeriodChoice {
  if (preset === 'custom') {
    const { from, to } = current ?? presetRange('today', today);
    return { preset, from, to };
  }
  return { preset, ...presetRange(preset, today) };
}

/** What is wrong with a typed range, in Turkish (the API's own words); null when it will be taken. */
export function periodError(period: { from: string; to: string }): string | null {
  if (!period.from || !period.to) return 'Başlangıç ve bitiş günlerini seçin';
  if (period.from > period.to) return 'Başlangıç tarihi bitişten sonra olamaz';
  if (daysInRange(period.from, period.to) > REPORT_LIMITS.maxDays) return `Bir rapor en fazla ${REPORT_LIMITS.maxDays} günü kapsayabilir`;
  return null;
}


/** "25.11.2026" or "01.11.2026 – 25.11.2026" */
export const periodText = ({ from, to }: Period) => (from === to ? trDay(from) : `${trDay(from)} – ${trDay(to)}`);
