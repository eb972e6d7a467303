import { Button } from '@mantine/core';
import { telHref } from '../app/navigation.ts';
import { IconPhone } from './icons.tsx';

/** "Call <phone>": the operator's number as a tel: link (the manage-booking and quote-offer pages). */
export function CallButton({ phone, variant = 'light' }: { phone: string; variant?: 'light' | 'filled' | 'default' }) {
  return (
    <Button component="a" href={telHref(phone)} variant={variant} size="md" leftSection={<IconPhone size={18} />} data-testid="operator-phone">
      Call {phone}
    </Button>
  );
}
