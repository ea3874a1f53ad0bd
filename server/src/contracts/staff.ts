import { z } from 'zod';

export const StaffRole = z.enum(['admin', 'shop']);
export type StaffRole = z.infer<typeof StaffRole>;

/** Body of POST /api/login (spec 6: local strategy of the admin area). */
export const StaffLoginBody = z.object({
  email: z.string().trim().toLowerCase().email().max(254),
  password: z.string().min(1).max(200),
});

/** A staff member as the admin area shows them; shop staff see only their spots' data. */
export const StaffUser = z.object({
  id: z.number().int(),
  email: z.string(),
  displayName: z.string(),
  role: StaffRole,
  spotIds: z.array(z.number().int()),
});
export type StaffUser = z.infer<typeof StaffUser>;

export const StaffLoginResponse = z.object({ data: z.object({ token: z.string(), user: StaffUser }) });
export const StaffUserResponse = z.object({ data: StaffUser });
