// Shared set-up for the unit project. Views that render Mantine add their own DOM polyfills via tests/helpers/dom.ts.
export {};
