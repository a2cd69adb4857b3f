import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { stationsOf } from '../../../shared/menu-contract';
import { DEFAULT_PRINTER_PORT, STATION_PRINTERS_MAX, type NetworkPrinters } from '../../../shared/printer-settings';
import type { useFieldErrors } from '../../api/field-errors';
import { useMenu } from '../menu/api';
import { ChoiceSelect } from '../../components/choice-select';

interface Props {
  value: NetworkPrinters;
  onChange(next: NetworkPrinters): void;
  /** field errors by their path in the document ('networkPrinters.bill.host') */
  fieldProps: ReturnType<typeof useFieldErrors>['fieldProps'];
}

// The port field keeps what was typed; the shared schema reads "9100" as the number 9100 and
// answers a Turkish message on the field for anything else.
const typedPort = (text: string) => text as unknown as number;

/**
 * Ağ yazıcıları: thermal printers the server prints to over the network (ESC/POS, port 9100).
 * A bill printer (empty address = none) and one printer per kitchen station.
 */
export function NetworkPrintersSection({ value, onChange, fieldProps }: Props) {
  const menu = useMenu();
  const used = value.stations.map((s) => s.station);
  const stations = stationsOf(menu.data?.items ?? [], used);
  const freeStation = stations.find((s) => !used.includes(s)) ?? '';
  const bill = value.bill;

  const setStation = (i: number, patch: Partial<NetworkPrinters['stations'][number]>) =>
    onChange({ ...value, stations: value.stations.map((s, j) => (j === i ? { ...s, ...patch } : s)) });

  return (
    <Stack gap="xs" component="section" aria-labelledby="network-printers-title">
      <Text fw={600} id="network-printers-title">
        Ağ yazıcıları
      </Text>
      <Text size="sm" c="dimmed">
        Ağa bağlı termal yazıcılar (ESC/POS, genellikle port 9100). Hesap yazıcısı tanımlıysa hesap ekranında “Yazıcıya Gönder” çıkar; istasyon
        yazıcıları Mutfağa Gönder’de kendi satırlarını otomatik yazdırır.
      </Text>
      <Group grow align="flex-start">
        <TextInput
          label="Hesap yazıcısı adresi"
          description="Boş bırakılırsa hesap yalnız tarayıcıdan yazdırılır"
          placeholder="192.168.1.50"
          {...fieldProps('networkPrinters.bill.host')}
          value={bill?.host ?? ''}
          onChange={(e) => {
            const host = e.currentTarget.value;
            onChange({ ...value, bill: host === '' ? null : { host, port: bill?.port ?? DEFAULT_PRINTER_PORT } });
          }}
        />
        <TextInput
          label="Port"
          inputMode="numeric"
          disabled={!bill}
          {...fieldProps('networkPrinters.bill.port')}
          value={bill ? String(bill.port) : ''}
          onChange={(e) => bill && onChange({ ...value, bill: { ...bill, port: typedPort(e.currentTarget.value) } })}
        />
      </Group>
      {value.stations.map((s, i) => (
        <Group key={i} grow align="flex-end" wrap="wrap">
          <ChoiceSelect
            label="İstasyon"
            data={stations.map((name) => ({ value: name, label: name }))}
            value={s.station}
            onChange={(station) => setStation(i, { station })}
            error={fieldProps(`networkPrinters.stations.${i}.station`).error}
          />
          <TextInput
            label="Adres"
            placeholder="192.168.1.51"
            {...fieldProps(`networkPrinters.stations.${i}.host`)}
            value={s.host}
            onChange={(e) => setStation(i, { host: e.currentTarget.value })}
          />
          <TextInput
            label="Port"
            inputMode="numeric"
            {...fieldProps(`networkPrinters.stations.${i}.port`)}
            value={String(s.port)}
            onChange={(e) => setStation(i, { port: typedPort(e.currentTarget.value) })}
          />
          <Button variant="subtle" color="red" size="md" onClick={() => onChange({ ...value, stations: value.stations.filter((_, j) => j !== i) })}>
            Kaldır
          </Button>
        </Group>
      ))}
      {value.stations.length < STATION_PRINTERS_MAX && (
        <Group>
          <Button
            variant="default"
            size="md"
            onClick={() => onChange({ ...value, stations: [...value.stations, { station: freeStation, host: '', port: DEFAULT_PRINTER_PORT }] })}
          >
            İstasyon yazıcısı ekle
          </Button>
        </Group>
      )}
    </Stack>
  );
}
