import { Text } from '@mantine/core';
import type { AuditEntry } from '../../../../contract/staff.ts';
import { londonDateTime } from '../format.ts';
import classes from './Booking.module.css';

/** An automatic offer's decision (issue 33) carries its words: "offered to Mohammed: 1.2 km, about 4 min; declined". */
const isAutoOffer = (entry: AuditEntry) => entry.action.startsWith('booking.auto_offer');

/** "booking.dispatch.accept" → "Dispatch accept"; a status change reads "confirmed → accepted". */
function describe(entry: AuditEntry): string {
  const text = (entry.after as { text?: unknown } | null)?.text;
  if (isAutoOffer(entry) && typeof text === 'string') return `Automatic offers: ${text}`;
  const action = entry.action.replace(/^booking\./, '').replace(/[._]/g, ' ');
  const before = (entry.before as { status?: unknown } | null)?.status;
  const after = (entry.after as { status?: unknown } | null)?.status;
  const change = typeof before === 'string' && typeof after === 'string' && before !== after ? ` (${before} → ${after})` : '';
  return `${action.charAt(0).toUpperCase()}${action.slice(1)}${change}`;
}

const who = (entry: AuditEntry) => (isAutoOffer(entry) ? 'the system' : entry.actor.kind === 'admin-token' ? 'the admin token' : (entry.actor.name ?? 'a staff member'));

/** The booking's audit log, oldest first: who did what, when (London time). */
export function TimelineList({ entries }: { entries: AuditEntry[] }) {
  if (entries.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Nothing done by staff yet.
      </Text>
    );
  return (
    <ol className={classes.timeline}>
      {entries.map((entry) => (
        <li key={entry.id}>
          <Text size="sm">{describe(entry)}</Text>
          <Text size="xs" c="dimmed">
            {londonDateTime(entry.at)} · {who(entry)}
          </Text>
        </li>
      ))}
    </ol>
  );
}
