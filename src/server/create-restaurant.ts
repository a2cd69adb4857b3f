import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config';
import { openConfiguredDatabase } from './db/open';
import { EventHub } from './modules/events';
import { commandHooks } from './command-hooks';
import { createRestaurantWithOwner } from './modules/restaurants';

// npm run create-restaurant -- --name "Lokanta" --email sahip@lokanta.com [--owner-name "Ad Soyad"]
// The password comes from OWNER_PASSWORD, or is generated and shown once.
async function main() {
  const { values } = parseArgs({
    options: { name: { type: 'string' }, email: { type: 'string' }, 'owner-name': { type: 'string' } },
  });
  if (!values.name || !values.email) {
    throw new Error('Kullanım: npm run create-restaurant -- --name "Restoran Adı" --email sahip@ornek.com [--owner-name "Ad Soyad"]');
  }
  const config = loadConfig(process.env);
  // Beside a running server too: the new restaurant is in its database at once.
  const opened = await openConfiguredDatabase(config, { besideRunningServer: true });
  const { database } = opened;
  try {
    // No screen of this process listens; running servers see the new restaurant on its first sign-in.
    const created = await createRestaurantWithOwner({ db: database.db, hub: new EventHub(), commandHooks: commandHooks() }, {
      name: values.name,
      ownerEmail: values.email,
      ownerName: values['owner-name'],
      ownerPassword: process.env.OWNER_PASSWORD || undefined,
    });
    console.log(`Restoran oluşturuldu: ${values.name} (${created.restaurantId})`);
    console.log(`İşletme sahibi: ${created.email}`);
    if (created.isPasswordGenerated) console.log(`Geçici şifre (bir kez gösterilir): ${created.password}`);
  } finally {
    await opened.release();
  }
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : `Hata: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
});
