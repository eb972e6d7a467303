import { Box, Container, Paper, Text, Title } from '@mantine/core';
import { startTransition, useEffect, useState } from 'react';
import { useEnabled, useSetting } from '../../app/useSettings.ts';
import { BookingFormsSlot } from './BookingFormsSlot.tsx';
import { ContactSection } from './ContactSection.tsx';
import { FleetSection } from './FleetSection.tsx';
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
  // The sections below the forms render in a transition after the first paint: React then renders them in
  // small slices instead of one long task with the hero (Lighthouse: total blocking time on a phone).
  const [showSections, setShowSections] = useState(false);
  useEffect(() => startTransition(() => setShowSections(true)), []);

  return (
    <>
      <Box className={classes.hero}>
        <Container size="lg" className={classes.heroInner}>
          <Title order={1} className={classes.heroTitle}>
            Book your taxi
          </Title>
          <Text className={classes.heroLead}>
            Airport transfers, station runs and hourly hire{companyName ? ` with ${companyName}` : ''}. See the price for every vehicle before you book.
          </Text>

          {/* ───────────── Booking forms slot ─────────────
              The quote form and the hourly-rate form (tabs 'GET A QUOTE' / 'Hourly Rate', spec §2 Home)
              replace <BookingFormsSlot /> inside this Paper. Keep the Paper: the hero layout is built around it. */}
          <Paper className={classes.formsPaper} radius="lg" shadow="md" data-slot="booking-forms">
            <BookingFormsSlot />
          </Paper>
          {/* ─────────── end of booking forms slot ─────────── */}
        </Container>
      </Box>

      {showSections ? (
        <>
          <ServicesSection />
          {showFleet && <FleetSection />}
          {showPopular && <PopularLocationsSection />}
          {showContact && <ContactSection />}
        </>
      ) : (
        <div className={classes.sectionsPending} />
      )}
    </>
  );
}
