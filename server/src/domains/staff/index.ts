// The staff domain's public face: the signed-in account and its acting identity.
export { actingStaff, createStaff, signedInStaff } from './staff.service';
