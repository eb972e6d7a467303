/**
 * The route a path names, as the browser's router and the server both compare it: trailing slashes dropped, case
 * ignored ('/ContactUs/' is '/contactus').
 */
export const routeKey = (pathname: string) => (pathname.replace(/\/+$/, '') || '/').toLowerCase();
