/**
 * The booking forms on the home page (spec §2 Home): the tabs 'GET A QUOTE' (hidden when IS_QUOTATION is enable)
 * and 'Hourly Rate' (shown when HOURLY_RATE_STATUS is enable), each form driven by the home form machine (its actor
 * comes from the page's HomeFormProvider). When
 * the settings hide both, the quote request page and the phone are offered instead.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef, type KeyboardEvent, type PointerEvent, type RefObject } from 'react';
import { Link, useLocation } from 'wouter';
import { routedStateOfPath } from '../../../machines/booking/booking.routes.ts';
import { selectBusy, selectRoutedStateId } from '../../../machines/booking/booking.selectors.ts';
import type { HomeTab } from '../../../machines/homeForm/index.ts';
import { afterNextPaint } from '../../app/afterNextPaint.ts';
import { Booking } from '../../app/booking/BookingContext.ts';
import { telHref } from '../../app/navigation.ts';
import { useSetting } from '../../app/useSettings.ts';
import { IconPhone } from '../../components/icons.tsx';
import { buttonLook } from '../../components/plain/Button.tsx';
import { Text } from '../../components/plain/Text.tsx';
import { useHomeForm } from './HomeFormContext.tsx';
import { HourlyForm } from './HourlyForm.tsx';
import { QuoteForm } from './QuoteForm.tsx';
import classes from './HomeForms.module.css';
import homeClasses from './HomeView.module.css';

function NoOnlineBooking() {
  const phone = useSetting('Company_Contact_Info');
  return (
    <div className={homeClasses.noOnlineBooking}>
      <div>
        <Text weight={700} size="lg">
          Where are you going?
        </Text>
        <Text dimmed size="sm" className={homeClasses.noOnlineBookingLead}>
          Send us your trip and we will reply with a quote.
        </Text>
      </div>
      <div className={homeClasses.slotActions}>
        <Link href="/quoteView" {...buttonLook({ size: 'md' })}>
          Request a quote
        </Link>
        {phone && (
          <a href={telHref(phone)} {...buttonLook({ size: 'md', variant: 'default', withLeftSection: true })}>
            <IconPhone size={18} />
            {phone}
          </a>
        )}
      </div>
    </div>
  );
}

export function BookingFormsSlot() {
  const busy = Booking.useOptionalSelector(selectBusy, false);
  const [location] = useLocation();
  // Until the lazy booking actor is on the page's step (the server's render, a fresh page): the state the path stands for.
  const noPriceData = Booking.useOptionalSelector((s) => selectRoutedStateId(s) === 'home', routedStateOfPath(location) === 'home');
  const form = useHomeForm();
  // The machine keeps its tab one that shows (settings.update moves it off a hidden one).
  const tab = useSelector(form, (s) => s.context.tab);
  // A tab shows when the form takes it (its `tabShown` guard reads the settings the machine was given).
  const showQuote = useSelector(form, (s) => s.can({ type: 'tab.select', tab: 'quote' }));
  const showHourly = useSelector(form, (s) => s.can({ type: 'tab.select', tab: 'hourly' }));
  const lastTrip = useSelector(form, (s) => (s.can({ type: 'trip.repeat' }) ? s.context.lastTrip : null));
  const idBase = useId();
  const panels = useRef<(HTMLDivElement | null)[]>([]);
  useHiddenPanelsLaidOut(panels);

  if (!showQuote && !showHourly) return <NoOnlineBooking />;

  const tabs = [
    ...(showQuote ? [{ value: 'quote' as const, label: 'GET A QUOTE' }] : []),
    ...(showHourly ? [{ value: 'hourly' as const, label: 'Hourly Rate' }] : []),
  ];

  return (
    <>
      {noPriceData && (
        <div className={classes.notice} role="status" data-testid="no-price-data">
          <Text weight={700} size="sm">
            Start with your trip
          </Text>
          <Text size="sm">Enter your journey below and press Search to see prices.</Text>
        </div>
      )}
      {lastTrip && (
        // Issue 37: in one tap, the trip a returning visitor booked with "Remember my details on this device" ticked, or
        // (signed in to the corporate area) the passenger's last booking's trip.
        <button type="button" className={classes.repeatTrip} onClick={() => form.send({ type: 'trip.repeat' })} data-testid="repeat-trip">
          <Text weight={700} size="sm" component="span" className={classes.block}>
            Same trip as last time
          </Text>
          <Text size="sm" dimmed component="span" className={classes.oneLine}>
            {placeName(lastTrip.pickup)}
            {lastTrip.dropoff ? ` → ${placeName(lastTrip.dropoff)}` : ''}
            {lastTrip.stops.length > 0 ? ` (${lastTrip.stops.length} ${lastTrip.stops.length === 1 ? 'stop' : 'stops'})` : ''}
          </Text>
        </button>
      )}
      <TabBar tabs={tabs} value={tab} idBase={idBase} onChange={(value) => form.send({ type: 'tab.select', tab: value })} />
      {/* Each tab's panel is in the page, the tab not selected hidden (the ARIA tabs pattern): a tab tap only shows
          and hides them (issue 37: no form to build while the finger waits), and a tap before the scripts run shows its
          panel at once (src/boot/earlyInput.js). */}
      {tabs.map((t, index) => (
        <div
          key={t.value}
          ref={(node) => {
            panels.current[index] = node;
          }}
          role="tabpanel"
          className={classes.panel}
          hidden={t.value !== tab}
          // Kept out of the accessibility tree, as the hidden attribute's display: none would (HomeForms.module.css).
          aria-hidden={t.value !== tab || undefined}
          id={`${idBase}-panel-${t.value}`}
          aria-labelledby={`${idBase}-tab-${t.value}`}
        >
          {t.value === 'quote' ? <QuoteForm form={form} busy={busy} /> : <HourlyForm form={form} busy={busy} />}
        </div>
      ))}
    </>
  );
}

/**
 * The panels not selected keep the style and layout the browser computed for them (HomeForms.module.css, `.panel`),
 * but one hidden since the page was drawn has none yet: once the page is idle, asking where its form is makes the browser
 * compute them, so the first tap on its tab only paints (issue 37: 1-7 ms instead of 17-69 on a phone slowed 4x). On the
 * server's page the early-input recorder has already done so once the page was parsed (src/boot/earlyInput.js), for a tap
 * while the page wakes; this is then a no-op, and it covers the panels the app renders itself (a visit from another page).
 * Chromium notes in its console, at the verbose level, that it drew in a subtree hidden by content-visibility.
 */
function useHiddenPanelsLaidOut(panels: RefObject<(HTMLElement | null)[]>) {
  useEffect(() => {
    const layOut = () => {
      for (const panel of panels.current) if (panel?.hidden) panel.firstElementChild?.getBoundingClientRect();
    };
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(layOut, 1000);
      return () => clearTimeout(timer);
    }
    const idle = requestIdleCallback(layOut, { timeout: 2000 });
    return () => cancelIdleCallback(idle);
  }, [panels]);
}

/** An address's first part ('Paddington Station' of 'Paddington Station, Praed Street, London W2 1HB'). */
const placeName = (address: string) => address.split(',')[0]!.trim();

/** The focus a tap gives a button: no focus ring (`focusVisible`: not yet in TypeScript's DOM types) and no scroll. */
const TAP_FOCUS = { preventScroll: true, focusVisible: false } as FocusOptions;

/**
 * A finger (or pen) lifted on the element it touched: a tap. A tab acts on it (issue 37, "a tap answered at once")
 * instead of waiting for the click, which the browser sends only after recognising the tap gesture and sending its
 * mouse-compatibility events, 70–100 ms later on a phone slowed 4×. The tab then cancels the touch's end, so none of
 * those come at all (Chromium handled them inside the frame that shows the tab, before its commit); where it cannot be
 * cancelled the click comes and selects the same tab again, which changes nothing. A touch that scrolls ends in
 * pointercancel, never here; a mouse acts on the click, which follows at once.
 */
function isFingerLiftedOn(event: PointerEvent<HTMLElement>): boolean {
  if (event.pointerType === 'mouse' || !event.isPrimary) return false;
  // A touch's pointer events all go to the element first touched, wherever the finger is lifted.
  const box = event.currentTarget.getBoundingClientRect();
  return event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
}

/**
 * The form tabs by the ARIA tabs pattern: arrow keys, Home and End move between tabs (automatic activation); a tab tapped
 * with a finger is selected as the finger lifts.
 */
function TabBar({ tabs, value, idBase, onChange }: { tabs: { value: HomeTab; label: string }[]; value: HomeTab; idBase: string; onChange: (value: HomeTab) => void }) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const selectedOnLift = useRef(false);
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const next = event.key === 'ArrowRight' ? (index === last ? 0 : index + 1) : event.key === 'ArrowLeft' ? (index === 0 ? last : index - 1) : event.key === 'Home' ? 0 : event.key === 'End' ? last : null;
    if (next === null) return;
    event.preventDefault();
    onChange(tabs[next]!.value);
    refs.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label="Booking type" className={classes.tabsList}>
      {tabs.map((t, index) => (
        <button
          type="button"
          key={t.value}
          ref={(node) => {
            refs.current[index] = node;
          }}
          role="tab"
          id={`${idBase}-tab-${t.value}`}
          aria-selected={t.value === value}
          aria-controls={`${idBase}-panel-${t.value}`}
          tabIndex={t.value === value ? 0 : -1}
          className={classes.tab}
          data-active={t.value === value || undefined}
          onClick={() => onChange(t.value)}
          onPointerUp={(event) => {
            if (!isFingerLiftedOn(event)) return;
            onChange(t.value);
            selectedOnLift.current = true;
            // The focus a tap gives (without its click, cancelled below), once the frame showing the tab is painted.
            const tab = event.currentTarget;
            void afterNextPaint().then(() => tab.focus(TAP_FOCUS));
          }}
          onTouchEnd={(event) => {
            // The tap is answered: no mouse-compatibility events and click to delay the frame that shows it.
            if (selectedOnLift.current && event.cancelable) event.preventDefault();
            selectedOnLift.current = false;
          }}
          onKeyDown={(event) => onKeyDown(event, index)}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}
