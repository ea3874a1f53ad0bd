import { create } from 'zustand';
import { messageOf } from '../../../lib/errors';
import { demoSignIn, fetchClientConfig, type ClientConfig } from '../api/session.api';
import { deviceId } from '../utils/device-id';

type SessionState = {
  config: ClientConfig | null;
  configError: string | null;
  signingIn: boolean;
  signInError: string | null;
  /** Loads GET /api/config once (again after a failure). */
  loadConfig: () => Promise<void>;
  /** Signs in with the method the config offers; resolves true when a token is held. */
  signIn: () => Promise<boolean>;
};

let configLoading: Promise<void> | null = null;

export const useSessionStore = create<SessionState>((set, get) => ({
  config: null,
  configError: null,
  signingIn: false,
  signInError: null,
  loadConfig: () => {
    if (get().config) return Promise.resolve();
    configLoading ??= (async () => {
      set({ configError: null });
      try {
        set({ config: await fetchClientConfig() });
      } catch (err) {
        set({ configError: messageOf(err) });
      } finally {
        configLoading = null;
      }
    })();
    return configLoading;
  },
  signIn: async () => {
    const { config } = get();
    if (!config || get().signingIn) return false;
    set({ signingIn: true, signInError: null });
    try {
      if (config.demoLogin) {
        await demoSignIn(deviceId());
        return true;
      }
      // Issue 3: LIFF sign-in goes here (liff.init({ liffId }), liff.getIDToken(), then
      // POST /api/auth/line/login with { idToken }); the api client keeps the answered token.
      return false;
    } catch (err) {
      set({ signInError: messageOf(err) });
      return false;
    } finally {
      set({ signingIn: false });
    }
  },
}));
