import { DataDirLockedError } from './adapters/db/lock.ts';
import { DatabaseUnavailableError } from './adapters/db/port.ts';
import { startProvider } from './bootstrap.ts';
import { loadConfig, loadDotEnv } from './config.ts';
import { DEMO_STAFF } from './db/seed/demo.ts';
import { demoLoginLines } from './db/seed/demoBanner.ts';
import { createStaffRepository } from './domain/staff/repository.ts';

loadDotEnv();
const config = loadConfig();

let provider;
try {
  provider = await startProvider(config, { logger: true });
} catch (error) {
  if (error instanceof DataDirLockedError || error instanceof DatabaseUnavailableError) {
    console.error(`cabflow: ${error.message}`);
  } else {
    const where = config.databaseUrl ? 'DATABASE_URL' : `DATA_DIR (${config.dataDir})`;
    console.error(`cabflow: cannot open the database in ${where}: ${(error as Error).message}`);
  }
  process.exit(1);
}

const { fastify, db, demoLogins } = provider;
// A database seeded before the staff accounts existed has no demo staff: print only the logins that work.
const demoStaff = await createStaffRepository(db).countWithEmails([DEMO_STAFF.owner.email, DEMO_STAFF.dispatcher.email]);
const address = await fastify.listen({ host: config.host, port: config.port });
const shown = address.replace('127.0.0.1', 'localhost');
const lines = [
  `cabflow is running at ${shown}`,
  `  database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite embedded in ${config.dataDir}`}`,
  `  payments: ${config.payments === 'stripe' ? 'Stripe' : 'sandbox card processor (TEST MODE, no real money)'}`,
  `  mail:     ${config.smtpUrl ? 'SMTP (SMTP_URL)' : `outbox in ${config.dataDir}/outbox`}`,
  `  texts:    ${config.twilio ? `Twilio (${config.twilio.apiUrl}, from ${config.twilio.from})` : `outbox in ${config.dataDir}/outbox (set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM to send)`}`,
  `  maps:     ${config.googleApiKey ? 'Google Maps' : 'offline UK gazetteer, estimated distances'}`,
  `  API key pair: API-PUBLIC-KEY ${config.apiPublicKey} / API-SECRET-KEY ${config.apiSecretKey}`,
  `  admin token: ${config.adminTokenGenerated ? `${config.adminToken} (generated; set ADMIN_TOKEN to keep one)` : 'from ADMIN_TOKEN'}`,
  ...demoLoginLines(demoLogins, demoStaff === 2, `${shown}/admin`),
];
if (!config.embedOrigins.length)
  lines.push('  warning: EMBED_ORIGINS is unset, so any site may frame the booking pages (not sign-in, the corporate area or the card page) and height messages go to "*"');
console.log(lines.join('\n'));

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    fastify.log.info(`${signal}: finishing requests in flight, then closing`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await provider.close();
    process.exit(0);
  });
}
