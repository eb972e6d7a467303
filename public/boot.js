// Runs before the app's modules (a deferred classic script ahead of them in index.html; the
// Content-Security-Policy allows no inline script). Zod builds its object parsers with `new Function` unless
// told not to, and its probe for that is a CSP violation on every page (DevTools Issues, Lighthouse best
// practices), so tell it before any schema is created, whichever chunk that happens in.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
