import { Button, Stack, Text } from '@mantine/core';
import { Link } from 'wouter';
import { IconPhone } from '../../components/icons.tsx';
import { telHref } from '../../app/navigation.ts';
import { useSetting } from '../../app/useSettings.ts';
import classes from './HomeView.module.css';

/**
 * Placeholder for the quote and hourly-rate forms (a later issue builds them here). Until then it offers
 * the two ways to book that already work: the quote request page and the phone.
 */
export function BookingFormsSlot() {
  const phone = useSetting('Company_Contact_Info');
  return (
    <Stack gap="md" justify="center" mih={132} data-placeholder="booking-forms">
      <div>
        <Text fw={700} size="lg">
          Where are you going?
        </Text>
        <Text c="dimmed" size="sm" mt={4}>
          Instant online prices are on their way. Until then, send us your trip and we will reply with a quote.
        </Text>
      </div>
      <div className={classes.slotActions}>
        <Button component={Link} href="/quoteView" size="md">
          Request a quote
        </Button>
        {phone && (
          <Button component="a" href={telHref(phone)} size="md" variant="default" leftSection={<IconPhone size={18} />}>
            {phone}
          </Button>
        )}
      </div>
    </Stack>
  );
}
