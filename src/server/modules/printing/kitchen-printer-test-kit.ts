import { DEFAULT_PRINTER_SETTINGS } from '../../../shared/printer-settings';
import { createTestApp } from '../../test-support/test-app';
import { billsFixture } from '../bills/bills-test-kit';
import { capturePrinter } from './printing-test-kit';

/** The bills app with its Mutfak station printing to a stand-in network printer (`mutfak`); `close` ends both. */
export async function kitchenPrinterApp() {
  const ctx = await createTestApp();
  const f = await billsFixture(ctx);
  const mutfak = await capturePrinter();
  const res = await f
    .api(f.restaurant.owner)
    .call('PUT', '/settings/printer', { ...DEFAULT_PRINTER_SETTINGS, networkPrinters: { bill: null, stations: [{ station: 'Mutfak', host: mutfak.host, port: mutfak.port }] } });
  if (res.statusCode !== 200) throw new Error(res.body);
  const close = async () => {
    await ctx.close();
    await mutfak.close();
  };
  return { ctx, f, mutfak, close };
}
