import { createContext, useContext } from 'react';

/**
 * Asks the visitor to sign in if needed and resolves true once signed in, false when they
 * cancel. The session feature provides it; other features only call it, so they never
 * import the session feature (design: no imports between features).
 */
export type RequireSignIn = () => Promise<boolean>;

export const SignInContext = createContext<RequireSignIn>(() => Promise.resolve(false));
export const useRequireSignIn = (): RequireSignIn => useContext(SignInContext);
