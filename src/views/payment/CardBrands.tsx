import { Group } from '@mantine/core';

const BRANDS = [
  { file: 'visa', name: 'Visa' },
  { file: 'mastercard', name: 'Mastercard' },
  { file: 'amex', name: 'American Express' },
] as const;

/** The card brands accepted, as small logos (public/cards). */
export function CardBrands({ size = 32 }: { size?: number }) {
  return (
    <Group gap={6} wrap="nowrap" aria-label="Cards accepted: Visa, Mastercard, American Express" role="img" data-testid="card-brands">
      {BRANDS.map((brand) => (
        <img key={brand.file} src={`/cards/${brand.file}.svg`} alt="" width={(size * 3) / 2} height={size} style={{ display: 'block' }} />
      ))}
    </Group>
  );
}
