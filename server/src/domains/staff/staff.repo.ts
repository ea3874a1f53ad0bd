import type { Knex } from 'knex';
import type { StaffRole, StaffUser } from '../../contracts/staff';
import { toBool } from '../../db/dialect';

type Row = { id: number; email: string; display_name: string; role: StaffRole; password_hash: string; disabled: unknown };

async function withSpots(db: Knex, row: Row): Promise<StaffUser & { passwordHash: string; disabled: boolean }> {
  const spots = await db('staff_user_spots').where({ staff_user_id: row.id }).orderBy('spot_id').pluck('spot_id');
  return {
    id: row.id,
    email: row.email,
    displayName: row.display_name,
    role: row.role,
    spotIds: spots.map(Number),
    passwordHash: row.password_hash,
    disabled: toBool(row.disabled),
  };
}

export async function findStaffByEmail(db: Knex, email: string) {
  const row: Row | undefined = await db('staff_users').where({ email: email.toLowerCase() }).first();
  return row ? withSpots(db, row) : undefined;
}

export async function findStaffById(db: Knex, id: number) {
  const row: Row | undefined = await db('staff_users').where({ id }).first();
  return row ? withSpots(db, row) : undefined;
}

/** Inserts a staff account and its spots in one transaction; a taken email violates the unique index. */
export async function insertStaff(
  db: Knex,
  s: { email: string; passwordHash: string; role: StaffRole; displayName: string; spotIds: number[]; now: Date },
): Promise<number> {
  return db.transaction(async (trx) => {
    const now = s.now.toISOString();
    const [row] = await trx('staff_users')
      .insert({ email: s.email.toLowerCase(), password_hash: s.passwordHash, role: s.role, display_name: s.displayName, created_at: now, updated_at: now })
      .returning('id');
    const id = typeof row === 'object' ? row.id : row;
    if (s.spotIds.length) await trx('staff_user_spots').insert(s.spotIds.map((spotId) => ({ staff_user_id: id, spot_id: spotId })));
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
