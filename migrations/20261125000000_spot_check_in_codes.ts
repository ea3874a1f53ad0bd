import { randomInt } from 'node:crypto';
import type { Knex } from 'knex';

/**
 * Issue 11: every spot has its secret check-in code. Codes used to be issued on the first
 * view of the spot's QR code in the admin, so 222 of 223 spots had none and a visitor whose
 * GPS failed was asked for a code that did not exist. New spots get one when they are
 * created; this gives one to each existing spot without.
 *
 * The generator is copied here on purpose (a migration must not change when the app's code
 * does): 8 characters of the app's unambiguous alphabet, from node:crypto's `randomInt`.
 */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function code(): string {
  let out = '';
  for (let i = 0; i < 8; i += 1) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

export async function up(knex: Knex): Promise<void> {
  const ids: number[] = (await knex('spots').whereNull('qr_code').orderBy('id').pluck('id')).map(Number);
  for (const id of ids) await knex('spots').where({ id }).whereNull('qr_code').update({ qr_code: code() });
}

/**
 * Leaves the codes in place: the schema is unchanged, the code of 20261121065000 reads a set
 * code as it always did, and a code issued here cannot be told from one issued on a first
 * view, which may already be printed at a counter, so clearing codes would void real QR codes.
 */
export async function down(): Promise<void> {}
