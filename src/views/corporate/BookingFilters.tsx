import '@mantine/core/styles/Input.css';
import { Button, Group, NativeSelect, Paper, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { CompanyBookingsQuery, CompanyMember } from '../../../contract/companyAccounts.ts';
import { MANAGE_STATUS_LABELS, MANAGE_STATUSES, type ManageStatus } from '../../../contract/manageBooking.ts';

interface Props {
  filter: CompanyBookingsQuery;
  /** The account's members (an account admin's list; empty for a booker, who sees no booker filter). */
  members: CompanyMember[];
  onApply: (filter: CompanyBookingsQuery) => void;
}

const EMPTY = { booker: '', passenger: '', cost_centre: '', from: '', to: '', status: '' };
type Fields = typeof EMPTY;

const fieldsOf = (filter: CompanyBookingsQuery): Fields => ({
  booker: filter.booker === undefined ? '' : String(filter.booker),
  passenger: filter.passenger ?? '',
  cost_centre: filter.cost_centre ?? '',
  from: filter.from ?? '',
  to: filter.to ?? '',
  status: filter.status ?? '',
});

/** The fields as the call's query: blanks left out. */
function queryOf(fields: Fields): CompanyBookingsQuery {
  return {
    ...(fields.booker ? { booker: Number(fields.booker) } : {}),
    ...(fields.passenger.trim() ? { passenger: fields.passenger.trim() } : {}),
    ...(fields.cost_centre.trim() ? { cost_centre: fields.cost_centre.trim() } : {}),
    ...(fields.from ? { from: fields.from } : {}),
    ...(fields.to ? { to: fields.to } : {}),
    ...(fields.status ? { status: fields.status as ManageStatus } : {}),
  };
}

/** The corporate bookings list's filters (issue 34): booker (account admins), passenger, cost centre, dates, status. */
export function BookingFilters({ filter, members, onApply }: Props) {
  const [fields, setFields] = useState<Fields>(() => fieldsOf(filter));
  const set = (name: keyof Fields) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setFields((current) => ({ ...current, [name]: value }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(queryOf(fields));
  };
  const clear = () => {
    setFields(EMPTY);
    onApply({});
  };
  return (
    <Paper withBorder radius="lg" p="md" mb="md" component="form" onSubmit={submit} aria-label="Filter bookings" role="search">
      <Group align="flex-end" gap="sm" wrap="wrap">
        {members.length > 0 && (
          <NativeSelect
            label="Booker"
            value={fields.booker}
            onChange={set('booker')}
            data={[{ value: '', label: 'Anyone' }, ...members.map((m) => ({ value: String(m.passenger_id), label: m.name }))]}
            style={{ flex: '1 1 10rem' }}
          />
        )}
        <TextInput label="Passenger" placeholder="Name or e-mail" value={fields.passenger} onChange={set('passenger')} style={{ flex: '1 1 10rem' }} />
        <TextInput label="Cost centre" value={fields.cost_centre} onChange={set('cost_centre')} style={{ flex: '1 1 8rem' }} />
        <TextInput label="From" type="date" value={fields.from} onChange={set('from')} style={{ flex: '1 1 9rem' }} />
        <TextInput label="To" type="date" value={fields.to} onChange={set('to')} style={{ flex: '1 1 9rem' }} />
        <NativeSelect
          label="Status"
          value={fields.status}
          onChange={set('status')}
          data={[{ value: '', label: 'Any' }, ...MANAGE_STATUSES.map((value) => ({ value, label: MANAGE_STATUS_LABELS[value] }))]}
          style={{ flex: '1 1 10rem' }}
        />
        <Group gap="xs">
          <Button type="submit">Filter</Button>
          <Button variant="default" onClick={clear}>
            Clear
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
