import { describe, expect, it } from 'vitest';
import { createWindowCounter } from './apiLimits.ts';

describe('the in-memory per-address counter', () => {
  const rule = { bucket: 'quote', max: 300, windowSec: 60 };

  it("starts an address's window at its first request, so a burst across a clock minute cannot pass twice the limit", () => {
    let at = 59_000;
    const counter = createWindowCounter(() => at);
    for (let index = 0; index < 300; index++) {
      expect(counter.hit(rule, '203.0.113.1').hits).toBe(index + 1);
      at += 5;
    }
    at = 61_000;
    expect(counter.hit(rule, '203.0.113.1')).toEqual({ hits: 301, resetInMs: 58_000 });
    expect(counter.hit(rule, '203.0.113.2').hits).toBe(1);
  });

  it('counts afresh once the window has passed', () => {
    let at = 0;
    const counter = createWindowCounter(() => at);
    for (let index = 0; index < 301; index++) counter.hit(rule, '203.0.113.1');
    at = 60_000;
    expect(counter.hit(rule, '203.0.113.1')).toEqual({ hits: 1, resetInMs: 60_000 });
  });
});
