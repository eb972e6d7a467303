import type { ReactNode } from 'react';
import { IconPlane, IconReceipt, IconSign } from '../../components/icons.tsx';
import { Text, Title } from '../../components/plain/Text.tsx';
import { Section } from '../../components/Section.tsx';
import { useEnabled } from '../../app/useSettings.ts';
import classes from './HomeView.module.css';
import iconClasses from './IconTile.module.css';

const SERVICES: ReadonlyArray<{ icon: ReactNode; title: string; text: string }> = [
  {
    icon: <IconSign size={22} />,
    title: 'Meet and greet',
    text: 'Your driver waits for you in arrivals holding a sign with your name, so you find each other straight away.',
  },
  {
    icon: <IconPlane size={22} />,
    title: 'Flight tracking',
    text: 'We follow your flight and adjust the pickup time if it lands early or late. No need to call us from the plane.',
  },
  {
    icon: <IconReceipt size={22} />,
    title: 'Prices up front',
    text: 'You see the price of each vehicle before you enter any details, and your confirmation lists exactly what you pay.',
  },
];

/**
 * The services block of spec §2 Shell: meet and greet, with flight tracking adjusting the pickup time. The flight
 * tracking card shows only when the server follows flights (FLIGHT_TRACKING, set by the server from AEROAPI_KEY,
 * issue 33): without it nothing adjusts the pickup time, so the site does not promise it.
 */
export function ServicesSection() {
  const tracking = useEnabled('FLIGHT_TRACKING');
  const services = tracking ? SERVICES : SERVICES.filter((service) => service.title !== 'Flight tracking');
  return (
    <Section id="services" eyebrow="Our service" title="Airport pickups, taken care of">
      <div className={classes.services}>
        {services.map((service) => (
          <div key={service.title} className={classes.service}>
            <div className={iconClasses.tile}>{service.icon}</div>
            <Title order={3} className={classes.serviceTitle}>
              {service.title}
            </Title>
            <Text dimmed size="sm" className={classes.serviceText}>
              {service.text}
            </Text>
          </div>
        ))}
      </div>
    </Section>
  );
}
