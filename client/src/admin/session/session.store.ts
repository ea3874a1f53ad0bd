import { create } from 'zustand';
import type { StaffUser } from '@contracts/staff';
import { clearCouponDrafts } from '../coupons/coupon-draft';
import { adminApi, AdminApiError, adminErrorText } from '../lib/api';
import { adminHref, adminPaths } from '../lib/paths';
import { clearStaffToken, onStaffTokenChange, readStaffToken, saveStaffToken } from '../lib/staff-token';

export type { StaffUser };

type Status = 'checking' | 'signedIn' | 'signedOut' | 'error';

type StaffSession = {
  status: Status;
  user: StaffUser | null;
  /** Why the last session ended without a logout: the server refused the token (expired). */
  expired: boolean;
  error: string | null;
  /** At start: a kept token is checked with GET /api/user; none means signed out. */
  check: () => Promise<void>;
  /** POST /api/login; keeps the token (cookie) and the user. @throws AdminApiError */
  login: (email: string, password: string) => Promise<StaffUser>;
  /** Spec 2: clears the token and the stored coupon value, then reloads onto the login page (same language prefix). */
  logout: () => void;
};

let checking: Promise<void> | null = null;

export const useStaffSession = create<StaffSession>((set, get) => ({
  status: readStaffToken() ? 'checking' : 'signedOut',
  user: null,
  expired: false,
  error: null,
  check: () => {
    if (!readStaffToken()) {
      set({ status: 'signedOut', user: null });
      return Promise.resolve();
    }
    if (get().status === 'signedIn') return Promise.resolve();
    checking ??= (async () => {
      set({ status: 'checking', error: null });
      try {
        const { data } = await adminApi<{ data: StaffUser }>('/user');
        set({ status: 'signedIn', user: data, expired: false });
      } catch (err) {
        if (err instanceof AdminApiError && err.status === 401) set({ status: 'signedOut', user: null, expired: true });
        else set({ status: 'error', error: err instanceof AdminApiError ? err.message : adminErrorText('INTERNAL') });
      } finally {
        checking = null;
      }
    })();
    return checking;
  },
  login: async (email, password) => {
    const { data } = await adminApi<{ data: { token: string; user: StaffUser } }>('/login', {
      method: 'POST',
      body: { email, password },
    });
    saveStaffToken(data.token);
    set({ status: 'signedIn', user: data.user, expired: false, error: null });
    return data.user;
  },
  logout: () => {
    clearStaffToken();
    clearCouponDrafts();
    set({ status: 'signedOut', user: null, expired: false });
    location.replace(adminHref(adminPaths.login()));
  },
}));

// A 401 anywhere forgets the token (lib/api): the session ends and the guard sends the page
// to login, remembering that it expired.
onStaffTokenChange(() => {
  const s = useStaffSession.getState();
  if (!readStaffToken() && s.status === 'signedIn')
    useStaffSession.setState({ status: 'signedOut', user: null, expired: true });
});
