import type { SettingName } from '../../contract/settings.ts';
import { selectSettings } from '../../machines/app/app.selectors.ts';
import { AppActor } from './appLogic.ts';

/** The operator settings (null values until loaded or after a failed load). */
export const useSettings = () => AppActor.useSelector(selectSettings);

/** One setting's value. */
export const useSetting = (name: SettingName) => AppActor.useSelector((s) => s.context.settings[name]);

/** True when a toggle setting is 'enable' (spec §3). */
export const useEnabled = (name: SettingName) => AppActor.useSelector((s) => s.context.settings[name] === 'enable');
