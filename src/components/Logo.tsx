/** The site's mark: a rounded square in the brand colour with a car seen from the side (same drawing as /favicon.svg). */
export function LogoMark({ size = 36 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="var(--mantine-color-brand-7)" />
      <path d="M12 39v-5.5c0-1.7 1-3.1 2.6-3.6l5.4-1.7 6-6.6c1-1.1 2.4-1.6 3.8-1.6h8.8c1.6 0 3.1.7 4.1 2l4.8 6.2 3.4.9c1.8.5 3.1 2.1 3.1 4V39c0 1.1-.9 2-2 2H14c-1.1 0-2-.9-2-2z" fill="#fff" />
      <path d="M27.5 23.5h6.5v5.5h-11.2zM37 23.5h2.3c.6 0 1.2.3 1.6.8l3.3 4.7H37z" fill="var(--mantine-color-brand-7)" opacity=".85" />
      <circle cx="22" cy="41" r="5.5" fill="var(--mantine-color-brand-9)" stroke="#fff" strokeWidth="2.5" />
      <circle cx="44" cy="41" r="5.5" fill="var(--mantine-color-brand-9)" stroke="#fff" strokeWidth="2.5" />
    </svg>
  );
}
