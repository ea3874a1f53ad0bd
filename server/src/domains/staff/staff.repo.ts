import type { Knex } from 'knex';
import type { StaffRole, StaffUser } from '../../contracts/staff';
import { toBool } from '../../db/dialect';

type Row = {
  id: number;
  email: string;
  display_name: string;
  role: StaffRole;
  password_hash: string;
  disabled: unknown;
  spot_id: number | null;
};

/**
 * One staff account with its spots in ONE query (primary key or unique email, then the
 * spots' primary key): it runs on every request that carries a staff token.
 */
async function findStaff(
  db: Knex,
  where: { 's.id': number } | { 's.email': string },
): Promise<(StaffUser & { passwordHash: string; disabled: boolean }) | undefined> {
  const rows: Row[] = await db('staff_users as s')
    .leftJoin('staff_user_spots as us', 'us.staff_user_id', 's.id')
    .where(where)
    .orderBy('us.spot_id')
    .select('s.id', 's.email', 's.display_name', 's.role', 's.password_hash', 's.disabled', 'us.spot_id');
  const row = rows[0];
  if (!row) return undefined;
  return {
    id: row.id,
    email: row.email,
    displayName: row.display_name,
    role: row.role,
    spotIds: rows.flatMap((r) => (r.spot_id === null ? [] : [Number(r.spot_id)])),
    passwordHash: row.password_hash,
    disabled: toBool(row.disabled),
  };
}

export function findStaffByEmail(db: Knex, email: string) {
  return findStaff(db, { 's.email': email.toLowerCase() });
}

export function findStaffById(db: Knex, id: number) {
  return findStaff(db, { 's.id': id });
}

/** Inserts a staff account and its spots in one transaction; a taken email violates the unique index. */
export async function insertStaff(
  db: Knex,
  s: { email: string; passwordHash: string; role: StaffRole; displayName: string; spotIds: number[]; now: Date },
): Promise<number> {
  return db.transaction(async (trx) => {
    const now = s.now.toISOString();
    const [row] = await trx('staff_users')
      .insert({
        email: s.email.toLowerCase(),
        password_hash: s.passwordHash,
        role: s.role,
        display_name: s.displayName,
        created_at: now,
        updated_at: now,
      })
      .returning('id');
    const id = typeof row === 'object' ? row.id : row;
    if (s.spotIds.length)
      await trx('staff_user_spots').insert(s.spotIds.map((spotId) => ({ staff_user_id: id, spot_id: spotId })));
    return id;
  });
}

/** Spot ids for store codes or numeric ids; unknown ones are left out. */
export async function findSpotIds(db: Knex, refs: string[]): Promise<Map<string, number>> {
  const numeric = refs.filter((r) => /^\d+$/.test(r)).map(Number);
  const rows: Array<{ id: number; store_code: string }> = await db('spots')
    .whereIn('store_code', refs)
    .orWhereIn('id', numeric)
    .select('id', 'store_code');
  const map = new Map<string, number>();
  for (const r of rows) {
    map.set(r.store_code, r.id);
    map.set(String(r.id), r.id);
  }
  return map;
}
