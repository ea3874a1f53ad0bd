// The auth domain's public face: our access tokens.
export { signAccessToken, verifyAccessToken, type TokenSubject } from './auth.tokens';
