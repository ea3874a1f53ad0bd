// The campaign feature's public face: the running rally (menu, layout) and its page.
export { useRunningRally } from './stores/running-rally.store';
