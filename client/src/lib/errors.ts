import { hasMessage, translate, type MessageKey } from './i18n';

/**
 * An error the visitor can be shown: a stable code (design: errors.<code> in locales) and
 * the message to display, already localised.
 */
export class ClientError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ClientError';
  }
}

/** The localised text of `errors.<code>`, or of errors.INTERNAL when the code is unknown. */
export function errorText(code: string): string {
  const key = `errors.${code}`;
  return translate(hasMessage(key) ? (key as MessageKey) : 'errors.INTERNAL');
}

/** What to show for any thrown value. */
export function messageOf(err: unknown): string {
  return err instanceof ClientError ? err.message : errorText('INTERNAL');
}
