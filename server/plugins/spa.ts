// The website's plugin moved to server/web/ (the start-up seam, issue 16). These re-exports keep server/app.ts and
// tests/api/spa-startup.test.ts working until they import from server/web/ (then this file goes).
export { registerSpa } from '../web/plugin.ts';
export { BOOTSTRAP_ELEMENT_ID } from '../web/catalogueBlock.ts';
export { ROUTE_MODULES } from '../web/routeAssets.ts';
