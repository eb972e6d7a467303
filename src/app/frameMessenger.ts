/**
 * Embedding (spec §1, §9): inside a frame, the app posts `{ type: 'cabflow:frame', height, url }` to the
 * parent on resize, on content change, on route change (the caller's notify()) and every 500 ms.
 * public/embed.js on the operator's page listens for it and sizes the iframe.
 */
export const FRAME_MESSAGE_TYPE = 'cabflow:frame';
export const FRAME_POST_INTERVAL_MS = 500;

export interface FrameMessage {
  type: typeof FRAME_MESSAGE_TYPE;
  height: number;
  url: string;
}

export interface FrameMessengerOptions {
  /** The parent window (window.parent). */
  target: Pick<Window, 'postMessage'>;
  /** The runtime config's embedOrigins: the only parents allowed to read our height and URL. */
  origins: readonly string[];
  doc?: Document;
  /** The element whose height is the page height (defaults to #root, else <html>). */
  measure?: () => number;
}

/** True when this page is inside a frame. */
export function isFramed(win: Window = window): boolean {
  try {
    return win.self !== win.top;
  } catch {
    return true;
  }
}

/**
 * The target origins to post to: '*' when no origins are configured; the parent's own origin when we can
 * tell it (location.ancestorOrigins, else the referrer) and it is allowed; nothing when it is known and not
 * allowed; otherwise each allowed origin (the browser delivers only to the one that matches).
 */
export function targetOrigins(origins: readonly string[], doc: Document = document): string[] {
  if (origins.length === 0) return ['*'];
  const allowed = origins.map((origin) => origin.replace(/\/+$/, ''));
  const parent = parentOrigin(doc);
  if (parent) return allowed.includes(parent) ? [parent] : [];
  return allowed;
}

function parentOrigin(doc: Document): string | null {
  const ancestors = doc.location?.ancestorOrigins;
  if (ancestors && ancestors.length > 0) return ancestors[0];
  try {
    return doc.referrer ? new URL(doc.referrer).origin : null;
  } catch {
    return null;
  }
}

/** The content height in CSS pixels: #root is display: flow-root, so no child margin escapes it. */
export function contentHeight(doc: Document = document): number {
  const root = doc.getElementById('root') ?? doc.documentElement;
  return Math.ceil(root.getBoundingClientRect().height);
}

/** Starts posting; returns notify() (post now, e.g. on route change) and stop(). */
export function startFrameMessenger({ target, origins, doc = document, measure }: FrameMessengerOptions) {
  const win = doc.defaultView ?? window;
  const destinations = targetOrigins(origins, doc);
  const height = measure ?? (() => contentHeight(doc));

  const post = () => {
    const message: FrameMessage = { type: FRAME_MESSAGE_TYPE, height: height(), url: doc.location.href };
    for (const origin of destinations) target.postMessage(message, origin);
  };

  // Bursts of DOM changes post once per frame.
  let scheduled = 0;
  const schedule = () => {
    if (scheduled) return;
    scheduled = win.requestAnimationFrame(() => {
      scheduled = 0;
      post();
    });
  };

  const resizeObserver = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(schedule);
  resizeObserver?.observe(doc.documentElement);
  const root = doc.getElementById('root');
  if (root) resizeObserver?.observe(root);
  const mutationObserver = new MutationObserver(schedule);
  mutationObserver.observe(doc.body, { childList: true, subtree: true, attributes: true, characterData: true });
  const timer = win.setInterval(post, FRAME_POST_INTERVAL_MS);
  post();

  return {
    notify: post,
    stop() {
      win.clearInterval(timer);
      if (scheduled) win.cancelAnimationFrame(scheduled);
      resizeObserver?.disconnect();
      mutationObserver.disconnect();
    },
  };
}
