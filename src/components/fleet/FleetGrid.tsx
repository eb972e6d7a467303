import { SimpleGrid, Skeleton } from '@mantine/core';
import { selectFleet, selectFleetLoading } from '../../../machines/app/app.selectors.ts';
import { AppActor } from '../../app/appLogic.ts';
import { FleetCard } from './FleetCard.tsx';

const COLUMNS = { base: 1, xs: 2, sm: 3, md: 4 } as const;

/**
 * The fleet cards: four per row on desktop, three on tablets, two on large phones, one on small phones.
 * Renders nothing when the fleet could not be loaded (the failure is logged by the start-up machine).
 */
export function FleetGrid() {
  const fleet = AppActor.useSelector(selectFleet);
  const loading = AppActor.useSelector(selectFleetLoading);
  if (loading) {
    return (
      <SimpleGrid cols={COLUMNS} spacing="lg" role="progressbar" aria-busy="true" aria-label="Loading the fleet">
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} height={300} radius="lg" />
        ))}
      </SimpleGrid>
    );
  }
  return (
    <SimpleGrid cols={COLUMNS} spacing="lg">
      {fleet.map((item) => (
        <FleetCard key={item.tbms_vid} item={item} />
      ))}
    </SimpleGrid>
  );
}

/** Whether the fleet section has anything to show (still loading counts: it shows skeletons). */
export const useHasFleet = () => AppActor.useSelector((s) => s.matches({ fleet: 'loading' }) || s.context.fleet.length > 0);
