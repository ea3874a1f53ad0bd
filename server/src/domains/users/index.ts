// The users domain's public face: visitors' accounts.
export { currentVisitor, lockVisitor, signInLineUser, visitorSince } from './users.service';
