import AxeBuilder from '@axe-core/playwright';
import axeCore from 'axe-core';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';

/** The WCAG 2.1 AA rule set every e2e check runs. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * axe-core's results for the page as it is (WCAG_TAGS), limited to `include` and leaving out `exclude` when given.
 *
 * The rules and the verdict are AxeBuilder's; only the overhead is cut. AxeBuilder injects axe-core's 550 kB into the
 * page at every call, then opens a blank page (a new renderer) to inject it again and finish the run there: 2–4.5
 * CPU-seconds of Chromium and 0.2–1 of Node a check (measured 3 December, home page, /contactus). A page without
 * frames needs none of that: axe is injected once per document and `axe.run` checks it in place (0.1–0.7 CPU-s). A page
 * with frames (an embedded booking form, a card field) still goes through AxeBuilder, which checks inside each frame.
 */
export async function axeAnalyze(page: Page, { include, exclude }: { include?: string; exclude?: string } = {}): Promise<AxeResults> {
  if (page.frames().length > 1) {
    let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
    if (include) builder = builder.include(include);
    if (exclude) builder = builder.exclude(exclude);
    return builder.analyze();
  }
  if ((await page.evaluate(() => (window as unknown as { axe?: { version?: string } }).axe?.version ?? null)) !== axeCore.version) {
    await page.evaluate(axeCore.source);
    await page.evaluate(() => (window as unknown as { axe: typeof axeCore }).axe.configure({ branding: { application: 'playwright' } }));
  }
  // The context AxeBuilder builds from include/exclude (its normalizeContext).
  const context = { exclude: exclude ? [exclude] : [], include: include ? [include] : [] };
  return page.evaluate(
    ({ context, tags }) => (window as unknown as { axe: typeof axeCore }).axe.run(context as never, { runOnly: { type: 'tag', values: tags } }),
    { context, tags: WCAG_TAGS },
  );
}

/**
 * WCAG 2.1 AA violations (axe-core) on the page as it is, one line each (`where: id (impact) help — nodes`), [] when
 * clean. `include` limits the check to a part of the page, `exclude` leaves one out (a framed page checked elsewhere).
 */
export async function axeViolations(page: Page, where = '', options: { include?: string; exclude?: string } = {}): Promise<string[]> {
  const result = await axeAnalyze(page, options);
  return result.violations.map(
    (violation) =>
      `${where ? `${where}: ` : ''}${violation.id} (${violation.impact}) ${violation.help} — ${violation.nodes
        .slice(0, 3)
        .map((node) => `${node.target.join(' ')} ${node.html.slice(0, 160)}`)
        .join(' | ')}`,
  );
}

/**
 * Until no CSS transition or animation runs (a modal's fade-in, a drawer's slide): axe reads colours mid-fade otherwise.
 * `network: false` for a page with a stream open (it never goes network-idle).
 */
export async function settled(page: Page, { network = true }: { network?: boolean } = {}): Promise<void> {
  if (network) await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
}
