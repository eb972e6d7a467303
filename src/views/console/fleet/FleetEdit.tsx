/**
 * Editing one driver or vehicle of the register (a renewed licence, a new phone, a corrected registration): a Mantine
 * form prefilled from the row; only the fields changed are sent (PATCH), and the server's reason is shown in the form.
 */
import { NativeSelect, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useActorRef, useSelector } from '@xstate/react';
import { FLEET_MESSAGES, type Driver, type Vehicle } from '../../../../contract/fleet.ts';
import { selectItems, selectRegisterError, selectSaving, type RegisterMachine } from '../../../../machines/consoleRegister/index.ts';
import { categoriesLogic } from '../../../app/console/fleetLogic.ts';
import { RegisterForm } from './RegisterForm.tsx';

type RegisterActor<Item> = ReturnType<typeof useActorRef<RegisterMachine<Item>>>;

/** The fields of `values` that differ from `original` (trimmed text compared as the server stores it). */
export function changedFields<T extends Record<string, string | number>>(original: T, values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([key, value]) => (typeof value === 'string' ? value.trim() : value) !== original[key])) as Partial<T>;
}

const required = (label: string) => (value: string) => (value.trim() === '' ? `${label} is required` : null);

export function EditDriver({ actor, driver }: { actor: RegisterActor<Driver>; driver: Driver }) {
  const error = useSelector(actor, selectRegisterError<Driver>);
  const busy = useSelector(actor, selectSaving<Driver>);
  const original = { name: driver.name, phone: driver.phone, licence_number: driver.licence_number, licensing_authority: driver.licensing_authority, licence_expiry: driver.licence_expiry };
  const form = useForm({
    initialValues: original,
    validate: { name: required('Name'), licence_number: required('PHV driver licence number'), licensing_authority: required('Licensing authority'), licence_expiry: required('Licence expiry') },
  });
  const submit = form.onSubmit((values) => {
    const patch = changedFields(original, values);
    if (Object.keys(patch).length === 0) return form.setFieldError('licence_expiry', FLEET_MESSAGES.nothingToChange);
    actor.send({ type: 'save', change: { kind: 'edit', id: driver.id, patch } });
  });
  return (
    <RegisterForm showLabel noValidate closeLabel="Cancel" label={`Edit ${driver.name}`} error={error} busy={busy} submitLabel="Save driver" onSubmit={() => submit()} onClose={() => actor.send({ type: 'edit.close' })}>
      <TextInput size="xs" label="Name" required {...form.getInputProps('name')} />
      <TextInput size="xs" label="Phone" {...form.getInputProps('phone')} />
      <TextInput size="xs" label="PHV driver licence number" required {...form.getInputProps('licence_number')} />
      <TextInput size="xs" label="Licensing authority" required {...form.getInputProps('licensing_authority')} />
      <TextInput size="xs" label="Licence expiry" type="date" required {...form.getInputProps('licence_expiry')} />
    </RegisterForm>
  );
}

export function EditVehicle({ actor, vehicle }: { actor: RegisterActor<Vehicle>; vehicle: Vehicle }) {
  const error = useSelector(actor, selectRegisterError<Vehicle>);
  const busy = useSelector(actor, selectSaving<Vehicle>);
  const categories = useSelector(useActorRef(categoriesLogic), selectItems<{ value: string; label: string }>);
  const original = {
    registration: vehicle.registration,
    make: vehicle.make,
    model: vehicle.model,
    colour: vehicle.colour,
    category_id: String(vehicle.category_id),
    licence_number: vehicle.licence_number,
    licence_expiry: vehicle.licence_expiry,
  };
  const form = useForm({
    initialValues: original,
    validate: {
      registration: required('Registration'),
      make: required('Make'),
      model: required('Model'),
      colour: required('Colour'),
      licence_number: required('PHV vehicle licence number'),
      licence_expiry: required('Licence expiry'),
    },
  });
  const submit = form.onSubmit((values) => {
    const { category_id, ...patch } = changedFields(original, values);
    const change = { ...patch, ...(category_id === undefined ? {} : { category_id: Number(category_id) }) };
    if (Object.keys(change).length === 0) return form.setFieldError('licence_expiry', FLEET_MESSAGES.nothingToChange);
    actor.send({ type: 'save', change: { kind: 'edit', id: vehicle.id, patch: change } });
  });
  const choices = categories.some((c) => c.value === original.category_id) ? categories : [{ value: original.category_id, label: vehicle.category_name }, ...categories];
  return (
    <RegisterForm showLabel noValidate closeLabel="Cancel" label={`Edit ${vehicle.registration}`} error={error} busy={busy} submitLabel="Save vehicle" onSubmit={() => submit()} onClose={() => actor.send({ type: 'edit.close' })}>
      <TextInput size="xs" label="Registration" required {...form.getInputProps('registration')} />
      <TextInput size="xs" label="Make" required {...form.getInputProps('make')} />
      <TextInput size="xs" label="Model" required {...form.getInputProps('model')} />
      <TextInput size="xs" label="Colour" required {...form.getInputProps('colour')} />
      <NativeSelect size="xs" label="Category" required data={choices} {...form.getInputProps('category_id')} />
      <TextInput size="xs" label="PHV vehicle licence number" required {...form.getInputProps('licence_number')} />
      <TextInput size="xs" label="Licence expiry" type="date" required {...form.getInputProps('licence_expiry')} />
    </RegisterForm>
  );
}
