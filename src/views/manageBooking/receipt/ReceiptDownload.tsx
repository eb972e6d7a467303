import { Button, Stack, Text } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { ManageAccess } from '../../../../contract/manageBooking.ts';
import type { DownloadRequest } from '../../../../machines/corporate/download.machine.ts';
import { downloadLogic } from '../../../app/download/downloadLogic.ts';

/**
 * 'Download receipt': the booking's PDF receipt (a VAT invoice when the operator is VAT-registered), fetched with the
 * manage page's link token, or with a corporate passenger's bearer token and booking number.
 */
export function ReceiptDownload({ access, bearer, onSessionEnded }: { access: ManageAccess; bearer?: string; onSessionEnded?: () => void }) {
  const actor = useActorRef(downloadLogic);
  const request: DownloadRequest = { kind: 'receipt', access, bearer };
  const busy = useSelector(actor, (s) => s.matches('downloading'));
  const allowed = useSelector(actor, (s) => s.can({ type: 'download', request }));
  const error = useSelector(actor, (s) => s.context.error);
  const ended = useSelector(actor, (s) => s.matches('sessionEnded'));
  useEffect(() => {
    if (ended) onSessionEnded?.();
  }, [ended, onSessionEnded]);
  return (
    <Stack gap={4}>
      <Button variant="default" size="md" loading={busy} disabled={!busy && !allowed} onClick={() => actor.send({ type: 'download', request })}>
        Download receipt
      </Button>
      {error && (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
