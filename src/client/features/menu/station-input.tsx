import { Autocomplete, TextInput } from '@mantine/core';
import { MENU_LIMITS, STATION_SUGGESTIONS } from '../../../shared/menu-contract';
import { useIsTouch } from '../../components/choice-select';

const label = 'Mutfak istasyonu';
const description = 'Siparişin düştüğü yer';

/**
 * A free-text station with suggestions. On touch the suggestions are the browser's own (a
 * datalist under the keyboard): Mantine's dropdown opened off screen inside the phone's form.
 */
export function StationInput({ value, onChange }: { value: string; onChange(value: string): void }) {
  const isTouch = useIsTouch();
  if (isTouch) {
    return (
      <>
        <TextInput
          label={label}
          description={description}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
          maxLength={MENU_LIMITS.station}
          list="station-suggestions"
        />
        <datalist id="station-suggestions">
          {STATION_SUGGESTIONS.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
      </>
    );
  }
  return (
    <Autocomplete
      label={label}
      description={description}
      data={[...STATION_SUGGESTIONS]}
      value={value}
      onChange={onChange}
      maxLength={MENU_LIMITS.station}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
