import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * A lazy component inside Mantine's provider, which loads beside it. The home page's first script carries no Mantine
 * (issue 37: ≤ 120 kB gzip; docs/architecture.md "The first script"): its shell and home view are drawn with
 * src/components/plain/, and every part that loads later and draws with Mantine (the other pages, the console, the
 * driver's app, the mobile menu, the booking alerts, the address suggestions) comes through here, so Mantine's
 * components always find their theme.
 */
export function lazyThemed<P extends object>(load: () => Promise<ComponentType<P>>): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => {
    const [{ ThemeProvider }, Component] = await Promise.all([import('./ThemeProvider.tsx'), load()]);
    const Themed = (props: P) => (
      <ThemeProvider>
        <Component {...props} />
      </ThemeProvider>
    );
    Themed.displayName = `Themed(${Component.displayName ?? Component.name})`;
    return { default: Themed };
  });
}
