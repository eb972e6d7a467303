import type { ReactNode } from 'react';
import type { FleetItem } from '../../../contract/catalog.ts';
import { storageUrl } from '../../app/storageUrl.ts';
import { IconBriefcase, IconLuggage, IconUsers } from '../icons.tsx';
import { Text, Title } from '../plain/Text.tsx';
import classes from './Fleet.module.css';

function Fact({ icon, label, value }: { icon: ReactNode; label: string; value: number }) {
  return (
    <div className={classes.fact}>
      <span className={classes.factIcon}>{icon}</span>
      <Text size="sm" className={classes.factLabel}>
        {label}
      </Text>
      <Text size="sm" weight={700}>
        {value}
      </Text>
    </div>
  );
}

/** One vehicle category of the operator's fleet (spec §2 Home: 'Extensive Fleet' cards). */
export function FleetCard({ item }: { item: FleetItem }) {
  return (
    <article className={classes.card} data-testid="fleet-card">
      <div className={classes.media}>
        <img className={classes.image} src={storageUrl(item.vehicle_img)} alt={item.category_name} loading="lazy" decoding="async" width={320} height={160} />
      </div>
      <div className={classes.body}>
        <Title order={3} className={classes.name}>
          {item.category_name}
        </Title>
        <Fact icon={<IconUsers size={18} />} label="Upto Passengers" value={item.seats} />
        <Fact icon={<IconBriefcase size={18} />} label="Hand Luggage" value={item.hand_luggage} />
        <Fact icon={<IconLuggage size={18} />} label="Luggage" value={item.luggage} />
      </div>
    </article>
  );
}
