import { startTransition, Suspense, useEffect, useState } from 'react';
import { useServerRenderClaim } from '../../app/renderMode.ts';
import { useEnabled, useSetting } from '../../app/useSettings.ts';
import { Container, Text, Title } from '../../components/plain/Text.tsx';
import { prefetchAddressAutocomplete } from './AddressField.tsx';
import { BookingFormsSlot } from './BookingFormsSlot.tsx';
import { ContactSection } from './ContactSection.tsx';
import { FleetSection } from './FleetSection.tsx';
import { HomeFormProvider } from './HomeFormContext.tsx';
import { PopularLocationsSection } from './PopularLocationsSection.tsx';
import { ServicesSection } from './ServicesSection.tsx';
import classes from './HomeView.module.css';

/**
 * Home (/ and /home): the booking forms on a calm hero band, then the services block and the optional
 * sections of spec §2 Home, each shown when its setting is 'enable'.
 */
export function HomeView() {
  const companyName = useSetting('Company_Name');
  const showFleet = useEnabled('SHOW_COMPANY_FLEET_VIEW_SECTION');
  const showPopular = useEnabled('SHOW_POPULAR_LOCATION_PAGE');
  const showContact = useEnabled('SHOW_COMPANY_CONTACT_SECTION');
  // The page arrives in three commits: the hero text first (the largest paint, so it shows as soon as the script
  // has run), then the booking forms, then the sections below them, each rendered in a transition in small slices
  // instead of one long task (Lighthouse on a phone: largest contentful paint, total blocking time). When the server
  // rendered the page (src/app/renderMode.ts) all of it is there already. Each part is a Suspense boundary: React
  // hydrates a server-rendered boundary in a pass of its own, so no one commit has to take in the whole page.
  const serverRendered = useServerRenderClaim('home');
  const [stage, setStage] = useState<0 | 1 | 2>(() => (serverRendered ? 2 : 0));
  useEffect(() => {
    if (stage < 2) startTransition(() => setStage((stage + 1) as 1 | 2));
  }, [stage]);
  const showForms = stage >= 1;
  const showSections = stage >= 2;

  // One home form actor for the forms and the popular pickup locations (a tap fills the Pick-Up).
  return (
    <HomeFormProvider>
      <div className={classes.hero}>
        <Container className={classes.heroInner}>
          <Title order={1} className={classes.heroTitle}>
            Book your taxi
          </Title>
          <Text className={classes.heroLead}>
            Airport transfers, station runs and hourly hire{companyName ? ` with ${companyName}` : ''}. See the price for every vehicle before you book.
          </Text>

          {/* ───────────── Booking forms slot ─────────────
              The quote form and the hourly-rate form (tabs 'GET A QUOTE' / 'Hourly Rate', spec §2 Home)
              replace <BookingFormsSlot /> inside this card. Keep the card: the hero layout is built around it. */}
          {/* The address fields' suggestions load on the first sign of use of the forms (issue 37: none while idle): a tap's
              click (after its answer: a touch's pointerdown would load them between the two), a mouse over them, focus. */}
          <div
            className={classes.formsPaper}
            data-slot="booking-forms"
            onClick={prefetchAddressAutocomplete}
            onPointerEnter={(event) => event.pointerType === 'mouse' && prefetchAddressAutocomplete()}
            onFocus={prefetchAddressAutocomplete}
          >
            {showForms ? (
              <Suspense>
                <BookingFormsSlot />
              </Suspense>
            ) : (
              <div className={classes.formsPending} />
            )}
          </div>
          {/* ─────────── end of booking forms slot ─────────── */}
        </Container>
      </div>

      {showSections ? (
        <>
          <Suspense>
            <ServicesSection />
          </Suspense>
          <Suspense>{showFleet && <FleetSection />}</Suspense>
          <Suspense>{showPopular && <PopularLocationsSection />}</Suspense>
          <Suspense>{showContact && <ContactSection />}</Suspense>
        </>
      ) : (
        <div className={classes.sectionsPending} />
      )}
    </HomeFormProvider>
  );
}
