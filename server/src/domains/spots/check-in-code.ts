import { randomInt } from 'node:crypto';

/**
 * A spot's secret check-in code (issue 6): printed in its QR code and typed in as the store
 * code when GPS fails. Every spot gets one when it is created (admin form, CSV import, seeds);
 * it can be rotated when a photo of it leaks.
 */

/** Letters and digits that cannot be mistaken for one another when typed (no 0/O, 1/I). */
export const CHECK_IN_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** 8 characters of 32: 40 bits, with the spot id in the URL and rate-limited checks. */
export const CHECK_IN_CODE_LENGTH = 8;

/** A new random check-in code (node:crypto's uniform `randomInt`), upper case. */
export function newCheckInCode(): string {
  let code = '';
  for (let i = 0; i < CHECK_IN_CODE_LENGTH; i += 1)
    code += CHECK_IN_CODE_ALPHABET[randomInt(CHECK_IN_CODE_ALPHABET.length)];
  return code;
}
