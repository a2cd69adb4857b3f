import { Autocomplete, TextInput } from '@mantine/core';
import { MENU_LIMITS, STATION_SUGGESTIONS, stationsOf } from '../../../shared/menu-contract';
import { useMenu } from './api/menu-queries';
import { useIsTouch } from '../../components/choice-select';

const label = 'Mutfak istasyonu';
const description = 'Siparişin düştüğü yer';

/**
 * A free-text station with suggestions. On touch the suggestions are the browser's own (a
 * datalist under the keyboard): Mantine's dropdown opened off screen inside the phone's form.
 */
export function StationInput({ value, onChange }: { value: string; onChange(value: string): void }) {
  const isTouch = useIsTouch();
  // the menu's own stations first, so a new dish goes where its kind already goes
  const suggestions = stationsOf(useMenu().data?.items ?? [], STATION_SUGGESTIONS);
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
          {suggestions.map((s) => (
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
      data={suggestions}
      value={value}
      onChange={onChange}
      maxLength={MENU_LIMITS.station}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
