import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import classes from './Settings.module.css';

/** The public page is shown at a desktop visitor's width (the navbar's links show from 768 px), scaled to the column. */
const PAGE_WIDTH = 1280;
const PAGE_HEIGHT = 1500;

export type PreviewStage = 'shown' | 'waiting' | 'making' | 'blocked' | 'failed';

const STATUS: Record<PreviewStage, string> = {
  shown: '',
  waiting: 'Updating the preview…',
  making: 'Updating the preview…',
  blocked: 'Fix the marked values to see them in the preview.',
  failed: '',
};

/** The column's width, followed as it changes (the frame is scaled to it). */
function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry.contentRect.width));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

export function PreviewPanel(props: { url: string; version: number; stage: PreviewStage; showsDraft: boolean; error: string | null; onRetry: () => void }) {
  const [boxRef, width] = useWidth<HTMLDivElement>();
  const scale = width > 0 ? width / PAGE_WIDTH : 0.4;
  const status = props.stage === 'shown' ? (props.showsDraft ? 'Your unsaved changes, as visitors would see them once saved.' : 'The public home page as it is now.') : STATUS[props.stage];
  return (
    <Stack gap="xs" className={classes.preview} component="section" aria-labelledby="settings-preview-title">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Title order={2} size="h5" id="settings-preview-title">
          Preview
        </Title>
        <Anchor href={props.url} target="_blank" rel="noopener" size="sm">
          Open in a new tab
        </Anchor>
      </Group>
      <Text size="sm" c="dimmed" role="status" aria-live="polite" data-testid="preview-status">
        {status}
      </Text>
      {props.stage === 'failed' && (
        <Group gap="xs">
          <Text size="sm" c="red.8" role="alert">
            {props.error}
          </Text>
          <Button size="xs" variant="light" onClick={props.onRetry}>
            Try again
          </Button>
        </Group>
      )}
      <div ref={boxRef} className={classes.frameBox} style={{ height: Math.round(PAGE_HEIGHT * scale) }}>
        <iframe
          key={props.version}
          className={classes.frame}
          src={props.url}
          title="Preview of the public home page with your unsaved settings"
          data-testid="settings-preview"
          data-preview-url={props.url}
          style={{ width: PAGE_WIDTH, height: PAGE_HEIGHT, transform: `scale(${scale})` }}
        />
      </div>
    </Stack>
  );
}
