/**
 * The route map without a maps key (spec §2 Booking summary panel): a schematic of pickup → stops → drop-off for a
 * mileage trip, or one pickup marker for hourly hire, drawn as an ordered list so screen readers read the route.
 */
import classes from './BookingSummary.module.css';

export interface RoutePoint {
  kind: 'pickup' | 'stop' | 'dropoff';
  label: string;
  text: string;
}

export function RouteSchematic({ points, caption }: { points: RoutePoint[]; caption: string }) {
  return (
    <figure className={classes.map} data-testid="route-map">
      <ol className={classes.route} aria-label="Route">
        {points.map((point, index) => (
          <li key={`${point.kind}-${index}`} className={classes.routePoint} data-kind={point.kind}>
            <span className={classes.marker} aria-hidden="true">
              {point.kind === 'pickup' ? 'A' : point.kind === 'dropoff' ? 'B' : index}
            </span>
            <span className={classes.routeText}>
              <span className={classes.routeLabel}>{point.label}</span>
              <span className={classes.routeAddress}>{point.text}</span>
            </span>
          </li>
        ))}
      </ol>
      <figcaption className={classes.mapCaption}>{caption}</figcaption>
    </figure>
  );
}
