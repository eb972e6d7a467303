import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * WCAG 2.1 AA violations (axe-core) on the page as it is, one line each (`where: id (impact) help — nodes`), [] when
 * clean. `include` limits the check to a part of the page, `exclude` leaves one out (a framed page checked elsewhere).
 */
export async function axeViolations(page: Page, where = '', { include, exclude }: { include?: string; exclude?: string } = {}): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (include) builder = builder.include(include);
  if (exclude) builder = builder.exclude(exclude);
  const result = await builder.analyze();
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
