import { grantAdmin } from '../api/accounts/admin';
import { addressDigester, emailDigestKey } from '../api/accounts/address-digest';
import { accountHandlers } from '../api/accounts/services';
import { operationalDb } from '../api/db/operational';
import { openStores } from '../api/db/stores';
import { readSettings, SettingsError } from '../api/settings';

/** `npm run admin:grant -- <email>`: makes the account with this address admin, by an event. */
async function main() {
  const email = process.argv[2]?.trim();
  if (!email || process.argv.length > 3) {
    console.error('Usage: npm run admin:grant -- <email>');
    process.exit(2);
  }
  const settings = readSettings(process.env);
  const { database, store } = await openStores(settings, { poolSize: 2 });
  try {
    const handlers = accountHandlers(store);
    const key = await emailDigestKey(settings, operationalDb(database), new Date());
    const granted = await grantAdmin(
      { ...handlers, now: () => new Date(), addressDigest: addressDigester(key) },
      email,
      'script',
    );
    if (!granted) {
      console.error(`There is no account with the address ${email}.`);
      process.exitCode = 1;
    } else {
      console.log(`${email} is admin.`);
    }
  } finally {
    await store.close();
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof SettingsError ? error.message : error);
  process.exit(error instanceof SettingsError ? 2 : 1);
});
