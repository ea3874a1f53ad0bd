/**
 * Spec 1: a device counts as a phone when its user agent contains iphone, ipad, android or
 * mobile (any case). Other devices see only the PC message on the public layout.
 */
export const isPhoneUserAgent = (userAgent: string): boolean => /iphone|ipad|android|mobile/i.test(userAgent);
