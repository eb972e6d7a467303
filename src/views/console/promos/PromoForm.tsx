/** Creating or editing a promo code: its discount, validity window, use limits, minimum fare and vehicle categories. */
import { Checkbox, Group, NativeSelect, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useActorRef, useSelector } from '@xstate/react';
import { PROMO_CODE_PATTERN, PROMO_MESSAGES, normalisePromoCode, type PromoCode, type PromoCreate, type PromoKind } from '../../../../contract/promoCodes.ts';
import { selectSaving, type PromosMachine } from '../../../../machines/consolePromos/index.ts';
import { RegisterForm } from '../fleet/RegisterForm.tsx';
import { penceOf } from './promosFormat.ts';
import { poundsField } from '../../../../contract/money.ts';

type PromosActor = ReturnType<typeof useActorRef<PromosMachine>>;

const wholeOrEmpty = (text: string) => (text.trim() === '' ? null : /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

export function PromoForm({ actor, promo }: { actor: PromosActor; promo: PromoCode | null }) {
  const error = useSelector(actor, (s) => s.context.error);
  const categories = useSelector(actor, (s) => s.context.categories);
  const busy = useSelector(actor, selectSaving);
  const form = useForm({
    initialValues: {
      code: promo?.code ?? '',
      kind: (promo?.kind ?? 'percent') as PromoKind,
      percent: promo?.percent === null || promo?.percent === undefined ? '' : String(promo.percent),
      amount: poundsField(promo?.amount_pence ?? null),
      valid_from: promo?.valid_from ?? '',
      valid_to: promo?.valid_to ?? '',
      total_cap: promo?.total_cap === null || promo?.total_cap === undefined ? '' : String(promo.total_cap),
      per_passenger_cap: promo?.per_passenger_cap === null || promo?.per_passenger_cap === undefined ? '' : String(promo.per_passenger_cap),
      min_fare: promo && promo.min_fare_pence > 0 ? poundsField(promo.min_fare_pence) : '',
      categories: (promo?.categories ?? []).map(String),
      active: promo?.active ?? true,
    },
    validate: {
      code: (value) => (promo || PROMO_CODE_PATTERN.test(normalisePromoCode(value)) ? null : PROMO_MESSAGES.codeFormat),
      percent: (value, values) => (values.kind !== 'percent' || (/^\d+$/.test(value.trim()) && Number(value) >= 1 && Number(value) <= 100) ? null : PROMO_MESSAGES.percent),
      amount: (value, values) => (values.kind !== 'fixed' || (penceOf(value) ?? 0) >= 1 ? null : PROMO_MESSAGES.amount),
      valid_to: (value, values) => (value && values.valid_from && value < values.valid_from ? PROMO_MESSAGES.dates : null),
      total_cap: (value) => (Number.isNaN(wholeOrEmpty(value)) || wholeOrEmpty(value) === 0 ? PROMO_MESSAGES.cap : null),
      per_passenger_cap: (value) => (Number.isNaN(wholeOrEmpty(value)) || wholeOrEmpty(value) === 0 ? PROMO_MESSAGES.cap : null),
      min_fare: (value) => (value.trim() === '' || penceOf(value) !== null ? null : PROMO_MESSAGES.minFare),
    },
  });
  const submit = form.onSubmit((values) => {
    const fields: Omit<PromoCreate, 'code'> = {
      kind: values.kind,
      percent: values.kind === 'percent' ? Number(values.percent) : null,
      amount_pence: values.kind === 'fixed' ? penceOf(values.amount) : null,
      valid_from: values.valid_from || null,
      valid_to: values.valid_to || null,
      total_cap: wholeOrEmpty(values.total_cap),
      per_passenger_cap: wholeOrEmpty(values.per_passenger_cap),
      min_fare_pence: values.min_fare.trim() === '' ? 0 : (penceOf(values.min_fare) ?? 0),
      categories: values.categories.map(Number),
      active: values.active,
    };
    if (promo) actor.send({ type: 'save', change: { kind: 'update', id: promo.id, code: promo.code, patch: fields } });
    else actor.send({ type: 'save', change: { kind: 'create', promo: { code: normalisePromoCode(values.code), ...fields } } });
  });
  return (
    <RegisterForm
      showLabel
      noValidate
      label={promo ? `Edit ${promo.code}` : 'New promo code'}
      error={error}
      busy={busy}
      submitLabel={promo ? 'Save code' : 'Create code'}
      closeLabel="Close"
      onSubmit={() => submit()}
      onClose={() => actor.send({ type: 'close' })}
    >
      <TextInput size="xs" label="Code" description="What visitors type; letters and digits, not case-sensitive" required disabled={promo !== null} autoComplete="off" {...form.getInputProps('code')} />
      <NativeSelect size="xs" label="Discount" data={[{ value: 'percent', label: 'Percentage of the fare' }, { value: 'fixed', label: 'Fixed amount off the booking' }]} {...form.getInputProps('kind')} />
      {form.values.kind === 'percent' ? (
        <TextInput size="xs" label="Percentage off" description="A whole number from 1 to 100" inputMode="numeric" required {...form.getInputProps('percent')} />
      ) : (
        <TextInput size="xs" label="Amount off (£)" description="Taken once per booking, never below £0" inputMode="decimal" required {...form.getInputProps('amount')} />
      )}
      <TextInput size="xs" type="date" label="Valid from" description="London date; empty: from now" {...form.getInputProps('valid_from')} />
      <TextInput size="xs" type="date" label="Valid until" description="Inclusive; empty: no end" {...form.getInputProps('valid_to')} />
      <TextInput size="xs" label="Minimum fare (£)" description="The booking's total before the discount" inputMode="decimal" {...form.getInputProps('min_fare')} />
      <TextInput size="xs" label="Total uses" description="Empty: unlimited" inputMode="numeric" {...form.getInputProps('total_cap')} />
      <TextInput size="xs" label="Uses per passenger" description="By e-mail address; empty: unlimited" inputMode="numeric" {...form.getInputProps('per_passenger_cap')} />
      <Checkbox size="xs" mt="lg" label="Active (visitors can use it)" {...form.getInputProps('active', { type: 'checkbox' })} />
      <Checkbox.Group size="xs" label="Vehicle categories" description="None ticked: every category" style={{ gridColumn: '1 / -1' }} {...form.getInputProps('categories')}>
        <Group gap="md" mt={4}>
          {categories.map((category) => (
            <Checkbox key={category.value} size="xs" value={category.value} label={category.label} />
          ))}
        </Group>
      </Checkbox.Group>
    </RegisterForm>
  );
}
