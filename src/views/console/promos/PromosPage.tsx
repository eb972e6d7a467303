import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Checkbox.css';
import { Button, Group, Table, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import type { ConsolePage } from '../../../../machines/console/index.ts';
import { selectPromosStage, selectSavingRow, type PromosStage } from '../../../../machines/consolePromos/index.ts';
import { usePageTitle } from '../pageTitle.ts';
import { RegisterStatus } from '../RegisterParts.tsx';
import { ToneBadge } from '../StatusBadge.tsx';
import { PromoForm } from './PromoForm.tsx';
import { promosLogic } from '../../../app/console/promosLogic.ts';
import { discountText, minimumText, usesText, validityText } from './promosFormat.ts';
import classes from '../Register.module.css';

/** The register frame's loading / failed / notice states, for this page's stages. */
const registerStage = (stage: PromosStage) => (stage === 'form' ? 'adding' : stage);

/** /admin/promos (owners): the site's promo codes with their uses; create, edit, switch off. */
export function PromosPage(_props: { page?: ConsolePage }) {
  usePageTitle('Promo codes');
  const actor = useActorRef(promosLogic);
  const stage = useSelector(actor, selectPromosStage);
  const notice = useSelector(actor, (s) => s.context.notice);
  const error = useSelector(actor, (s) => s.context.error);
  const promos = useSelector(actor, (s) => s.context.promos);
  const categories = useSelector(actor, (s) => s.context.categories);
  const editing = useSelector(actor, (s) => s.context.editing);
  const savingRow = useSelector(actor, selectSavingRow);
  const busy = stage === 'saving';
  const edited = editing === null ? null : (promos.find((promo) => promo.id === editing) ?? null);
  const categoryNames = (ids: number[]) => (ids.length === 0 ? 'All' : ids.map((id) => categories.find((category) => category.value === String(id))?.label ?? `#${id}`).join(', '));
  return (
    <div className={classes.page}>
      <Title order={1} className={classes.heading}>
        Promo codes
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Visitors type a code on the details step; the discount shows as its own line on the price, the payment page, the confirmation and the mails.
      </Text>
      <RegisterStatus stage={registerStage(stage)} empty={promos.length === 0} notice={notice} error={error} onRetry={() => actor.send({ type: 'retry' })}>
        <section aria-labelledby="promos-title" className={classes.section}>
          <Group justify="space-between" mb="xs">
            <Title order={2} id="promos-title" className={classes.subheading}>
              Codes
            </Title>
            {stage !== 'form' && (
              <Button size="xs" variant="light" onClick={() => actor.send({ type: 'add' })} disabled={stage === 'loading' || stage === 'failed'}>
                New promo code
              </Button>
            )}
          </Group>
          {stage === 'form' && <PromoForm key={editing ?? 'new'} actor={actor} promo={edited} />}
          {promos.length === 0 ? (
            stage !== 'loading' && (
              <Text size="sm" c="dimmed">
                No promo codes yet.
              </Text>
            )
          ) : (
            <Table.ScrollContainer minWidth={860} type="native">
              <Table striped fz="sm" verticalSpacing={6} className={classes.table}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Code</Table.Th>
                    <Table.Th scope="col">Discount</Table.Th>
                    <Table.Th scope="col">Valid</Table.Th>
                    <Table.Th scope="col">Uses</Table.Th>
                    <Table.Th scope="col">Per passenger</Table.Th>
                    <Table.Th scope="col">Minimum fare</Table.Th>
                    <Table.Th scope="col">Vehicles</Table.Th>
                    <Table.Th scope="col">Status</Table.Th>
                    <Table.Th scope="col">
                      <span className={classes.srOnly}>Actions</span>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {promos.map((promo) => (
                    <Table.Tr key={promo.id} data-testid={`promo-${promo.code}`}>
                      <Table.Td fw={600} className={classes.plate}>
                        {promo.code}
                      </Table.Td>
                      <Table.Td>{discountText(promo)}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{validityText(promo)}</Table.Td>
                      <Table.Td data-testid="promo-uses" style={{ whiteSpace: 'nowrap' }}>{usesText(promo)}</Table.Td>
                      <Table.Td>{promo.per_passenger_cap ?? 'No limit'}</Table.Td>
                      <Table.Td>{minimumText(promo.min_fare_pence)}</Table.Td>
                      <Table.Td>{categoryNames(promo.categories)}</Table.Td>
                      <Table.Td>{promo.active ? <ToneBadge color="green">Active</ToneBadge> : <ToneBadge color="gray">Off</ToneBadge>}</Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <Button size="compact-xs" variant="subtle" disabled={busy || stage === 'form'} onClick={() => actor.send({ type: 'edit', id: promo.id })} aria-label={`Edit ${promo.code}`}>
                            Edit
                          </Button>
                          <Button
                            size="compact-xs"
                            variant="subtle"
                            color={promo.active ? 'red' : undefined}
                            disabled={busy || stage === 'form'}
                            loading={savingRow === promo.id}
                            onClick={() => actor.send({ type: 'save', change: { kind: 'update', id: promo.id, code: promo.code, patch: { active: !promo.active } } })}
                            aria-label={`${promo.active ? 'Switch off' : 'Switch on'} ${promo.code}`}
                          >
                            {promo.active ? 'Switch off' : 'Switch on'}
                          </Button>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </section>
      </RegisterStatus>
    </div>
  );
}
