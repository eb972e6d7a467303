/**
 * A mailed link's secret leaves the address bar: the console's set-password link (#token=…), the manage-booking link
 * (?token=…) and a quote offer's link (#token=…) are read into their machine's input as the page starts, then the same
 * history entry is given the page's bare path, so Back does not bring the token back and no later request sends it on
 * as Referer. The one place that does it: each link page's composition root calls it from its machine's placeholder
 * action. (wouter hears the replaceState, so the router and RouteSync see the bare path.)
 */
export function forgetLinkAddress(path: string): void {
  if (window.location.search || window.location.hash) window.history.replaceState(window.history.state, '', path);
}
