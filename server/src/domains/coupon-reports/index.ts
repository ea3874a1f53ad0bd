// The coupon-reports domain's public face: nothing is used outside it yet (its routes are
// mounted by domains/index.ts).
export {};
