import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Button.css';
import { Button, Stack, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { groupEntries, SETTING_GROUPS } from '../../../../contract/settingsCatalogue.ts';
import { draftChanges } from '../../../../machines/consoleSettings/index.ts';
import { LoadFailed, RowsLoading } from '../enquiries/LoadStates.tsx';
import { usePageTitle } from '../pageTitle.ts';
import { PreviewPanel, type PreviewStage } from './PreviewPanel.tsx';
import { SettingControl } from './SettingControl.tsx';
import classes from './Settings.module.css';
import { settingsLogic } from '../../../app/console/settingsLogic.ts';

type SettingsActor = ReturnType<typeof useActorRef<typeof settingsLogic>>;

function SettingsForm({ actor }: { actor: SettingsActor }) {
  const draft = useSelector(actor, (state) => state.context.draft);
  const problems = useSelector(actor, (state) => state.context.problems);
  const saving = useSelector(actor, (state) => state.matches({ ready: { form: 'saving' } }));
  return (
    <Stack gap="lg">
      {SETTING_GROUPS.map((group) => (
        <section key={group.id} className={classes.section} aria-labelledby={`settings-group-${group.id}`}>
          <Title order={2} size="h4" id={`settings-group-${group.id}`}>
            {group.title}
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            {group.description}
          </Text>
          <Stack gap="md">
            {groupEntries(group.id).map((entry) => (
              <SettingControl
                key={entry.name}
                entry={entry}
                value={draft[entry.name] ?? null}
                problem={problems[entry.name]}
                disabled={saving}
                onChange={(value) => actor.send({ type: 'change', name: entry.name, value })}
              />
            ))}
          </Stack>
        </section>
      ))}
    </Stack>
  );
}

function SaveBar({ actor }: { actor: SettingsActor }) {
  const form = useSelector(actor, (state) => (state.matches('ready') ? (state.value as { ready: { form: string } }).ready.form : 'clean'));
  const count = useSelector(actor, (state) => Object.keys(draftChanges(state.context)).length);
  const { error, notice } = useSelector(actor, (state) => state.context);
  const dirty = form === 'dirty' || form === 'saving' || form === 'validating';
  const text = error ?? (dirty ? `${count} unsaved ${count === 1 ? 'change' : 'changes'}` : (notice ?? 'No unsaved changes.'));
  return (
    <div className={classes.saveBar} data-testid="settings-save-bar">
      <Text size="sm" className={classes.saveBarText} c={error ? 'red.8' : undefined} fw={dirty ? 600 : undefined} role={error ? 'alert' : 'status'}>
        {text}
      </Text>
      <Button variant="default" size="sm" disabled={!dirty || form === 'saving'} onClick={() => actor.send({ type: 'discard' })}>
        Discard
      </Button>
      <Button size="sm" disabled={!dirty} loading={form === 'saving'} onClick={() => actor.send({ type: 'save' })}>
        Save settings
      </Button>
    </div>
  );
}

function Preview({ actor }: { actor: SettingsActor }) {
  const stage = useSelector(actor, (state) => (state.value as { ready: { preview: PreviewStage } }).ready.preview);
  const { previewUrl, previewVersion, previewError } = useSelector(actor, (state) => state.context);
  const showsDraft = useSelector(actor, (state) => Object.keys(draftChanges(state.context)).length > 0);
  return (
    <PreviewPanel url={previewUrl} version={previewVersion} stage={stage} showsDraft={showsDraft} error={previewError} onRetry={() => actor.send({ type: 'preview.retry' })} />
  );
}

/** The owner's Settings page (issue 19): every setting in groups, a live preview of the public home page, a save bar. */
export function SettingsPage() {
  usePageTitle('Settings');
  const actor = useActorRef(settingsLogic);
  const stage = useSelector(actor, (state) => (state.matches('loading') ? 'loading' : state.matches('failed') ? 'failed' : 'ready'));
  const loadError = useSelector(actor, (state) => state.context.error);
  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h3">
          Settings
        </Title>
        <Text size="sm" c="dimmed">
          What your public site shows and offers. The preview shows a change before you save it; visitors see it once saved, from their next page load.
        </Text>
      </div>
      {stage === 'loading' && <RowsLoading label="Loading the settings" />}
      {stage === 'failed' && <LoadFailed title="The settings could not be loaded" message={loadError} onRetry={() => actor.send({ type: 'retry' })} />}
      {stage === 'ready' && (
        <>
          <div className={classes.layout}>
            <Preview actor={actor} />
            <SettingsForm actor={actor} />
          </div>
          <SaveBar actor={actor} />
        </>
      )}
    </Stack>
  );
}
