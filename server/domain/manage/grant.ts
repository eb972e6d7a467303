import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../adapters/db/index.ts';
import type { MailPort } from '../../adapters/mail/index.ts';
import type { PaymentsPort } from '../../adapters/payments/port.ts';
import type { MapsPort } from '../geo/mapsPort.ts';
import type { SiteCache } from '../sites/index.ts';

/** What managing a booking needs (service.ts, and change.ts's actions under it). */
export interface ManageServiceDeps {
  db: Db;
  cache: SiteCache;
  payments: PaymentsPort;
  mail: MailPort;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  now?: () => Date;
  /** The maps port the booking flow's quote uses: address changes are routed again through it (without it: by phone). */
  maps?: MapsPort;
}

/** Who may act on which booking: a link's holder (until the link expires) or a signed-in passenger's own booking. */
export interface ManageGrant {
  bookingId: number;
  /** When the link stops working; null for a signed-in corporate passenger. */
  linkExpiresAt: Date | null;
}
