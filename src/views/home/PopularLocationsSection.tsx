import { SimpleGrid, Text } from '@mantine/core';
import { selectPopularLocations } from '../../../machines/app/app.selectors.ts';
import { AppActor } from '../../app/appLogic.ts';
import { IconMapPin } from '../../components/icons.tsx';
import { Section } from '../../components/Section.tsx';
import classes from './PopularLocations.module.css';

/** Splits 'Heathrow Airport Terminal 5, Hounslow TW6 2GA' into a place name and the rest of the address. */
function splitAddress(address: string): [string, string] {
  const comma = address.indexOf(',');
  return comma < 0 ? [address, ''] : [address.slice(0, comma), address.slice(comma + 1).trim()];
}

/** Popular pickup locations (SHOW_POPULAR_LOCATION_PAGE); hidden when there are none. */
export function PopularLocationsSection() {
  const locations = AppActor.useSelector(selectPopularLocations);
  if (locations.length === 0) return null;
  return (
    <Section id="popular-locations" eyebrow="Where we pick up" title="Popular pickup locations" subtitle="Airports, stations and hotels our drivers know well.">
      <SimpleGrid component="ul" cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" className={classes.list}>
        {locations.map((location) => {
          const [place, rest] = splitAddress(location.address);
          return (
            <li key={location.id} className={classes.item}>
              <span className={classes.icon}>
                <IconMapPin size={20} />
              </span>
              <div>
                <Text fw={600} size="sm">
                  {place}
                </Text>
                {rest && (
                  <Text c="dimmed" size="xs">
                    {rest}
                  </Text>
                )}
              </div>
            </li>
          );
        })}
      </SimpleGrid>
    </Section>
  );
}
