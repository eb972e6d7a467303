// @vitest-environment happy-dom
import '../../../../tests/helpers/dom.ts';
import { MantineProvider } from '@mantine/core';
import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { settingEntry } from '../../../../contract/settingsCatalogue.ts';
import { theme } from '../../../theme.ts';
import { SettingControl } from './SettingControl.tsx';

const control = (name: string, value: string | null, onChange: (value: string) => void = () => undefined) =>
  render(
    <MantineProvider theme={theme}>
      <SettingControl entry={settingEntry(name)!} value={value} problem={undefined} disabled={false} onChange={onChange} />
    </MantineProvider>,
  );

describe('SettingControl: a text switch is on until the owner switches it off (issue 33)', () => {
  it('an unset text switch shows on, as the server reads it; switching it off stores disable', () => {
    const changes: string[] = [];
    const { container } = control('SMS_REMINDER', null, (value) => changes.push(value));
    const box = container.querySelector('input[type="checkbox"]') as HTMLInputElement;
    expect(container.textContent).toContain('Reminder before pick-up');
    expect(box.checked).toBe(true);
    fireEvent.click(box);
    expect(changes).toEqual(['disable']);
  });

  it("'disable' shows off; an ordinary switch unset still shows off", () => {
    const box = (name: string, value: string | null) => control(name, value).container.querySelector('input[type="checkbox"]') as HTMLInputElement;
    expect(box('SMS_DRIVER_ARRIVED', 'disable').checked).toBe(false);
    expect(box('SMS_DRIVER_ARRIVED', 'enable').checked).toBe(true);
    expect(box('MANAGE_ADDRESS_CHANGES', null).checked).toBe(false);
  });
});
