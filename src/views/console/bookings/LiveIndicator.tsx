import { Button, Group, Loader, Text } from '@mantine/core';
import { LIVE_OFF_TEXT, type LiveOffReason } from '../../../../machines/consoleBoard/index.ts';
import classes from './Board.module.css';

export interface LiveIndicatorProps {
  live: 'connecting' | 'open' | 'reconnecting' | 'off';
  off: LiveOffReason | null;
  refreshing: boolean;
  onRetry: () => void;
}

/** The live stream's state beside a live page's heading (the board, "Needs action", the map): live, reconnecting, or off with "Try again". */
export function LiveIndicator({ live, off, refreshing, onRetry }: LiveIndicatorProps) {
  if (live === 'off' && off)
    return (
      <Group gap={6} className={classes.live} data-live="off" data-testid="live-state" role="status">
        <span className={classes.liveDot} aria-hidden="true" />
        <Text size="xs" data-testid="live-off">
          {LIVE_OFF_TEXT[off]}
        </Text>
        <Button size="compact-xs" variant="light" className={classes.liveRetry} onClick={onRetry}>
          Try again
        </Button>
      </Group>
    );
  return (
    <Group gap={6} className={classes.live} data-live={live} data-testid="live-state">
      <span className={classes.liveDot} aria-hidden="true" />
      <Text size="xs" c="dimmed">
        {live === 'open' ? 'Live' : live === 'reconnecting' ? 'Reconnecting…' : 'Connecting…'}
      </Text>
      {refreshing && (
        <span role="status" aria-label="Updating">
          <Loader size={12} />
        </span>
      )}
    </Group>
  );
}
