import { selectFleet, selectFleetLoading } from '../../../machines/app/app.selectors.ts';
import { AppActor } from '../../app/appLogic.ts';
import { FleetCard } from './FleetCard.tsx';
import classes from './Fleet.module.css';

/**
 * The fleet cards: four per row on desktop, three on tablets, two on large phones, one on small phones.
 * Renders nothing when the fleet could not be loaded (the failure is logged by the start-up machine).
 */
export function FleetGrid() {
  const fleet = AppActor.useSelector(selectFleet);
  const loading = AppActor.useSelector(selectFleetLoading);
  if (loading) {
    return (
      <div className={classes.grid} role="progressbar" aria-busy="true" aria-label="Loading the fleet">
        {[0, 1, 2, 3].map((index) => (
          <div key={index} className={classes.skeleton} />
        ))}
      </div>
    );
  }
  return (
    <div className={classes.grid}>
      {fleet.map((item) => (
        <FleetCard key={item.tbms_vid} item={item} />
      ))}
    </div>
  );
}

/** Whether the fleet section has anything to show (still loading counts: it shows skeletons). */
export const useHasFleet = () => AppActor.useSelector((s) => s.matches({ fleet: 'loading' }) || s.context.fleet.length > 0);
