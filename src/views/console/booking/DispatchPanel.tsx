import '@mantine/core/styles/NumberInput.css';
import { Alert, Button, Group, NativeSelect, NumberInput, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { Fragment } from 'react';
import { CANCEL_REASON_LABELS, CANCEL_REASONS, DISPATCH_EVENT_LABELS, type CancelReason } from '../../../../contract/dispatch.ts';
import {
  mayOffer,
  mayResendLink,
  RESEND_LINK_LABEL,
  OFFER_LABEL,
  selectActions,
  selectAssignable,
  selectBooking,
  selectCancelDraft,
  selectChoice,
  selectChoicesFailed,
  selectChoicesLoading,
  selectError,
  selectPendingEvent,
  selectResendingLink,
  selectStage,
  selectSubmitting,
} from '../../../../machines/consoleBooking/index.ts';
import type { BookingActor } from './BookingPage.tsx';
import classes from './Booking.module.css';
import { OfferStep } from './OffersPanel.tsx';
import { Step } from './Step.tsx';
import { poundsText } from '../../../../contract/money.ts';

function AssignStep({ actor }: { actor: BookingActor }) {
  const loading = useSelector(actor, selectChoicesLoading);
  const failed = useSelector(actor, selectChoicesFailed);
  const assignable = useSelector(actor, selectAssignable);
  const choice = useSelector(actor, selectChoice);
  const submitting = useSelector(actor, selectSubmitting);
  const error = useSelector(actor, selectError);
  const choose = (patch: Partial<typeof choice>) => actor.send({ type: 'assign.choose', ...choice, ...patch });
  const asId = (value: string) => (value === '' ? null : Number(value));

  return (
    <Step title="Assign a driver and vehicle" testId="assign-step">
      {loading && <Text size="sm">Loading drivers and vehicles…</Text>}
      {failed && (
        <Group gap="xs">
          <Text size="sm" c="red.8" role="alert">
            {error}
          </Text>
          <Button size="xs" variant="light" onClick={() => actor.send({ type: 'retry' })}>
            Try again
          </Button>
        </Group>
      )}
      {assignable && !loading && !failed && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            actor.send({ type: 'assign.confirm' });
          }}
        >
          <Stack gap="xs">
            <Text size="xs" c="dimmed">
              Only active drivers and vehicles whose PHV licences are valid on the day of the job are offered.
            </Text>
            <NativeSelect
              size="sm"
              label="Driver"
              value={choice.driverId === null ? '' : String(choice.driverId)}
              onChange={(event) => choose({ driverId: asId(event.currentTarget.value) })}
              data={[{ value: '', label: assignable.drivers.length ? 'Choose a driver' : 'No driver is licensed for this day' }, ...assignable.drivers.map((driver) => ({ value: String(driver.id), label: `${driver.name} · licence to ${driver.licence_expiry}` }))]}
            />
            <NativeSelect
              size="sm"
              label="Vehicle"
              value={choice.vehicleId === null ? '' : String(choice.vehicleId)}
              onChange={(event) => choose({ vehicleId: asId(event.currentTarget.value) })}
              data={[
                { value: '', label: assignable.vehicles.length ? 'Choose a vehicle' : 'No vehicle is licensed for this day' },
                ...assignable.vehicles.map((vehicle) => ({
                  value: String(vehicle.id),
                  label: `${vehicle.registration} · ${vehicle.make} ${vehicle.model}, ${vehicle.colour} · ${vehicle.category_name}${vehicle.same_category ? '' : ' (other category)'}`,
                })),
              ]}
            />
            {error && (
              <Text size="sm" c="red.8" role="alert">
                {error}
              </Text>
            )}
            <Group gap="xs">
              <Button type="submit" size="sm" loading={submitting}>
                Assign
              </Button>
              <Button type="button" size="sm" variant="default" onClick={() => actor.send({ type: 'back' })} disabled={submitting}>
                Back
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Step>
  );
}

function CancelStep({ actor }: { actor: BookingActor }) {
  const booking = useSelector(actor, selectBooking)!;
  const draft = useSelector(actor, selectCancelDraft);
  const submitting = useSelector(actor, selectSubmitting);
  const error = useSelector(actor, selectError);
  const card = booking.payment.method === 'card' && booking.payment.refundable_pence > 0;
  const edit = (patch: Partial<typeof draft>) => actor.send({ type: 'cancel.edit', draft: patch });

  return (
    <Step title="Cancel this booking" testId="cancel-step">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'cancel.confirm' });
        }}
      >
        <Stack gap="xs">
          <NativeSelect
            size="sm"
            label="Reason"
            required
            value={draft.reason}
            onChange={(event) => edit({ reason: event.currentTarget.value as CancelReason | '' })}
            data={[{ value: '', label: 'Choose a reason' }, ...CANCEL_REASONS.map((reason) => ({ value: reason, label: CANCEL_REASON_LABELS[reason] }))]}
          />
          <Textarea size="sm" label="Note" description={draft.reason === 'operator_other' ? 'Required: say why.' : 'Optional, kept on the booking’s record.'} autosize minRows={2} maxLength={500} value={draft.note} onChange={(event) => edit({ note: event.currentTarget.value })} />
          {card && (
            <NumberInput
              size="sm"
              label="Refund to the card (£)"
              description={`Up to ${poundsText(booking.payment.refundable_pence)}; 0 keeps the payment.`}
              min={0}
              max={booking.payment.refundable_pence / 100}
              decimalScale={2}
              fixedDecimalScale
              step={1}
              value={draft.refundPence / 100}
              onChange={(value) => edit({ refundPence: Math.round(Number(value || 0) * 100) })}
              data-testid="refund-amount"
            />
          )}
          <Text size="sm" fw={600} data-testid="cancel-summary">
            {card ? (draft.refundPence > 0 ? `The passenger will be refunded ${poundsText(draft.refundPence)} to their card.` : 'No refund will be made.') : booking.payment.method === 'car' ? 'Paid to the driver: nothing to refund.' : 'Nothing left to refund.'} The passenger is told by e-mail.
          </Text>
          <Group gap="xs">
            <Button type="submit" size="sm" color="red.8" loading={submitting}>
              {card && draft.refundPence > 0 ? `Cancel and refund ${poundsText(draft.refundPence)}` : 'Cancel booking'}
            </Button>
            <Button type="button" size="sm" variant="default" onClick={() => actor.send({ type: 'back' })} disabled={submitting}>
              Keep the booking
            </Button>
          </Group>
          {/* Under the buttons: leaving the refund field clamps an amount over the refundable one, which clears the
              error; above them, the buttons would move between a click's press and release, and the click be lost. */}
          {error && (
            <Text size="sm" c="red.8" role="alert">
              {error}
            </Text>
          )}
        </Stack>
      </form>
    </Step>
  );
}

function NoShowStep({ actor }: { actor: BookingActor }) {
  const submitting = useSelector(actor, selectSubmitting);
  const error = useSelector(actor, selectError);
  return (
    <Step title="Mark as a no-show?" testId="no-show-step">
      <Text size="sm" mb="xs">
        The passenger did not come. The booking is closed; no refund is made.
      </Text>
      {error && (
        <Text size="sm" c="red.8" role="alert" mb="xs">
          {error}
        </Text>
      )}
      <Group gap="xs">
        <Button size="sm" color="orange.9" loading={submitting} onClick={() => actor.send({ type: 'noShow.confirm' })}>
          Mark as no-show
        </Button>
        <Button size="sm" variant="default" onClick={() => actor.send({ type: 'back' })} disabled={submitting}>
          Back
        </Button>
      </Group>
    </Step>
  );
}

/** The outline buttons' text on the panel's grey: red.9 and this dark orange reach 4.5:1 (red.8 and orange.9 do not). */
const NO_SHOW_OUTLINE = '#a63a0a';

/** The dispatch actions DISPATCH_TRANSITIONS allows from the booking's status, and the open step. */
export function DispatchPanel({ actor }: { actor: BookingActor }) {
  const stage = useSelector(actor, selectStage);
  const actions = useSelector(actor, selectActions);
  const pending = useSelector(actor, selectPendingEvent);
  const error = useSelector(actor, selectError);
  const offerable = useSelector(actor, (s) => mayOffer(selectBooking(s)));
  const resendable = useSelector(actor, (s) => mayResendLink(selectBooking(s)));
  const resending = useSelector(actor, selectResendingLink);
  const busy = stage === 'submitting' || resending;

  if (stage === 'assigning' || (busy && pending === 'assign')) return <AssignStep actor={actor} />;
  if (stage === 'offering') return <OfferStep actor={actor} />;
  if (stage === 'cancelling' || (busy && pending === 'cancel')) return <CancelStep actor={actor} />;
  if (stage === 'confirmingNoShow' || (busy && pending === 'no_show')) return <NoShowStep actor={actor} />;
  if (actions.length === 0) return null;

  return (
    <Paper withBorder p="sm" radius="md" className={classes.step}>
      <Title order={2} className={classes.stepTitle}>
        Dispatch
      </Title>
      {error && (
        <Alert color="red" variant="light" role="alert" mb="xs">
          {error}
        </Alert>
      )}
      <Group gap="xs" data-testid="dispatch-actions">
        {actions.map((event) => {
          const label = DISPATCH_EVENT_LABELS[event];
          if (event === 'assign')
            return (
              <Fragment key={event}>
                <Button size="sm" onClick={() => actor.send({ type: 'assign.start' })} disabled={busy}>
                  {label}
                </Button>
                {offerable && (
                  <Button size="sm" variant="light" onClick={() => actor.send({ type: 'offer.start' })} disabled={busy}>
                    {OFFER_LABEL}
                  </Button>
                )}
              </Fragment>
            );
          if (event === 'cancel' && resendable)
            return (
              <Fragment key={event}>
                <Button size="sm" variant="light" loading={resending} onClick={() => actor.send({ type: 'payLink.resend' })} disabled={busy && !resending}>
                  {RESEND_LINK_LABEL}
                </Button>
                <Button size="sm" variant="outline" color="red.9" onClick={() => actor.send({ type: 'cancel.start' })} disabled={busy}>
                  {label}
                </Button>
              </Fragment>
            );
          if (event === 'cancel') return <Button key={event} size="sm" variant="outline" color="red.9" onClick={() => actor.send({ type: 'cancel.start' })} disabled={busy}>{label}</Button>;
          if (event === 'no_show') return <Button key={event} size="sm" variant="outline" color={NO_SHOW_OUTLINE} onClick={() => actor.send({ type: 'noShow.start' })} disabled={busy}>{label}</Button>;
          return (
            <Button key={event} size="sm" variant={event === 'unassign' ? 'default' : 'filled'} loading={busy && pending === event} disabled={busy && pending !== event} onClick={() => actor.send({ type: 'act', event })}>
              {label}
            </Button>
          );
        })}
      </Group>
    </Paper>
  );
}
