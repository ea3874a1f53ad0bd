import { loadConfig } from './config';
import { createDb } from './db/knex';
import { createApp } from './app';
import { systemClock } from './http/context';
import { seedIfEmpty } from './db/seed';
import { createLogger } from './http/logger';
import { createSmtpMailer, unconfiguredMailer } from './mail/mailer';
import { deliverDueInquiries } from './domains/contacts/contacts.service';

/** Starts the server: config, database, migrations (and the first-start seed on SQLite), listen. */
async function main() {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  for (const note of config.notes) logger.warn(note);
  const db = createDb(config.database);
  await db.migrate.latest();
  if (config.autoSeed) await seedIfEmpty(db, { demoStaff: config.nodeEnv !== 'production' });
  const mailer = config.mail.smtpUrl ? createSmtpMailer(config.mail.smtpUrl, config.mail.from) : unconfiguredMailer;
  const app = createApp({ db, config, clock: systemClock, logger, mailer });
  // Each instance retries unsent contact inquiries every minute; claims prevent double sends.
  const outbox = setInterval(() => {
    deliverDueInquiries(db, mailer, config.mail, systemClock.now()).catch((err: unknown) => logger.error({ err }, 'contact outbox'));
  }, 60_000);
  outbox.unref();
  const server = app.listen(config.port, () => {
    const database = config.database.client === 'pg' ? 'PostgreSQL' : `SQLite ${config.database.file}`;
    logger.info({ database }, `listening on http://localhost:${config.port}`);
  });
  const stop = () => server.close(() => void db.destroy().then(() => process.exit(0)));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
