import { FleetGrid, useHasFleet } from '../../components/fleet/FleetGrid.tsx';
import { Section } from '../../components/Section.tsx';

/** 'Extensive Fleet' (SHOW_COMPANY_FLEET_VIEW_SECTION): hidden when the fleet is empty or failed to load. */
export function FleetSection() {
  const hasFleet = useHasFleet();
  if (!hasFleet) return null;
  return (
    <Section id="fleet" tone="muted" eyebrow="Our vehicles" title="Extensive Fleet" subtitle="From a saloon for two to a minibus for the whole group: choose the vehicle that fits your passengers and luggage.">
      <FleetGrid />
    </Section>
  );
}
