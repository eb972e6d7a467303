// @vitest-environment happy-dom
// useServerRenderClaim: a part's first mount on a server-rendered page hydrates it, however many times React renders
// that mount before it commits; a later mount is the browser's own render.
import '../../tests/helpers/dom.ts';
import { act, render, waitFor } from '@testing-library/react';
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { setRenderedAt, useServerRenderClaim } from './renderMode.ts';

afterEach(() => setRenderedAt(null));

/** Records each render's claim; with `Child` (a lazy component), its first render is thrown away until it loads. */
function Part({ seen, Child }: { seen: boolean[]; Child?: ComponentType }) {
  const claimed = useServerRenderClaim('part');
  const [mounted] = useState(() => claimed);
  seen.push(claimed);
  return <p>{mounted ? 'server' : 'browser'}{Child && <Child />}</p>;
}

describe('useServerRenderClaim', () => {
  it("gives a mount rendered twice before it commits the same claim: the second render still hydrates", async () => {
    setRenderedAt(Date.UTC(2026, 10, 26, 9, 0));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const seen: boolean[] = [];
    const Child = lazy(() => gate.then(() => ({ default: () => null })));
    const view = render(
      <Suspense fallback={<p>waiting</p>}>
        <Part seen={seen} Child={Child} />
      </Suspense>,
    );
    expect(view.container.textContent).toBe('waiting');
    await act(async () => {
      release();
      await gate;
    });
    await waitFor(() => expect(view.container.textContent).toBe('server'));
    expect(seen.length).toBeGreaterThanOrEqual(2);
    expect(seen.every(Boolean)).toBe(true);
  });

  it('gives a mount after the hydrating one has committed no claim (the browser renders it)', () => {
    setRenderedAt(Date.UTC(2026, 10, 26, 9, 0));
    const first = render(<Part seen={[]} />);
    expect(first.container.textContent).toBe('server');
    first.unmount();
    const again = render(<Part seen={[]} />);
    expect(again.container.textContent).toBe('browser');
  });

  it('gives no claim on a page the server did not render', () => {
    expect(render(<Part seen={[]} />).container.textContent).toBe('browser');
  });
});
