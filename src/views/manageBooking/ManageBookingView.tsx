import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Paper.css';
import { Alert, Badge, Button, Container, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { ManageBookingView as View, ManageStatus } from '../../../contract/manageBooking.ts';
import type { SnapshotFrom } from 'xstate';
import {
  selectCalendarBusy,
  selectCancelAllowed,
  selectChangeAllowed,
  selectCalendarError,
  selectError,
  selectNotice,
  selectRefusal,
  selectStage,
  selectView,
  selectLiveView,
  freshestView,
  MANAGE_ROUTES,
  type ManageStage,
} from '../../../machines/manageBooking/index.ts';
import { useRouteSync, type FlowRoutes } from '../../app/useRouteSync.ts';
import { useSetting } from '../../app/useSettings.ts';
import { IconCheck, IconInfo, IconLock } from '../../components/icons.tsx';
import { BookingDetails, BookingNumber } from '../confirmation/BookingDetails.tsx';
import { formatMoney } from '../confirmation/format.ts';
import { cutoffMoment, londonMoment, REFUND_STATUS_TEXT } from './format.ts';
import { ChangeEditor } from './ChangeEditor.tsx';
import { ChangeConfirm, ChangeDone, ChangePayment } from './ChangeSteps.tsx';
import { ExtrasPanel, ExtrasPayment } from './ExtrasPanel.tsx';
import { ReceiptDownload } from './receipt/ReceiptDownload.tsx';
import { manageBookingLogic, readManageInput, type LiveTripActor, type ManageActor } from '../../app/manageBooking/manageBookingLogic.ts';
import { LiveTripPanel, TripDonePanel } from './live/LiveTripPanel.tsx';
import { Fact } from './Fact.tsx';
import classes from './ManageBooking.module.css';
import { CallButton } from '../../components/CallButton.tsx';

/** The address follows the state (?step= during a change): machines/manageBooking/manageBooking.routes.ts. */
const ROUTES: FlowRoutes<SnapshotFrom<typeof manageBookingLogic>> = MANAGE_ROUTES;

const STATUS_COLOURS: Record<ManageStatus, string> = {
  confirmed: 'blue',
  accepted: 'teal',
  driver_assigned: 'green',
  completed: 'gray',
  cancelled: 'red',
  no_show: 'gray',
};

const CHANGE_STAGES: readonly ManageStage[] = ['editing', 'previewing', 'confirmingChange', 'applying', 'paying', 'changed'];
const CHANGE_TITLES: Partial<Record<ManageStage, string>> = {
  editing: 'Change your booking',
  previewing: 'Change your booking',
  confirmingChange: 'Check the new price',
  applying: 'Check the new price',
  paying: 'Pay the difference',
  changed: 'Booking changed',
};

/** A panel whose heading takes the focus when `focus` turns true (the panel's content changed under the user's click). */
function Panel({ title, focus = false, children, testId }: { title: string; focus?: boolean; children: ReactNode; testId?: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus, title]);
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={`${testId}-title`} data-testid={testId}>
      <Title order={2} size="h3" mb="sm" id={`${testId}-title`} ref={heading} tabIndex={-1} className={classes.panelTitle}>
        {title}
      </Title>
      {children}
    </Paper>
  );
}

// The badge's tint says the status at a glance; its words are dark, as the tinted colours' own shades fall under 4.5:1
// on their light background (green's was 3.8:1, found by axe on "Your driver has arrived").
function StatusPanel({ view }: { view: View }) {
  return (
    <Panel title="Status" testId="manage-status">
      <Badge size="lg" radius="sm" variant="light" color={STATUS_COLOURS[view.status]} c="dark.8" data-testid="booking-status">
        {view.status_label}
      </Badge>
      {view.flight && (
        // Issue 33: the server's sentence, in London time ("Your flight BA117 is expected at 14:35; your driver will meet you at 15:05").
        <Text mt="sm" fw={600} data-testid="flight-line">
          {view.flight.message}
        </Text>
      )}
      {view.driver && (
        <dl className={classes.facts} style={{ marginTop: 'var(--mantine-spacing-md)' }}>
          <Fact label="Your driver" testId="driver-name">
            {view.driver.first_name}
          </Fact>
          {view.driver.vehicle && (view.driver.vehicle.make || view.driver.vehicle.model) && (
            <Fact label="Vehicle" testId="driver-car">
              {[view.driver.vehicle.colour, view.driver.vehicle.make, view.driver.vehicle.model].filter(Boolean).join(' ')}
            </Fact>
          )}
          {view.driver.vehicle_registration && (
            <Fact label="Vehicle registration" testId="driver-vehicle">
              {view.driver.vehicle_registration}
            </Fact>
          )}
        </dl>
      )}
      {!view.driver && view.status !== 'cancelled' && view.status !== 'completed' && (
        <Text size="sm" c="dimmed" mt="sm">
          We will show your driver&apos;s name and vehicle here once they are assigned.
        </Text>
      )}
    </Panel>
  );
}

/** What cancelling now gives back: the refund to the card and the fee, or nothing for a pay-the-driver booking. */
function CancelMoney({ view, symbol }: { view: View; symbol: string | null | undefined }) {
  const { refund, fee } = view.cancellation;
  if (refund === null) return <Text mb="md">You were to pay the driver, so nothing has been charged and there is nothing to refund.</Text>;
  return (
    <dl className={classes.facts}>
      {fee > 0 && <Fact label="Cancellation fee">{formatMoney(fee, symbol)}</Fact>}
      <Fact label="Refund to your card" testId="refund-amount">
        {formatMoney(refund, symbol)}
      </Fact>
    </dl>
  );
}

function CancelPanel({ view, stage, actor, symbol, phone }: { view: View; stage: ManageStage; actor: ManageActor; symbol: string | null | undefined; phone: string | null }) {
  const error = useSelector(actor, selectError);
  const cancelAllowed = useSelector(actor, selectCancelAllowed);
  if (stage === 'cancelled' && view.cancelled) {
    const { refund } = view.cancelled;
    return (
      <Panel title="Booking cancelled" focus testId="manage-cancel">
        <dl className={classes.facts}>
          <Fact label="Cancelled">{`${londonMoment(view.cancelled.at)}${view.cancelled.by === 'operator' ? ' by the operator' : ''}`}</Fact>
          {view.cancelled.fee > 0 && <Fact label="Cancellation fee">{formatMoney(view.cancelled.fee, symbol)}</Fact>}
          {refund && (
            <Fact label={REFUND_STATUS_TEXT[refund.status]} testId="refund-amount">
              {formatMoney(refund.amount, symbol)}
            </Fact>
          )}
        </dl>
        {refund && refund.status !== 'failed' && (
          <Text size="sm" c="dimmed">
            Refunds usually reach your card within 5 to 10 working days.
          </Text>
        )}
      </Panel>
    );
  }
  if (stage === 'confirmingCancel' || stage === 'cancelling') {
    const busy = stage === 'cancelling';
    return (
      <Panel title="Cancel this booking?" focus testId="manage-cancel">
        <Text mb="md">Your booking will be cancelled at once. This cannot be undone.</Text>
        <CancelMoney view={view} symbol={symbol} />
        {error && (
          <Alert color="red" variant="light" role="alert" mb="md">
            {error}
          </Alert>
        )}
        <div className={classes.buttons}>
          <Button variant="default" size="md" disabled={busy} onClick={() => actor.send({ type: 'cancel.back' })}>
            Keep my booking
          </Button>
          <Button color="red" size="md" loading={busy} onClick={() => actor.send({ type: 'cancel.confirm' })}>
            Yes, cancel booking
          </Button>
        </div>
      </Panel>
    );
  }
  const terms = view.cancellation;
  if (!cancelAllowed) {
    return (
      <Panel title="Cancellation" testId="manage-cancel">
        <Text mb="md" data-testid="cancel-refusal">
          {terms.refusal}
        </Text>
        {phone && view.status !== 'cancelled' && <CallButton phone={phone} />}
      </Panel>
    );
  }
  return (
    <Panel title="Cancellation" testId="manage-cancel">
      <Text mb="md" data-testid="cancel-terms">
        You can cancel online until <strong>{cutoffMoment(terms)}</strong>.
      </Text>
      <CancelMoney view={view} symbol={symbol} />
      <Button variant="outline" color="red.8" size="md" fullWidth onClick={() => actor.send({ type: 'cancel.start' })}>
        Cancel booking
      </Button>
    </Panel>
  );
}

/** What may be changed now, or why not (with the operator's phone); the requests already sent. */
function ChangeEntry({ view, actor, phone }: { view: View; actor: ManageActor; phone: string | null }) {
  const terms = view.change;
  const changeAllowed = useSelector(actor, selectChangeAllowed);
  const cancelAllowed = useSelector(actor, selectCancelAllowed);
  if (view.status === 'cancelled') return null;
  return (
    <Panel title="Change" testId="manage-change">
      {view.change_requests.length > 0 && (
        <Alert color="blue" variant="light" mb="md" data-testid="change-requested">
          <Text size="sm" fw={600}>
            Change requested
          </Text>
          {view.change_requests[0].summary.map((line) => (
            <Text size="sm" key={line}>
              {line}
            </Text>
          ))}
        </Alert>
      )}
      {changeAllowed ? (
        <>
          <Text mb="md">
            {terms.as_request
              ? 'A driver is assigned: a change you ask for goes to the operator as a request.'
              : 'Change the pick-up time, passengers, luggage, options, flight or contact details. You see the new price before you confirm.'}
          </Text>
          <Button variant="outline" size="md" fullWidth onClick={() => actor.send({ type: 'change.start' })} data-testid="change-start">
            Change booking
          </Button>
        </>
      ) : (
        <>
          <Text mb="md" data-testid="change-refusal">
            {terms.refusal}
          </Text>
          {/* The cancellation panel offers the call already when it is refused too. */}
          {phone && cancelAllowed && <CallButton phone={phone} />}
        </>
      )}
    </Panel>
  );
}

function ChangeFlow({ view, actor, stage, symbol }: { view: View; actor: ManageActor; stage: ManageStage; symbol: string | null | undefined }) {
  const merchant = useSetting('Company_Name')?.trim() || view.data.booking.company_name;
  return (
    <Panel title={CHANGE_TITLES[stage] ?? 'Change your booking'} focus testId="manage-change">
      {(stage === 'editing' || stage === 'previewing') && <ChangeEditor actor={actor} view={view} />}
      {(stage === 'confirmingChange' || stage === 'applying') && <ChangeConfirm actor={actor} symbol={symbol} />}
      {stage === 'paying' && <ChangePayment actor={actor} symbol={symbol} merchant={merchant} />}
      {stage === 'changed' && <ChangeDone actor={actor} view={view} symbol={symbol} />}
    </Panel>
  );
}

/** The booking as the live view last read it when that is newer than the page's own (a driver's step, the trip's end). */
function Freshest({ live, view, children }: { live: LiveTripActor; view: View; children: (shown: View) => ReactNode }) {
  const liveView = useSelector(live, selectLiveView);
  return children(freshestView(view, liveView));
}

/**
 * The status, or (issue 33) the live view while the driver is on the job, and after the trip its receipt. The live
 * statechart is the manage statechart's child (`ready` invokes it); the panels render its snapshot.
 */
function StatusOrLive({ shown, live, token }: { shown: View; live: LiveTripActor | undefined; token: string }) {
  if (shown.live && live) return <LiveTripPanel live={live} view={shown} operatorPhone={shown.operator_phone} />;
  return (
    <>
      {shown.status === 'completed' && <TripDonePanel token={token} />}
      <StatusPanel view={shown} />
    </>
  );
}

function BookingPage({ actor, stage }: { actor: ManageActor; stage: ManageStage }) {
  const live = useSelector(actor, (snapshot) => snapshot.children.liveTrip as LiveTripActor | undefined);
  const own = useSelector(actor, selectView)!;
  if (!live) return <BookingContent actor={actor} stage={stage} live={undefined} shown={own} />;
  return (
    <Freshest live={live} view={own}>
      {(shown) => <BookingContent actor={actor} stage={stage} live={live} shown={shown} />}
    </Freshest>
  );
}

function BookingContent({ actor, stage, live, shown }: { actor: ManageActor; stage: ManageStage; live: LiveTripActor | undefined; shown: View }) {
  const view = useSelector(actor, selectView)!;
  const notice = useSelector(actor, selectNotice);
  const calendarBusy = useSelector(actor, selectCalendarBusy);
  const calendarError = useSelector(actor, selectCalendarError);
  const token = useSelector(actor, (snapshot) => snapshot.context.token);
  const currency = useSetting('CURRENCY');
  const symbol = view.data.booking.currency ?? currency;
  const phone = view.operator_phone;
  const merchant = useSetting('Company_Name')?.trim() || view.data.booking.company_name;

  return (
    <Stack gap="lg">
      <header className={classes.head}>
        <Title order={1} size="h2">
          Manage your booking
        </Title>
        <BookingNumber value={view.data.booking.booking_number} />
      </header>

      {notice && (
        <Alert color={notice.tone === 'success' ? 'green' : 'yellow'} variant="light" role="status" icon={notice.tone === 'success' ? <IconCheck size={18} /> : <IconInfo size={18} />} data-testid="manage-notice">
          {notice.text}
        </Alert>
      )}

      {stage === 'payingExtras' ? (
        <ExtrasPayment actor={actor} symbol={symbol} merchant={merchant} />
      ) : CHANGE_STAGES.includes(stage) ? (
        <ChangeFlow view={view} actor={actor} stage={stage} symbol={symbol} />
      ) : (
        <div className={classes.overview}>
          <ExtrasPanel actor={actor} symbol={symbol} />
          <StatusOrLive shown={shown} live={live} token={token ?? ''} />
          <CancelPanel view={view} stage={stage} actor={actor} symbol={symbol} phone={phone} />
          <ChangeEntry view={view} actor={actor} phone={phone} />
        </div>
      )}

      <BookingDetails data={view.data} currency={currency} />

      {calendarError && (
        <Alert color="red" variant="light" role="alert">
          {calendarError}
        </Alert>
      )}
      <div className={classes.actions}>
        <Button variant="default" size="md" loading={calendarBusy} onClick={() => actor.send({ type: 'calendar.download' })}>
          Add to calendar
        </Button>
        {/* After the trip the receipt is the trip panel's (TripDonePanel). */}
        {shown.status !== 'completed' && <ReceiptDownload access={{ token: token ?? '' }} />}
        <Button variant="default" size="md" onClick={() => window.print()}>
          Print
        </Button>
      </div>
      <Text className={classes.secure} mx="auto" component="p">
        <IconLock size={14} />
        This page opens only from its private link (in your confirmation e-mail). Keep that link private.
      </Text>
    </Stack>
  );
}

function RefusedPage({ actor }: { actor: ManageActor }) {
  const refusal = useSelector(actor, selectRefusal);
  const companyName = useSetting('Company_Name');
  const settingPhone = useSetting('Company_Contact_Info');
  const phone = refusal?.operatorPhone ?? (settingPhone?.trim() || null);
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} className={classes.centered} data-testid="manage-refused">
      <ThemeIcon size={56} radius="xl" color="orange" variant="light" aria-hidden="true">
        <IconInfo size={30} />
      </ThemeIcon>
      <Title order={1} size="h2">
        We can&apos;t open this booking
      </Title>
      <Text data-testid="refusal-message">{refusal?.message}</Text>
      <Text c="dimmed" size="sm">
        To change or cancel your booking, {phone ? `call ${companyName?.trim() || 'us'} on ${phone}` : `contact ${companyName?.trim() || 'us'}`}.
      </Text>
      <div className={classes.actions} style={{ marginTop: 'var(--mantine-spacing-sm)' }}>
        {phone && <CallButton phone={phone} variant="filled" />}
        <Button component={Link} href="/" variant="default" size="md">
          Back to home
        </Button>
      </div>
    </Paper>
  );
}

function LoadFailed({ actor }: { actor: ManageActor }) {
  const error = useSelector(actor, selectError);
  return (
    <Alert color="red" variant="light" role="alert" title="Your booking could not be loaded">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{error}</Text>
        <Button variant="default" onClick={() => actor.send({ type: 'retry' })}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}

/**
 * /manage-booking (issue 18): the page a confirmation mail's "Manage your booking" link opens. It renders only the
 * state of machines/manageBooking (loading, refused, load failed, the booking with its status and cancellation, the
 * confirmation, cancelled) and sends its events. Rendered in the browser only: it needs the link's token.
 */
export function ManageBookingView() {
  const actor = useActorRef(manageBookingLogic, { input: readManageInput() });
  const stage = useSelector(actor, selectStage);
  useRouteSync({ actor, routes: ROUTES });

  return (
    <Container size={stage === 'refused' ? 'sm' : 'md'} py={{ base: 'lg', sm: 'xl' }} data-screen="manage-booking" data-stage={stage}>
      {stage === 'loading' && (
        <div className={classes.centered} style={{ paddingBlock: 'var(--mantine-spacing-xl)' }}>
          <Loader aria-hidden="true" />
          <Text role="status">Loading your booking…</Text>
        </div>
      )}
      {stage === 'loadFailed' && <LoadFailed actor={actor} />}
      {stage === 'refused' && <RefusedPage actor={actor} />}
      {stage !== 'loading' && stage !== 'loadFailed' && stage !== 'refused' && <BookingPage actor={actor} stage={stage} />}
    </Container>
  );
}
