import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core';

/** What the inbox and the outbox show while a list or an item loads, when it failed, and below a page with more. */

export function LoadFailed({ title, message, onRetry }: { title: string; message: string | null; onRetry: () => void }) {
  return (
    <Alert color="red" title={title}>
      <Text size="sm">{message}</Text>
      <Button size="xs" mt="xs" variant="light" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}

export function RowsLoading({ label }: { label: string }) {
  return (
    <Stack gap={6} role="progressbar" aria-busy="true" aria-label={label}>
      {[0, 1, 2, 3].map((n) => (
        <Skeleton key={n} height={36} />
      ))}
    </Stack>
  );
}

/** The next page's button (when there is one) and the failure of the last try to load it. */
export function MoreRows({ hasMore, loading, error, onMore, label = 'Show more' }: { hasMore: boolean; loading: boolean; error: string | null; onMore: () => void; label?: string }) {
  return (
    <>
      {error && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
      {hasMore && (
        <Button variant="default" size="xs" loading={loading} onClick={onMore}>
          {label}
        </Button>
      )}
    </>
  );
}
