/**
 * The console's map picker (issue 19), one component for the prices page's zone editor (a polygon's corners, a
 * radius zone's centre) and the places page (a saved address's pin). With the operator's Google browser key,
 * Google's map (GoogleMapPicker, a lazy chunk); without one, or when Google fails, the schematic. It only reports
 * clicks, drags and removals: the pages' statecharts change the values, and the typed fields stay in sync with them.
 */
import { Button, Group, Text } from '@mantine/core';
import { lazy, Suspense, useCallback, useState } from 'react';
import { mapsKeyOf } from '../../maps/mapsKey.ts';
import { pointText, type MapPickerProps } from './mapShape.ts';
import { SchematicMapPicker } from './SchematicMapPicker.tsx';
import classes from './MapPicker.module.css';

const GoogleMapPicker = lazy(() => import('./GoogleMapPicker.tsx'));

function CornerList({ shape, onRemoveCorner }: Pick<MapPickerProps, 'shape' | 'onRemoveCorner'>) {
  if (shape.kind !== 'polygon' || !onRemoveCorner || shape.corners.length === 0) return null;
  return (
    <ol className={classes.corners} aria-label="Map corners">
      {shape.corners.map((corner, index) => (
        <li key={index}>
          <Group gap={6} wrap="nowrap">
            <Text size="xs">{pointText(corner)}</Text>
            <Button size="compact-xs" variant="subtle" color="red" onClick={() => onRemoveCorner(index)} aria-label={`Remove corner ${index + 1}`}>
              Remove
            </Button>
          </Group>
        </li>
      ))}
    </ol>
  );
}

export function MapPicker({ googleKey, ...props }: MapPickerProps & { googleKey?: string | null }) {
  const apiKey = mapsKeyOf(googleKey);
  const [failed, setFailed] = useState(false);
  const onFallback = useCallback(() => setFailed(true), []);
  const corners = <CornerList shape={props.shape} onRemoveCorner={props.onRemoveCorner} />;
  const schematic = <SchematicMapPicker {...props}>{corners}</SchematicMapPicker>;
  if (!apiKey || failed) return schematic;
  return (
    <Suspense fallback={schematic}>
      <GoogleMapPicker apiKey={apiKey} onFallback={onFallback} {...props}>
        {corners}
      </GoogleMapPicker>
    </Suspense>
  );
}
