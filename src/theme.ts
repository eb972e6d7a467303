import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';
import focusClasses from './app/Focus.module.css';

/** One calm brand colour: a deep, slightly muted blue. Shade 7 is the filled colour (buttons, links). */
const brand: MantineColorsTuple = [
  '#edf3fa',
  '#dae5f2',
  '#b1c9e5',
  '#85abd8',
  '#6192cd',
  '#4a82c6',
  '#3d7ac4',
  '#2f68ad',
  '#255c9b',
  '#164f8a',
];

export const theme = createTheme({
  colors: { brand },
  primaryColor: 'brand',
  primaryShade: 7,
  defaultRadius: 'md',
  cursorType: 'pointer',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "Liberation Sans", sans-serif',
  headings: {
    fontWeight: '700',
    sizes: {
      h1: { fontSize: 'clamp(1.75rem, 1.2rem + 2.4vw, 2.625rem)', lineHeight: '1.15' },
      h2: { fontSize: 'clamp(1.375rem, 1.1rem + 1.2vw, 1.875rem)', lineHeight: '1.25' },
      h3: { fontSize: '1.125rem', lineHeight: '1.35' },
    },
  },
  // A plain object rather than Input.extend(): the home page's first load carries none of Mantine's input code.
  components: {
    Input: { classNames: { input: focusClasses.input } },
  },
  other: {
    /** Spec §9: the desktop breakpoint is 768 px = Mantine's `sm` (48em). */
    desktopBreakpoint: 'sm',
  },
});

/**
 * Mantine's 'dimmed' text (gray.6 on white, 3.3:1) is too faint for body copy; this grey keeps the calm
 * look at about 5.6:1, above WCAG AA's 4.5:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5c6670' },
  dark: {},
});
