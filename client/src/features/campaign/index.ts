// The campaign feature's public face: the running rally (menu, layout) and its page.
export { useRunningRally, useRunningRallyId } from './stores/running-rally.store';
