/**
 * The home form's actor (machines/homeForm), shared by the booking forms and the sections that fill them (a popular
 * pickup location tapped fills the Pick-Up). Provided by the page that shows the forms (HomeView, BookTripView), once
 * per page: on a server-rendered page its first render is the hydration, with the clock the server rendered at.
 */
import { useActorRef } from '@xstate/react';
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Booking } from '../../app/booking/BookingContext.ts';
import { homeFormInput, homeFormLogic } from '../../app/home/homeFormLogic.ts';
import { renderNow, useServerRenderClaim } from '../../app/renderMode.ts';
import { useSetting } from '../../app/useSettings.ts';
import type { HomeFormRef } from './QuoteForm.tsx';

const HomeFormContext = createContext<HomeFormRef | null>(null);

export function HomeFormProvider({ children }: { children: ReactNode }) {
  const bookingReady = Booking.useReady();
  const isQuotation = useSetting('IS_QUOTATION');
  const hourlyStatus = useSetting('HOURLY_RATE_STATUS');
  const settings = useMemo(() => ({ IS_QUOTATION: isQuotation, HOURLY_RATE_STATUS: hourlyStatus }), [isQuotation, hourlyStatus]);
  const [logic] = useState(() => homeFormLogic(bookingReady));
  const serverRendered = useServerRenderClaim('home forms');
  const [now] = useState(() => renderNow(serverRendered));
  const form = useActorRef(logic, { input: homeFormInput(settings, now) });

  useEffect(() => {
    form.send({ type: 'settings.update', settings });
  }, [form, settings]);

  return <HomeFormContext.Provider value={form}>{children}</HomeFormContext.Provider>;
}

/** The page's home form actor; throws outside a HomeFormProvider. */
export function useHomeForm(): HomeFormRef {
  const form = useContext(HomeFormContext);
  if (!form) throw new Error('useHomeForm needs a HomeFormProvider');
  return form;
}
