import type { SnapshotFrom } from 'xstate';
import type { RegisterMachine } from './register.machine.ts';

type Snapshot<Item> = SnapshotFrom<RegisterMachine<Item>>;

export type RegisterStage = 'loading' | 'failed' | 'browsing' | 'adding' | 'editing' | 'saving';

export function selectRegisterStage<Item>(s: Snapshot<Item>): RegisterStage {
  if (s.matches('loading')) return 'loading';
  if (s.matches('failed')) return 'failed';
  if (s.matches('saving')) return s.context.from === 'browsing' ? 'saving' : s.context.from;
  if (s.matches({ ready: 'adding' })) return 'adding';
  if (s.matches({ ready: 'editing' })) return 'editing';
  return 'browsing';
}

export const selectItems = <Item>(s: Snapshot<Item>) => s.context.items;
export const selectSaving = <Item>(s: Snapshot<Item>) => s.matches('saving');
export const selectRegisterNotice = <Item>(s: Snapshot<Item>) => s.context.notice;
export const selectRegisterError = <Item>(s: Snapshot<Item>) => s.context.error;
/** The entry a change is being saved for (its id), to show that row busy. */
export const selectSavingId = <Item>(s: Snapshot<Item>) => (s.matches('saving') ? ((s.context.change?.id as number | undefined) ?? null) : null);
/** The entry whose edit form is open (kept while its change is saved). */
export const selectEditingId = <Item>(s: Snapshot<Item>) => s.context.editing;
