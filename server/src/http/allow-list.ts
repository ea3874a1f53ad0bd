import type { NextFunction, Request, Response } from 'express';
import ipaddr from 'ipaddr.js';

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

function parseEntry(entry: string): Range {
  if (entry.includes('/')) return ipaddr.parseCIDR(entry);
  const address = ipaddr.parse(entry);
  return [address, address.kind() === 'ipv4' ? 32 : 128];
}

/**
 * Compiles an allow-list of addresses and CIDR ranges (IPv4 and IPv6) into a matcher.
 * IPv4-mapped IPv6 callers (`::ffff:203.0.113.5`) match their IPv4 entries.
 * @throws Error naming the first entry that is not an address or range (fail at start-up)
 */
export function compileAllowList(entries: string[]): (ip: string | undefined) => boolean {
  const ranges = entries.map((entry) => {
    try {
      return parseEntry(entry);
    } catch {
      throw new Error(`Not an IP address or CIDR range in the allow-list: ${entry}`);
    }
  });
  return (ip) => {
    if (!ip || !ipaddr.isValid(ip)) return false;
    const address = ipaddr.process(ip);
    return ranges.some(([base, bits]) => base.kind() === address.kind() && address.match(base, bits));
  };
}

/**
 * Spec 6: lets a request through only from an allowed address, else answers 403 with an
 * empty body. The address is `req.ip`, which Express derives with `trust proxy`: an
 * X-Forwarded-For header counts only when it comes through a trusted proxy.
 */
export function allowListGuard(isAllowed: (ip: string | undefined) => boolean) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (isAllowed(req.ip)) return next();
    res.status(403).end();
  };
}
