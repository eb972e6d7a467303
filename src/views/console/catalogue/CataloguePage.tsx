import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/Alert.css';
import { Button, Group, Table, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { CatalogueCategory, CatalogueCompany } from '../../../../contract/consoleCatalogue.ts';
import type { ConsolePage } from '../../../../machines/console/index.ts';
import {
  selectCatalogueError,
  selectCatalogueNotice,
  selectCatalogueStage,
  selectCategories,
  selectCompanies,
  selectOpenForm,
  selectSavingId,
  type CatalogueStage,
} from '../../../../machines/consoleCatalogue/index.ts';
import type { RegisterStage } from '../../../../machines/consoleRegister/index.ts';
import { storageUrl } from '../../../app/storageUrl.ts';
import { usePageTitle } from '../pageTitle.ts';
import { RegisterStatus } from '../RegisterParts.tsx';
import { CategoryForm, CompanyForm } from './CatalogueForms.tsx';
import { catalogueLogic } from '../../../app/console/catalogueLogic.ts';
import registerClasses from '../Register.module.css';
import classes from './Catalogue.module.css';

export type CatalogueActor = ReturnType<typeof useActorRef<typeof catalogueLogic>>;

/** The register frame's stage for this page's (a form open is its "editing"). */
const frameStage = (stage: CatalogueStage): RegisterStage => (stage === 'company' || stage === 'category' ? 'editing' : stage);

function RowActions({ name, busy, active, onEdit, onToggle }: { name: string; busy: boolean; active: boolean; onEdit: () => void; onToggle: () => void }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Button size="compact-xs" variant="subtle" onClick={onEdit} disabled={busy} aria-label={`Edit ${name}`}>
        Edit
      </Button>
      <Button size="compact-xs" variant="subtle" color={active ? 'dark' : 'brand'} loading={busy} onClick={onToggle} aria-label={`${active ? 'Deactivate' : 'Reactivate'} ${name}`}>
        {active ? 'Deactivate' : 'Reactivate'}
      </Button>
    </Group>
  );
}

function Section({ id, title, addLabel, showAdd, onAdd, children }: { id: string; title: string; addLabel: string; showAdd: boolean; onAdd: () => void; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={registerClasses.section}>
      <Group justify="space-between" mb="xs">
        <Title order={2} id={id} className={registerClasses.subheading}>
          {title}
        </Title>
        {showAdd && (
          <Button size="xs" variant="light" onClick={onAdd}>
            {addLabel}
          </Button>
        )}
      </Group>
      {children}
    </section>
  );
}

function Companies({ actor, companies, savingId }: { actor: CatalogueActor; companies: CatalogueCompany[]; savingId: number | null }) {
  return (
    <Table.ScrollContainer minWidth={480} type="native" className={classes.scroll}>
      <Table striped fz="sm" verticalSpacing={6} className={registerClasses.table}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Company</Table.Th>
            <Table.Th scope="col">Rating</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">
              <span className={registerClasses.srOnly}>Actions</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {companies.map((company) => (
            <Table.Tr key={company.id} className={company.active ? undefined : registerClasses.inactive}>
              <Table.Td fw={500}>{company.company_name}</Table.Td>
              <Table.Td>{company.rating.toFixed(1)} ★</Table.Td>
              <Table.Td>{company.active ? 'Offered' : 'Switched off'}</Table.Td>
              <Table.Td>
                <RowActions
                  name={company.company_name}
                  active={company.active}
                  busy={savingId === company.id}
                  onEdit={() => actor.send({ type: 'company.edit', id: company.id })}
                  onToggle={() => actor.send({ type: 'save', change: { kind: 'company.active', id: company.id, active: !company.active } })}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Categories({ actor, categories, savingId }: { actor: CatalogueActor; categories: CatalogueCategory[]; savingId: number | null }) {
  return (
    <Table.ScrollContainer minWidth={640} type="native" className={classes.scroll}>
      <Table striped fz="sm" verticalSpacing={6} className={registerClasses.table}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Picture</Table.Th>
            <Table.Th scope="col">Category</Table.Th>
            <Table.Th scope="col">Seats</Table.Th>
            <Table.Th scope="col">Luggage</Table.Th>
            <Table.Th scope="col">Hand luggage</Table.Th>
            <Table.Th scope="col">Wheelchair</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">
              <span className={registerClasses.srOnly}>Actions</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {categories.map((category) => (
            <Table.Tr key={category.id} className={category.active ? undefined : registerClasses.inactive}>
              <Table.Td>
                <img className={classes.thumb} src={storageUrl(category.vehicle_img)} alt="" width={80} height={40} loading="lazy" />
              </Table.Td>
              <Table.Td fw={500}>{category.category_name}</Table.Td>
              <Table.Td>{category.seats}</Table.Td>
              <Table.Td>{category.luggage}</Table.Td>
              <Table.Td>{category.hand_luggage}</Table.Td>
              <Table.Td>{category.wheelchair ? 'Yes' : 'No'}</Table.Td>
              <Table.Td>{category.active ? 'Offered' : 'Switched off'}</Table.Td>
              <Table.Td>
                <RowActions
                  name={category.category_name}
                  active={category.active}
                  busy={savingId === category.id}
                  onEdit={() => actor.send({ type: 'category.edit', id: category.id })}
                  onToggle={() => actor.send({ type: 'save', change: { kind: 'category.active', id: category.id, active: !category.active } })}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** /admin/catalogue (owners): the site's companies and vehicle categories, with their pictures. */
export function CataloguePage(_props: { page?: ConsolePage }) {
  usePageTitle('Vehicles & companies');
  const actor = useActorRef(catalogueLogic);
  const stage = useSelector(actor, selectCatalogueStage);
  const companies = useSelector(actor, selectCompanies);
  const categories = useSelector(actor, selectCategories);
  const notice = useSelector(actor, selectCatalogueNotice);
  const error = useSelector(actor, selectCatalogueError);
  const form = useSelector(actor, selectOpenForm);
  const savingId = useSelector(actor, selectSavingId);
  const editedCompany = form?.kind === 'company' && form.id !== null ? (companies.find((company) => company.id === form.id) ?? null) : null;
  const editedCategory = form?.kind === 'category' && form.id !== null ? (categories.find((category) => category.id === form.id) ?? null) : null;
  const formKey = form ? `${form.kind}-${form.id ?? 'new'}` : '';
  return (
    <div className={registerClasses.page}>
      <Title order={1} className={registerClasses.heading}>
        Vehicles & companies
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        What the website offers: each change shows from the next page load. Nothing is deleted: a switched-off company or vehicle category is no longer priced or shown, and bookings keep what they were made with.
      </Text>
      <RegisterStatus stage={frameStage(stage)} empty={companies.length === 0} notice={notice} error={error} onRetry={() => actor.send({ type: 'retry' })}>
        <Section id="companies-title" title="Companies" addLabel="Add company" showAdd={form?.kind !== 'company'} onAdd={() => actor.send({ type: 'company.add' })}>
          {form?.kind === 'company' && <CompanyForm key={formKey} actor={actor} company={editedCompany} />}
          <Companies actor={actor} companies={companies} savingId={savingId} />
        </Section>
        <Section id="categories-title" title="Vehicle categories" addLabel="Add category" showAdd={form?.kind !== 'category'} onAdd={() => actor.send({ type: 'category.add' })}>
          {form?.kind === 'category' && <CategoryForm key={formKey} actor={actor} category={editedCategory} />}
          <Categories actor={actor} categories={categories} savingId={savingId} />
        </Section>
      </RegisterStatus>
    </div>
  );
}
