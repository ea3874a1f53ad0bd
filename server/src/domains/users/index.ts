// The users domain's public face: visitors' accounts.
export { currentVisitor, signInLineUser, visitorSince } from './users.service';
