import { reloadOnce } from './lib/lazy-retry';

/**
 * The page's one script tag. A page the server rendered (issue 5: `/coupon/` with its first
 * coupons) is painted before the app's code runs: that code is fetched at once (the
 * modulepreload links of index.html) but started after the next frame, so a slow phone shows
 * the coupons before it spends its time on the app's JavaScript. A hidden tab draws no
 * frames, hence the timer as well. If the app's code cannot load, the page reloads at most
 * once a minute (lib/lazy-retry).
 */
let started = false;
function start(): void {
  if (started) return;
  started = true;
  import('./main').catch(() => reloadOnce());
}
requestAnimationFrame(() => setTimeout(start, 0));
setTimeout(start, 250);
