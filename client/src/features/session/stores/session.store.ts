import { create } from 'zustand';
import { readToken } from '../../../lib/auth-token';
import { ClientError, errorText, messageOf } from '../../../lib/errors';
import { demoSignIn, fetchClientConfig, type ClientConfig } from '../api/session.api';
import { deviceId } from '../utils/device-id';
import { mayResumeLineSignIn } from '../utils/line-pending';

type SessionState = {
  config: ClientConfig | null;
  configError: string | null;
  signingIn: boolean;
  signInError: string | null;
  /** Loads GET /api/config once (again after a failure). */
  loadConfig: () => Promise<void>;
  /** Signs in with the method the config offers; resolves true when a token is held. */
  signIn: () => Promise<boolean>;
  /** At start: finishes a LINE sign-in that came back from LINE Login, or signs in silently inside LINE. */
  resume: () => Promise<void>;
};

/** LIFF and the LINE flow load only when a LINE sign-in starts (not in the first-view bundle). */
async function signInWithLine(liffId: string): Promise<boolean> {
  const { signInWithLine: run } = await import('../utils/line-liff');
  let outcome: Awaited<ReturnType<typeof run>>;
  try {
    outcome = await run(liffId);
  } catch (err) {
    // LIFF's own failures (init, LINE unreachable) and a refused sign-in read the same to visitors.
    throw err instanceof ClientError ? err : new ClientError('LINE_LOGIN_FAILED', errorText('LINE_LOGIN_FAILED'));
  }
  // Leaving for LINE Login: stay 'signing in' until the page unloads; it comes back signed in.
  if (outcome === 'redirecting') return new Promise<boolean>(() => undefined);
  return true;
}

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
      if (config.liffId) return await signInWithLine(config.liffId);
      if (config.demoLogin) {
        await demoSignIn(deviceId());
        return true;
      }
      return false;
    } catch (err) {
      set({ signInError: messageOf(err) });
      return false;
    } finally {
      set({ signingIn: false });
    }
  },
  resume: async () => {
    if (readToken() !== null || !mayResumeLineSignIn()) return;
    await get().loadConfig();
    if (get().config?.liffId && readToken() === null) await get().signIn();
  },
}));
