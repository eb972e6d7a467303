// @vitest-environment happy-dom
import '../../tests/helpers/dom.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FRAME_MESSAGE_TYPE, startFrameMessenger, targetOrigins } from './frameMessenger.ts';

function fakeDocument({ ancestors, referrer = '' }: { ancestors?: string[]; referrer?: string }): Document {
  return { referrer, location: { ancestorOrigins: ancestors ? Object.assign([...ancestors], { contains: () => false, item: () => null }) : undefined } } as unknown as Document;
}

describe('targetOrigins', () => {
  it("posts to '*' when no embed origins are configured", () => {
    expect(targetOrigins([], fakeDocument({}))).toEqual(['*']);
  });

  it('posts only to the parent origin when it is configured', () => {
    expect(targetOrigins(['https://a.test', 'https://b.test/'], fakeDocument({ ancestors: ['https://b.test'] }))).toEqual(['https://b.test']);
    expect(targetOrigins(['https://a.test'], fakeDocument({ referrer: 'https://a.test/booking?x=1' }))).toEqual(['https://a.test']);
  });

  it('posts nowhere when the parent origin is known and not configured', () => {
    expect(targetOrigins(['https://a.test'], fakeDocument({ ancestors: ['https://evil.test'] }))).toEqual([]);
  });

  it('falls back to every configured origin when the parent is unknown', () => {
    expect(targetOrigins(['https://a.test', 'https://b.test'], fakeDocument({}))).toEqual(['https://a.test', 'https://b.test']);
  });
});

describe('startFrameMessenger', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('posts the height and URL at once, on notify() and every 500 ms, until stopped', () => {
    const postMessage = vi.fn();
    let height = 900;
    const messenger = startFrameMessenger({ target: { postMessage }, origins: [], measure: () => height });
    expect(postMessage).toHaveBeenCalledTimes(1);
    expect(postMessage).toHaveBeenLastCalledWith({ type: FRAME_MESSAGE_TYPE, height: 900, url: window.location.href }, '*');

    height = 1200;
    messenger.notify();
    expect(postMessage).toHaveBeenLastCalledWith(expect.objectContaining({ height: 1200 }), '*');

    const before = postMessage.mock.calls.length;
    vi.advanceTimersByTime(1500);
    expect(postMessage.mock.calls.length - before).toBe(3);

    messenger.stop();
    vi.advanceTimersByTime(2000);
    expect(postMessage.mock.calls.length - before).toBe(3);
  });
});
