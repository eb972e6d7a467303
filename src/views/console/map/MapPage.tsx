import '@mantine/core/styles/Alert.css';
import { Alert, Button, Group, Loader, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { Link } from 'wouter';
import { DRIVER_ACTIVITY_LABELS, driverActivity, MAP_TEXT, type DispatchMap, type DriverActivity } from '../../../../contract/consoleMap.ts';
import { JOB_STAGE_LABELS } from '../../../../contract/dispatch.ts';
import type { ConsolePage } from '../../../../machines/console/index.ts';
import {
  selectMap,
  selectMapError,
  selectMapLive,
  selectMapLiveOff,
  selectMapRefreshing,
  selectMapStage,
  selectSelection,
  type MapSelection,
} from '../../../../machines/consoleMap/index.ts';
import { mapLogic } from '../../../app/console/mapLogic.ts';
import boardClasses from '../bookings/Board.module.css';
import { LiveIndicator } from '../bookings/LiveIndicator.tsx';
import { londonDateTime, shortDay, statusLabel } from '../format.ts';
import { usePageTitle } from '../pageTitle.ts';
import { DispatchMapCanvas } from './DispatchMapCanvas.tsx';
import { ACTIVITY_COLOURS, isSelected, JOB_COLOUR, mapMarkers } from './mapMarkers.ts';
import classes from './MapPage.module.css';

type MapActor = ReturnType<typeof useActorRef<typeof mapLogic>>;

const ACTIVITIES = Object.keys(DRIVER_ACTIVITY_LABELS) as DriverActivity[];

function Drivers({ map, selected, actor }: { map: DispatchMap; selected: MapSelection; actor: MapActor }) {
  return (
    <section className={classes.section} aria-labelledby="map-drivers">
      <Text fw={700} size="sm" id="map-drivers">
        Drivers on duty ({map.drivers.length})
      </Text>
      {map.drivers.length === 0 ? (
        <Text size="sm" c="dimmed" mt={4}>
          {MAP_TEXT.noDrivers}
        </Text>
      ) : (
        <ul className={classes.list} data-testid="map-drivers">
          {map.drivers.map((entry) => {
            const activity = driverActivity(entry);
            const selection = { kind: 'driver', id: entry.driver.id } as const;
            const pressed = isSelected(selected, selection);
            return (
              <li key={entry.driver.id}>
                <button type="button" className={classes.item} aria-pressed={pressed} data-driver={entry.driver.id} onClick={() => actor.send({ type: 'select', selection: pressed ? null : selection })}>
                  <span className={classes.swatch} style={{ background: ACTIVITY_COLOURS[activity] }} aria-hidden="true" />
                  <Text span size="sm" fw={600}>
                    {entry.driver.name}{' '}
                    <Text span size="xs" c="dimmed" fw={400}>
                      {entry.shift.vehicle.registration}
                    </Text>
                  </Text>
                  <Text span size="xs" c="dark.6">
                    {DRIVER_ACTIVITY_LABELS[activity]}
                    {entry.job ? ` · ${entry.job.booking_number}` : ''}
                    {entry.position ? ` · seen ${londonDateTime(entry.position.recorded_at).split(', ')[1]}` : ` · ${MAP_TEXT.noPosition}`}
                  </Text>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function Jobs({ map, selected, actor }: { map: DispatchMap; selected: MapSelection; actor: MapActor }) {
  return (
    <section className={classes.section} aria-labelledby="map-jobs">
      <Text fw={700} size="sm" id="map-jobs">
        Jobs still to do today ({map.jobs.length})
      </Text>
      {map.jobs.length === 0 ? (
        <Text size="sm" c="dimmed" mt={4}>
          {MAP_TEXT.noJobs}
        </Text>
      ) : (
        <ul className={classes.list} data-testid="map-jobs">
          {map.jobs.map(({ booking, pickup_point }) => {
            const selection = { kind: 'job', bookingNumber: booking.booking_number } as const;
            const pressed = isSelected(selected, selection);
            const stage = booking.status === 'driver_assigned' && booking.job_stage ? JOB_STAGE_LABELS[booking.job_stage] : statusLabel(booking.status);
            return (
              <li key={booking.booking_number}>
                <button type="button" className={classes.item} aria-pressed={pressed} data-job={booking.booking_number} onClick={() => actor.send({ type: 'select', selection: pressed ? null : selection })}>
                  <span className={classes.swatch} data-kind="job" style={{ background: JOB_COLOUR }} aria-hidden="true" />
                  <Text span size="sm" fw={600}>
                    {booking.pickup_time} {booking.booking_number}
                  </Text>
                  <Text span size="xs" c="dark.6">
                    {stage}
                    {booking.driver ? ` · ${booking.driver.name}` : ''} · {booking.from}
                    {pickup_point ? '' : ` · ${MAP_TEXT.notPlaced}`}
                  </Text>
                </button>
                {pressed && (
                  <Text size="xs" pl={28} pb={4}>
                    <Link href={`/admin/bookings/${encodeURIComponent(booking.booking_number)}`}>Open {booking.booking_number}</Link>
                  </Text>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function Legend() {
  return (
    <div className={classes.legend} aria-label="Legend">
      {ACTIVITIES.map((activity) => (
        <span key={activity} className={classes.legendItem}>
          <span className={classes.swatch} style={{ background: ACTIVITY_COLOURS[activity] }} aria-hidden="true" />
          {DRIVER_ACTIVITY_LABELS[activity]}
        </span>
      ))}
      <span className={classes.legendItem}>
        <span className={classes.swatch} data-kind="job" style={{ background: JOB_COLOUR }} aria-hidden="true" />
        Pick-up (time)
      </span>
    </div>
  );
}

/** /admin/map: the drivers on duty where their phones last placed them and today's jobs at their pick-ups, live. */
export function MapPage(_props: { page: ConsolePage }) {
  const actor = useActorRef(mapLogic);
  const stage = useSelector(actor, selectMapStage);
  const map = useSelector(actor, selectMap);
  const error = useSelector(actor, selectMapError);
  const selected = useSelector(actor, selectSelection);
  const live = useSelector(actor, selectMapLive);
  const off = useSelector(actor, selectMapLiveOff);
  const refreshing = useSelector(actor, selectMapRefreshing);
  usePageTitle(MAP_TEXT.title);
  const markers = useMemo(() => (map ? mapMarkers(map, selected) : []), [map, selected]);
  const onDuty = map?.drivers.length ?? 0;
  const label = map ? `Map of ${markers.filter((m) => m.kind === 'driver').length} drivers and ${markers.filter((m) => m.kind === 'job').length} pick-ups; the lists beside it say the same in words.` : MAP_TEXT.title;

  return (
    <div className={classes.page}>
      <Group justify="space-between" align="center" gap="xs" mb="sm" wrap="wrap">
        <Group gap="sm" align="baseline">
          <Title order={1} className={boardClasses.heading}>
            {MAP_TEXT.title}
          </Title>
          {map && (
            <Text size="sm" c="dimmed" data-testid="map-summary">
              {shortDay(map.day)} · {onDuty} on duty · {map.jobs.length} {map.jobs.length === 1 ? 'job' : 'jobs'} to do
            </Text>
          )}
        </Group>
        <LiveIndicator live={live} off={off} refreshing={refreshing} onRetry={() => actor.send({ type: 'live.retry' })} />
      </Group>
      {stage === 'loading' && (
        <Group justify="center" py="xl" role="status">
          <Loader size="sm" />
          <Text size="sm" c="dimmed">
            Loading the map…
          </Text>
        </Group>
      )}
      {stage === 'failed' && (
        <Alert color="red" variant="light" role="alert" title="Map not loaded">
          <Text size="sm" mb="xs">
            {error}
          </Text>
          <Button size="xs" variant="light" color="red" onClick={() => actor.send({ type: 'retry' })}>
            Try again
          </Button>
        </Alert>
      )}
      {stage === 'ready' && map && (
        <div className={classes.layout}>
          <div>
            <div className={classes.mapBox}>
              <DispatchMapCanvas markers={markers} base={map.base} label={label} onSelect={(marker) => actor.send({ type: 'select', selection: marker.selected ? null : marker.selection })} />
            </div>
            <Legend />
          </div>
          <div className={classes.side}>
            <Drivers map={map} selected={selected} actor={actor} />
            <Jobs map={map} selected={selected} actor={actor} />
          </div>
        </div>
      )}
    </div>
  );
}
