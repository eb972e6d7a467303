import { selectPopularLocations } from '../../../machines/app/app.selectors.ts';
import { AppActor } from '../../app/appLogic.ts';
import { IconMapPin } from '../../components/icons.tsx';
import { Text } from '../../components/plain/Text.tsx';
import { Section } from '../../components/Section.tsx';
import { useHomeForm } from './HomeFormContext.tsx';
import classes from './PopularLocations.module.css';

/** Splits 'Heathrow Airport Terminal 5, Hounslow TW6 2GA' into a place name and the rest of the address. */
function splitAddress(address: string): [string, string] {
  const comma = address.indexOf(',');
  return comma < 0 ? [address, ''] : [address.slice(0, comma), address.slice(comma + 1).trim()];
}

/**
 * Brings the booking forms into view and focuses what is left to fill after the Pick-Up: an empty Drop-Off on
 * GET A QUOTE, else the form's Search.
 */
function showFormAfterPickup() {
  const forms = document.querySelector<HTMLElement>('[data-slot="booking-forms"]');
  if (!forms) return;
  const dropoff = forms.querySelector<HTMLInputElement>('input[name="dropoff"]');
  const next = dropoff && dropoff.value.trim() === '' ? dropoff : forms.querySelector<HTMLElement>('button[type="submit"]');
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  forms.scrollIntoView({ block: 'start', behavior: reduced ? 'auto' : 'smooth' });
  next?.focus({ preventScroll: true });
}

/** Popular pickup locations (SHOW_POPULAR_LOCATION_PAGE); hidden when there are none. A tap fills the form's Pick-Up. */
export function PopularLocationsSection() {
  const locations = AppActor.useSelector(selectPopularLocations);
  const form = useHomeForm();
  if (locations.length === 0) return null;
  return (
    <Section id="popular-locations" eyebrow="Where we pick up" title="Popular pickup locations" subtitle="Airports, stations and hotels our drivers know well.">
      <ul className={classes.list}>
        {locations.map((location) => {
          const [place, rest] = splitAddress(location.address);
          return (
            <li key={location.id}>
              <button
                type="button"
                className={classes.item}
                onClick={() => {
                  form.send({ type: 'pickup.fill', address: location.address });
                  showFormAfterPickup();
                }}
              >
                <span className={classes.icon}>
                  <IconMapPin size={20} />
                </span>
                {/* Named by its visible text, read as "Pick up at <the address>" (a label unlike the text fails WCAG 2.5.3). */}
                <span>
                  <Text component="span" weight={600} size="sm" className={classes.block}>
                    <span className={classes.visuallyHidden}>Pick up at </span>
                    <span>{place}</span>
                    {rest && <span className={classes.visuallyHidden}>,</span>}
                  </Text>
                  {rest && (
                    <Text component="span" dimmed size="xs" className={classes.block}>
                      {rest}
                    </Text>
                  )}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
