import { Button, Group, MultiSelect, Select, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect, useState, type FormEvent } from 'react';
import { BOOKING_STATUSES } from '../../../../contract/dispatch.ts';
import type { BoardChoices, BoardFilters } from '../../../../machines/consoleBoard/index.ts';
import { statusLabel } from '../format.ts';
import classes from './Board.module.css';

/** The payment filter's choices: how it is paid, and for a card whether it was refunded. */
const PAYMENT_CHOICES = [
  { value: '', label: 'Any payment' },
  { value: 'car', label: 'Pay driver' },
  { value: 'card', label: 'Card' },
  { value: 'card:paid', label: 'Card, paid' },
  { value: 'card:refunded', label: 'Card, refunded' },
];

const paymentChoice = (filters: BoardFilters) => (filters.payment_state.length === 1 ? `card:${filters.payment_state[0]}` : filters.payment_method);

function withPayment(filters: BoardFilters, choice: string): BoardFilters {
  if (choice.startsWith('card:')) return { ...filters, payment_method: 'card', payment_state: [choice.slice(5) as BoardFilters['payment_state'][number]] };
  return { ...filters, payment_method: choice as BoardFilters['payment_method'], payment_state: [] };
}

/** The board's filters: applied together (Apply, or Enter in any field), reset to today and tomorrow. */
export function BoardFiltersForm({ filters, choices, onApply, onReset }: { filters: BoardFilters; choices: BoardChoices; onApply: (filters: BoardFilters) => void; onReset: () => void }) {
  const [draft, setDraft] = useState(filters);
  useEffect(() => setDraft(filters), [filters]);
  const { companies, categories } = choices;
  const set = (patch: Partial<BoardFilters>) => setDraft((current) => ({ ...current, ...patch }));
  // On a phone the filters fold away behind a button (the list is what a dispatcher came for).
  const [open, { toggle, close }] = useDisclosure(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
    close();
  };

  return (
    <>
      <Button hiddenFrom="sm" size="xs" variant="default" mb="xs" onClick={toggle} aria-expanded={open} aria-controls="board-filters">
        {open ? 'Hide filters' : 'Filters'}
      </Button>
      <form onSubmit={submit} className={classes.filters} aria-label="Filter bookings" role="search" id="board-filters" data-open={open || undefined}>
        <TextInput size="xs" label="From" type="date" value={draft.from} onChange={(event) => set({ from: event.currentTarget.value })} className={classes.dateField} />
        <TextInput size="xs" label="To" type="date" value={draft.to} onChange={(event) => set({ to: event.currentTarget.value })} className={classes.dateField} />
        <MultiSelect
          size="xs"
          label="Status"
          placeholder={draft.status.length ? undefined : 'Any status'}
          data={BOOKING_STATUSES.map((status) => ({ value: status, label: statusLabel(status) }))}
          value={draft.status}
          onChange={(value) => set({ status: value as BoardFilters['status'] })}
          className={classes.statusField}
          clearable
          comboboxProps={{ withinPortal: true }}
        />
        <Select size="xs" label="Payment" data={PAYMENT_CHOICES} value={paymentChoice(draft)} onChange={(value) => setDraft((current) => withPayment(current, value ?? ''))} allowDeselect={false} className={classes.selectField} />
        {companies.length > 1 && (
          <Select
            size="xs"
            label="Company"
            data={[{ value: '', label: 'Any company' }, ...companies]}
            value={draft.company_id}
            onChange={(value) => set({ company_id: value ?? '' })}
            allowDeselect={false}
            className={classes.selectField}
          />
        )}
        <Select
          size="xs"
          label="Vehicle"
          data={[{ value: '', label: 'Any vehicle' }, ...categories]}
          value={draft.vehicle_id}
          onChange={(value) => set({ vehicle_id: value ?? '' })}
          allowDeselect={false}
          className={classes.selectField}
        />
        <TextInput
          size="xs"
          label="Search"
          type="search"
          placeholder="Number, name, phone, e-mail"
          value={draft.q}
          onChange={(event) => set({ q: event.currentTarget.value })}
          className={classes.searchField}
        />
        <Group gap={6} className={classes.filterButtons}>
          <Button type="submit" size="xs">
            Apply
          </Button>
          <Button type="button" size="xs" variant="subtle" color="gray" onClick={onReset}>
            Reset
          </Button>
        </Group>
      </form>
    </>
  );
}
