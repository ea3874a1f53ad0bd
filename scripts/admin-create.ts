/**
 * `npm run admin:create -- --email EMAIL --password PASSWORD [--role admin|shop] [--spots CODE,CODE] [--name NAME]`
 * Creates a staff account of the admin area on the configured database (issue 3).
 * Shop staff are tied to spots, given by store code (e.g. kmt-0001) or id.
 */
import { parseArgs } from 'node:util';
import { StaffRole } from '@contracts/staff';
import { loadConfig } from '../server/src/config';
import { createDb } from '../server/src/db/knex';
import { createStaff } from '../server/src/domains/staff/staff.service';
import { AppError } from '../server/src/http/errors';
import { translator } from '../server/src/i18n';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    role: { type: 'string', default: 'admin' },
    spots: { type: 'string', default: '' },
    name: { type: 'string' },
  },
});
const role = StaffRole.safeParse(values.role);
if (!values.email || !values.password || !role.success) {
  console.error(
    'usage: npm run admin:create -- --email EMAIL --password PASSWORD [--role admin|shop] [--spots CODE,CODE] [--name NAME]',
  );
  process.exit(2);
}
const db = createDb(loadConfig().database);
try {
  await db.migrate.latest();
  const user = await createStaff(db, {
    email: values.email,
    password: values.password,
    role: role.data,
    displayName: values.name,
    spots: values.spots
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    now: new Date(),
  });
  console.log(
    `Created ${user.role} ${user.email} (id ${user.id}${user.spotIds.length ? `, spots ${user.spotIds.join(', ')}` : ''}).`,
  );
} catch (err) {
  const message =
    err instanceof AppError
      ? translator('en')(`errors.${err.code}`, { ...err.params, defaultValue: err.code })
      : String(err);
  console.error(
    message.includes('UNIQUE') || message.includes('duplicate key') ? 'That email already has an account.' : message,
  );
  process.exitCode = 1;
} finally {
  await db.destroy();
}
