import { Button, Loader } from '@mantine/core';
import { IconCheck, IconLock } from '../../components/icons.tsx';

/** 'Pay Now', 'Processing...' while a payment is under way (disabled, so a second click cannot submit). */
export function PayNowButton({ processing, succeeded, disabled, amount }: { processing: boolean; succeeded: boolean; disabled: boolean; amount: string }) {
  if (succeeded) {
    return (
      <Button type="button" size="lg" fullWidth color="green" leftSection={<IconCheck size={20} />} disabled data-testid="pay-now">
        Paid
      </Button>
    );
  }
  return (
    <Button
      type="submit"
      size="lg"
      fullWidth
      disabled={disabled || processing}
      leftSection={processing ? <Loader size={18} color="currentColor" aria-hidden="true" /> : <IconLock size={18} />}
      aria-describedby="amount-to-pay"
      data-testid="pay-now"
      data-amount={amount}
    >
      {processing ? 'Processing...' : 'Pay Now'}
    </Button>
  );
}
