import { describe, expect, it } from 'vitest';
import { framedByOutsider, pageKindOf, readDocumentFacts, type DocumentFacts } from './documentPolicy.ts';

const OWN = 'https://book.westwaycars.test';
const OPERATOR = 'https://www.westwaycars.test';

/** A window in a chain of frames: `ancestors` from the parent up to the top; a null origin cannot be read from here. */
function framedWindow(ancestors: (string | null)[], { ancestorOrigins = true } = {}): Window {
  let parent: Record<string, unknown> | null = null;
  for (const origin of [...ancestors].reverse()) {
    const frame: Record<string, unknown> = {};
    frame.parent = parent ?? frame;
    frame.top = (parent?.top as unknown) ?? frame;
    Object.defineProperty(frame, 'location', {
      get: () => {
        if (origin === null) throw new DOMException('Blocked a frame', 'SecurityError');
        return { origin };
      },
    });
    parent = frame;
  }
  const win: Record<string, unknown> = { parent: parent ?? undefined, top: parent?.top };
  win.self = win;
  if (!parent) win.parent = win.top = win;
  win.location = { origin: OWN, ...(ancestorOrigins ? { ancestorOrigins: ancestors.map((origin) => origin ?? 'https://evil.test') } : {}) };
  return win as unknown as Window;
}

const FACTS: DocumentFacts = { kinds: { '/login': 'account', '/my-account': 'account', '/stripecheckout': 'card' }, serves: ['booking'] };

describe('the kind of page a path shows', () => {
  it.each([
    ['/', 'booking'],
    ['/ourfleet', 'booking'],
    ['/login', 'account'],
    ['/LOGIN/', 'account'],
    ['/%6Cogin', 'account'],
    ['/My-Account', 'account'],
    ['/stripecheckout', 'card'],
    ['/%E0%A4%A', 'booking'],
  ])('%s is a %s page', (path, kind) => {
    expect(pageKindOf(path, FACTS)).toBe(kind);
  });
});

describe("the server's facts about the document", () => {
  const doc = (content: string | null) => ({ querySelector: () => (content === null ? null : { getAttribute: () => content }) }) as unknown as Document;

  it('are read from the meta tag, and ignored when missing or malformed', () => {
    expect(readDocumentFacts(doc(JSON.stringify(FACTS)))).toEqual(FACTS);
    expect(readDocumentFacts(doc(null))).toBeNull();
    expect(readDocumentFacts(doc('{not json'))).toBeNull();
    expect(readDocumentFacts(doc(JSON.stringify({ kinds: { '/login': 'staff' }, serves: ['booking'] })))).toBeNull();
    expect(readDocumentFacts(doc(JSON.stringify({ kinds: {}, serves: 'booking' })))).toBeNull();
  });
});

describe('a frame that is not the operator', () => {
  it('is never the case at the top', () => {
    expect(framedByOutsider([], framedWindow([]))).toBe(false);
  });

  it('is any other origin above us, as location.ancestorOrigins names them', () => {
    expect(framedByOutsider([], framedWindow(['https://evil.test']))).toBe(true);
    expect(framedByOutsider([], framedWindow([OWN]))).toBe(false);
    expect(framedByOutsider([OPERATOR], framedWindow([OPERATOR]))).toBe(false);
    expect(framedByOutsider([`${OPERATOR}/`], framedWindow([OPERATOR]))).toBe(false);
    // The operator's page framed in turn by another site.
    expect(framedByOutsider([OPERATOR], framedWindow([OPERATOR, 'https://evil.test']))).toBe(true);
  });

  it('without ancestorOrigins: any ancestor we cannot read while EMBED_ORIGINS is unset; none once it is set (frame-ancestors kept the others out)', () => {
    expect(framedByOutsider([], framedWindow([null], { ancestorOrigins: false }))).toBe(true);
    expect(framedByOutsider([], framedWindow([OWN, null], { ancestorOrigins: false }))).toBe(true);
    expect(framedByOutsider([], framedWindow([OWN], { ancestorOrigins: false }))).toBe(false);
    expect(framedByOutsider([OPERATOR], framedWindow([null], { ancestorOrigins: false }))).toBe(false);
  });
});
