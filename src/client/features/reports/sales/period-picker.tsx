import { Button, Group, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { DateField } from '../../../components/date-field';
import { PERIOD_LABELS, PERIOD_PRESETS, choosePreset, periodError, type PeriodChoice } from './period';
import classes from './reports.module.css';

interface Props {
  value: PeriodChoice;
  /** the restaurant's current business day */
  today: string;
  onChange(choice: PeriodChoice): void;
}

/**
 * Bugün · Dün · Bu hafta · Bu ay · Geçen ay · Özel aralık: big buttons that wrap on a phone (each
 * says whether it is chosen, aria-pressed, not only by its colour), and for a custom range two
 * Turkish date fields (a calendar that works by touch, 44 px days) with a Göster button. A wrong
 * range is said on the field, in Turkish, and nothing is asked of the server.
 */
export function PeriodPicker({ value, today, onChange }: Props) {
  const [from, setFrom] = useState(value.from);
  const [to, setTo] = useState(value.to);
  const [error, setError] = useState<string | null>(null);
  const isCustom = value.preset === 'custom';

  // a preset chosen elsewhere moves the fields with it
  useEffect(() => {
    setFrom(value.from);
    setTo(value.to);
    setError(null);
  }, [value.from, value.to]);

  const apply = () => {
    const problem = periodError({ from, to });
    setError(problem);
    if (!problem) onChange({ preset: 'custom', from, to });
  };

  return (
    <Stack gap="xs">
      <Group gap={6} role="group" aria-label="Dönem" className={classes.presets}>
        {PERIOD_PRESETS.map((preset) => {
          const chosen = value.preset === preset;
          return (
            <Button
              key={preset}
              size="md"
              variant={chosen ? 'filled' : 'default'}
              aria-pressed={chosen}
              onClick={() => onChange(choosePreset(preset, today, value))}
            >
              {chosen && <span aria-hidden="true">✓&nbsp;</span>}
              {PERIOD_LABELS[preset]}
            </Button>
          );
        })}
      </Group>
      {isCustom && (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            apply();
          }}
        >
          <Group align="flex-start" gap="sm" wrap="wrap">
            <div className={classes.dateField}>
              <DateField label="Başlangıç" value={from} max={today} onChange={(v) => (setError(null), setFrom(v))} error={error && error.startsWith('Başlangıç') ? error : undefined} />
            </div>
            <div className={classes.dateField}>
              <DateField label="Bitiş" value={to} max={today} onChange={(v) => (setError(null), setTo(v))} error={error && !error.startsWith('Başlangıç') ? error : undefined} />
            </div>
            <Button type="submit" size="md" mt={{ base: 0, sm: 25 }}>
              Göster
            </Button>
          </Group>
        </form>
      )}
    </Stack>
  );
}
