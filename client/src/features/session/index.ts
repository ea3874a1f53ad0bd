// The session feature's public face: what the app shell composes.
export { RequireVisitor } from './components/require-visitor';
export { SignInProvider } from './components/sign-in-provider';
