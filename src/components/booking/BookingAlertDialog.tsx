import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import type { BookingAlert } from '../../../machines/booking/booking.types.ts';
import classes from './BookingAlerts.module.css';

const TONE: Record<BookingAlert['kind'], { color: string; mark: string }> = {
  sameAddress: { color: 'orange', mark: '!' },
  urgentBooking: { color: 'orange', mark: '!' },
  error: { color: 'red', mark: '!' },
  validation: { color: 'orange', mark: 'i' },
  success: { color: 'green', mark: '✓' },
};

/** One alert dialog; the spec's title (or none) and message, and an OK button that dismisses it. */
export function BookingAlertDialog({ alert, onClose }: { alert: BookingAlert; onClose: () => void }) {
  const tone = TONE[alert.kind];
  const title = alert.title ?? (alert.kind === 'success' ? 'Done' : 'Please check');
  return (
    <Modal
      opened
      onClose={onClose}
      centered
      radius="lg"
      size="sm"
      withCloseButton={false}
      overlayProps={{ backgroundOpacity: 0.45, blur: 2 }}
      transitionProps={{ duration: 120 }}
      aria-labelledby="booking-alert-title"
      data-testid="booking-alert"
      data-kind={alert.kind}
    >
      <Stack align="center" gap="sm" py="xs" role={alert.kind === 'success' ? 'status' : 'alertdialog'}>
        <ThemeIcon size={48} radius="xl" color={tone.color} variant="light" aria-hidden="true">
          <span className={classes.mark}>{tone.mark}</span>
        </ThemeIcon>
        <Text id="booking-alert-title" fw={700} size="lg" ta="center" className={alert.title ? undefined : classes.visuallyHidden}>
          {title}
        </Text>
        {alert.message !== alert.title && (
          <Text ta="center" size="sm" c="gray.8" data-testid="booking-alert-message">
            {alert.message}
          </Text>
        )}
        <Group justify="center" mt="xs" w="100%">
          <Button onClick={onClose} fullWidth data-autofocus>
            OK
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
