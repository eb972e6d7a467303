// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { forgetLinkAddress } from './linkAddress.ts';

describe("a mailed link's token leaves the address bar", () => {
  it.each([
    ['/manage-booking?token=secret-token', '/manage-booking'],
    ['/quote-offer#token=secret-token', '/quote-offer'],
    ['/admin/set-password#token=secret-token', '/admin/set-password'],
  ])('%s: the same history entry becomes %s, its state kept', (link, path) => {
    window.history.replaceState({ key: 'entry' }, '', link);
    const entries = window.history.length;
    forgetLinkAddress(path);
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe(path);
    expect(window.location.href).not.toContain('secret-token');
    expect(window.history.length).toBe(entries);
    expect(window.history.state).toEqual({ key: 'entry' });
  });

  it('an address without a token is left alone', () => {
    window.history.replaceState(null, '', '/manage-booking');
    forgetLinkAddress('/elsewhere');
    expect(window.location.pathname).toBe('/manage-booking');
  });
});
