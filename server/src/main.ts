import { loadConfig } from './config';
import { createDb } from './db/knex';
import { createApp } from './app';
import { systemClock } from './http/context';
import { seedIfEmpty } from './db/seed';

/** Starts the server: config, database, migrations (and the first-start seed on SQLite), listen. */
async function main() {
  const config = loadConfig();
  const db = createDb(config.database);
  await db.migrate.latest();
  if (config.autoSeed) await seedIfEmpty(db);
  const app = createApp({ db, config, clock: systemClock });
  const server = app.listen(config.port, () => {
    const where = config.database.client === 'pg' ? 'PostgreSQL' : `SQLite ${config.database.file}`;
    console.log(JSON.stringify({ level: 'info', msg: `listening on http://localhost:${config.port}`, database: where }));
  });
  const stop = () => server.close(() => void db.destroy().then(() => process.exit(0)));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
