// The staff domain's public face: the signed-in account and its acting identity.
export { actingStaff, signedInStaff } from './staff.service';
