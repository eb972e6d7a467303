/**
 * The company and vehicle category forms of the catalogue page: Mantine forms prefilled from the row (or empty for a
 * new one), checked as the server checks them; an edit sends only the fields changed. The category form uploads a
 * picture as soon as it is chosen and previews what the server stored (the cards' 640 × 320 WebP).
 */
import { Button, Checkbox, FileButton, Image, NativeSelect, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { BUILT_IN_IMAGES, CATALOGUE_MESSAGES, IMAGE_RULES, type CatalogueCategory, type CatalogueCompany } from '../../../../contract/consoleCatalogue.ts';
import { selectCatalogueError, selectImageError, selectSavingForm, selectUploadedImage, selectUploading } from '../../../../machines/consoleCatalogue/index.ts';
import { storageUrl } from '../../../app/storageUrl.ts';
import { RegisterForm } from '../fleet/RegisterForm.tsx';
import type { CatalogueActor } from './CataloguePage.tsx';
import classes from './Catalogue.module.css';

/** The fields of `values` that differ from `original` (text trimmed as the server stores it). */
export function changedFields<T extends Record<string, unknown>>(original: T, values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([key, value]) => (typeof value === 'string' ? value.trim() : value) !== original[key])) as Partial<T>;
}

const required = (label: string) => (value: string) => (value.trim() === '' ? `${label} is required` : null);
const whole = (label: string, min: number, max: number) => (value: number | string) =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max ? null : `${label} must be a whole number from ${min} to ${max}`;

export function CompanyForm({ actor, company }: { actor: CatalogueActor; company: CatalogueCompany | null }) {
  const error = useSelector(actor, selectCatalogueError);
  const busy = useSelector(actor, selectSavingForm);
  const original = { company_name: company?.company_name ?? '', rating: company?.rating ?? 4.5 };
  const form = useForm<{ company_name: string; rating: number | string }>({
    initialValues: original,
    validate: {
      company_name: required('Company name'),
      rating: (value) => (typeof value === 'number' && value >= 0 && value <= 5 ? null : 'Rating must be a number from 0 to 5'),
    },
  });
  const submit = form.onSubmit((values) => {
    if (!company) return actor.send({ type: 'save', change: { kind: 'company.create', company: { company_name: values.company_name, rating: Number(values.rating) } } });
    const patch = changedFields(original, values);
    if (Object.keys(patch).length === 0) return form.setFieldError('company_name', CATALOGUE_MESSAGES.nothingToChange);
    actor.send({ type: 'save', change: { kind: 'company.update', id: company.id, patch } });
  });
  const label = company ? `Edit ${company.company_name}` : 'Add a company';
  return (
    <RegisterForm showLabel noValidate label={label} error={error} busy={busy} submitLabel={company ? 'Save company' : 'Add company'} closeLabel="Cancel" onSubmit={() => submit()} onClose={() => actor.send({ type: 'form.close' })}>
      <TextInput size="xs" label="Company name" required {...form.getInputProps('company_name')} />
      <NumberInput size="xs" label="Rating (stars, 0 to 5)" description="Shown on each price card" required min={0} max={5} step={0.1} decimalScale={1} {...form.getInputProps('rating')} />
    </RegisterForm>
  );
}

const BUILT_IN_LABELS: Record<string, string> = Object.fromEntries(BUILT_IN_IMAGES.map((file) => [file, `Built-in: ${file.replace(/^vehicles\/|\.svg$/g, '')}`]));

export function CategoryForm({ actor, category }: { actor: CatalogueActor; category: CatalogueCategory | null }) {
  const error = useSelector(actor, selectCatalogueError);
  const busy = useSelector(actor, selectSavingForm);
  const uploading = useSelector(actor, selectUploading);
  const uploaded = useSelector(actor, selectUploadedImage);
  const imageError = useSelector(actor, selectImageError);
  const original = {
    category_name: category?.category_name ?? '',
    seats: category?.seats ?? 4,
    luggage: category?.luggage ?? 2,
    hand_luggage: category?.hand_luggage ?? 2,
    wheelchair: category?.wheelchair ?? false,
    vehicle_img: category?.vehicle_img ?? BUILT_IN_IMAGES[0],
  };
  const form = useForm<{ category_name: string; seats: number | string; luggage: number | string; hand_luggage: number | string; wheelchair: boolean; vehicle_img: string }>({
    initialValues: original,
    validate: {
      category_name: required('Category name'),
      seats: whole('Seats', 1, 20),
      luggage: whole('Luggage', 0, 30),
      hand_luggage: whole('Hand luggage', 0, 30),
    },
  });
  // A picture the server stored becomes the category's (saved with the form).
  const { setFieldValue } = form;
  useEffect(() => {
    if (uploaded) setFieldValue('vehicle_img', uploaded.vehicle_img);
  }, [uploaded, setFieldValue]);
  const submit = form.onSubmit((values) => {
    const numbers = { ...values, seats: Number(values.seats), luggage: Number(values.luggage), hand_luggage: Number(values.hand_luggage) };
    if (!category) return actor.send({ type: 'save', change: { kind: 'category.create', category: numbers } });
    const patch = changedFields(original, numbers);
    if (Object.keys(patch).length === 0) return form.setFieldError('category_name', CATALOGUE_MESSAGES.nothingToChange);
    actor.send({ type: 'save', change: { kind: 'category.update', id: category.id, patch } });
  });
  const pictures: { value: string; label: string }[] = BUILT_IN_IMAGES.map((file) => ({ value: file, label: BUILT_IN_LABELS[file] }));
  for (const own of [original.vehicle_img, form.values.vehicle_img]) {
    if (!pictures.some((picture) => picture.value === own)) pictures.push({ value: own, label: own === uploaded?.vehicle_img ? 'Uploaded picture (new)' : 'Uploaded picture' });
  }
  const label = category ? `Edit ${category.category_name}` : 'Add a vehicle category';
  return (
    <RegisterForm
      showLabel
      noValidate
      label={label}
      error={error}
      busy={busy || uploading}
      submitLabel={category ? 'Save category' : 'Add category'}
      closeLabel="Cancel"
      onSubmit={() => submit()}
      onClose={() => actor.send({ type: 'form.close' })}
    >
      <TextInput size="xs" label="Category name" required {...form.getInputProps('category_name')} />
      <NumberInput size="xs" label="Seats" required min={1} max={20} allowDecimal={false} {...form.getInputProps('seats')} />
      <NumberInput size="xs" label="Luggage (large cases)" required min={0} max={30} allowDecimal={false} {...form.getInputProps('luggage')} />
      <NumberInput size="xs" label="Hand luggage" required min={0} max={30} allowDecimal={false} {...form.getInputProps('hand_luggage')} />
      <Checkbox size="sm" mt="lg" label="Wheelchair accessible" {...form.getInputProps('wheelchair', { type: 'checkbox' })} />
      <NativeSelect size="xs" label="Picture" data={pictures} {...form.getInputProps('vehicle_img')} />
      <Stack gap={4} className={classes.upload}>
        <Text component="span" size="xs" fw={500}>
          Upload a new picture
        </Text>
        <FileButton accept={IMAGE_RULES.accept} disabled={uploading} onChange={(file) => file && actor.send({ type: 'image.choose', file })}>
          {(props) => (
            <Button {...props} size="xs" variant="default" loading={uploading} aria-describedby={imageError ? 'upload-help upload-error' : 'upload-help'}>
              Choose a picture…
            </Button>
          )}
        </FileButton>
        <Text id="upload-help" size="xs" c="dimmed">
          PNG, JPEG or WebP, up to {IMAGE_RULES.maxLabel}; fitted to {IMAGE_RULES.width / 2} × {IMAGE_RULES.height / 2} on the cards
        </Text>
        {imageError && (
          <Text id="upload-error" size="xs" c="red.8" role="alert">
            {imageError}
          </Text>
        )}
        {uploaded && (
          <Text size="xs" c="dimmed" role="status">
            Uploaded and resized: {uploaded.width} × {uploaded.height}, {Math.ceil(uploaded.bytes / 1024)} kB. Save to use it.
          </Text>
        )}
      </Stack>
      <figure className={classes.preview}>
        <Image src={storageUrl(form.values.vehicle_img)} alt={`Picture of ${form.values.category_name || 'the new category'} as the website shows it`} w={160} h={80} fit="contain" />
        <Text component="figcaption" size="xs" c="dimmed">
          Preview on the fleet and price cards
        </Text>
      </figure>
    </RegisterForm>
  );
}
