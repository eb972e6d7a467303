// @vitest-environment happy-dom
import '../../../tests/helpers/dom.ts';
import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../theme.ts';
import { HIDE_AFTER_BLUR_MS, SUGGEST_DEBOUNCE_MS } from '../../../machines/addressAutocomplete/index.ts';
import { AddressAutocomplete } from './AddressAutocomplete.tsx';
import type { AddressSuggestion, SuggestAddresses } from './addressSuggestions.ts';

const suggestion = (address: string, source: AddressSuggestion['source'] = 'place'): AddressSuggestion => ({
  address,
  source,
  kind: source === 'saved' ? 'saved' : 'airport',
  lat: null,
  lon: null,
  estimated: false,
});

function Harness({ suggest, onSelect }: { suggest: SuggestAddresses; onSelect?: (s: AddressSuggestion) => void }) {
  const [value, setValue] = useState('');
  return (
    <MantineProvider theme={theme} env="test">
      <AddressAutocomplete label="Pick-Up" value={value} onChange={setValue} suggest={suggest} onSuggestionSelect={onSelect} />
      <output data-testid="value">{value}</output>
    </MantineProvider>
  );
}

const flush = async (ms: number) => {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
};

describe('AddressAutocomplete', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is a labelled combobox that asks for suggestions once typing pauses', async () => {
    const suggest = vi.fn<SuggestAddresses>(async () => [suggestion('Heathrow Airport Terminal 5', 'saved'), suggestion('Heathrow Airport Terminal 2')]);
    render(<Harness suggest={suggest} />);
    const input = screen.getByRole('combobox', { name: 'Pick-Up' });
    fireEvent.change(input, { target: { value: 'h' } });
    fireEvent.change(input, { target: { value: 'hea' } });
    await flush(SUGGEST_DEBOUNCE_MS - 10);
    expect(suggest).not.toHaveBeenCalled();
    await flush(20);
    expect(suggest).toHaveBeenCalledTimes(1);
    expect(suggest.mock.calls[0][0]).toBe('hea');
    expect(screen.getByRole('listbox', { name: 'Pick-Up' })).toBeTruthy();
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Heathrow Airport Terminal 5', 'Heathrow Airport Terminal 2Airport']);
    expect(screen.getByText('Saved addresses')).toBeTruthy();
    expect(input.getAttribute('aria-expanded')).toBe('true');
  });

  it('takes a suggestion with the arrow keys and Enter', async () => {
    const onSelect = vi.fn();
    render(<Harness suggest={async () => [suggestion('Gatwick North', 'saved'), suggestion('Gatwick South')]} onSelect={onSelect} />);
    const input = screen.getByRole('combobox', { name: 'Pick-Up' });
    fireEvent.change(input, { target: { value: 'gat' } });
    await flush(SUGGEST_DEBOUNCE_MS + 10);
    fireEvent.keyDown(input, { key: 'ArrowDown', code: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown', code: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[1].id);
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
    expect(screen.getByTestId('value').textContent).toBe('Gatwick South');
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ address: 'Gatwick South', source: 'place' }));
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes on Escape, and 200 ms after blur', async () => {
    render(<Harness suggest={async () => [suggestion('Luton Airport')]} />);
    const input = screen.getByRole('combobox', { name: 'Pick-Up' });
    fireEvent.change(input, { target: { value: 'lut' } });
    await flush(SUGGEST_DEBOUNCE_MS + 10);
    fireEvent.keyDown(input, { key: 'Escape', code: 'Escape' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    fireEvent.change(input, { target: { value: 'luto' } });
    await flush(SUGGEST_DEBOUNCE_MS + 10);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    fireEvent.blur(input);
    await flush(HIDE_AFTER_BLUR_MS - 20);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    await flush(40);
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('keeps free text and says so when nothing matches', async () => {
    render(<Harness suggest={async () => []} />);
    const input = screen.getByRole('combobox', { name: 'Pick-Up' });
    fireEvent.change(input, { target: { value: '1 Nowhere Lane' } });
    await flush(SUGGEST_DEBOUNCE_MS + 10);
    expect(screen.getByText('No suggestions: keep typing the full address and postcode')).toBeTruthy();
    expect(screen.getByTestId('value').textContent).toBe('1 Nowhere Lane');
  });

  it('warms the suggester up on focus', () => {
    const suggest = Object.assign(vi.fn<SuggestAddresses>(async () => []), { warmUp: vi.fn() });
    render(<Harness suggest={suggest} />);
    fireEvent.focus(screen.getByRole('combobox', { name: 'Pick-Up' }));
    expect(suggest.warmUp).toHaveBeenCalledTimes(1);
    expect(suggest).not.toHaveBeenCalled();
  });

  it('fills a picked Google place, then its text with the postcode, and credits Google', async () => {
    const onSelect = vi.fn();
    const chosen = vi.fn();
    let finish: (details: { address: string; lat: number; lon: number }) => void = () => {};
    const google: AddressSuggestion = {
      ...suggestion('The Savoy, Strand, London, UK'),
      kind: 'hotel',
      provider: 'google',
      details: () => new Promise((resolve) => (finish = resolve)),
    };
    const suggest = Object.assign(vi.fn<SuggestAddresses>(async () => [suggestion('The Savoy Hotel entrance, WC2R 0EU', 'saved'), google]), { chosen });
    render(<Harness suggest={suggest} onSelect={onSelect} />);
    const input = screen.getByRole('combobox', { name: 'Pick-Up' });
    fireEvent.change(input, { target: { value: 'savoy' } });
    await flush(SUGGEST_DEBOUNCE_MS + 10);
    expect(screen.getByTestId('google-attribution').textContent).toBe('Powered by Google');
    fireEvent.click(screen.getAllByRole('option')[1]);
    expect(screen.getByTestId('value').textContent).toBe('The Savoy, Strand, London, UK');
    expect(onSelect).not.toHaveBeenCalled();
    await act(async () => finish({ address: 'The Savoy, Strand, London WC2R 0EZ, UK', lat: 51.51, lon: -0.12 }));
    expect(screen.getByTestId('value').textContent).toBe('The Savoy, Strand, London WC2R 0EZ, UK');
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ address: 'The Savoy, Strand, London WC2R 0EZ, UK', lat: 51.51, provider: 'google' }));
    expect(chosen).toHaveBeenCalledWith(expect.objectContaining({ address: 'The Savoy, Strand, London WC2R 0EZ, UK', lon: -0.12 }));
  });

  it('keeps what the visitor typed while the place details were on their way', async () => {
    let finish: (details: { address: string; lat: number; lon: number }) => void = () => {};
    const google: AddressSuggestion = { ...suggestion('Kew Gardens, Richmond, UK'), provider: 'google', details: () => new Promise((resolve) => (finish = resolve)) };
    render(<Harness suggest={async () => [google]} />);
    const input = screen.getByRole('combobox', { name: 'Pick-Up' });
    fireEvent.change(input, { target: { value: 'kew' } });
    await flush(SUGGEST_DEBOUNCE_MS + 10);
    fireEvent.click(screen.getAllByRole('option')[0]);
    fireEvent.change(input, { target: { value: 'Kew Gardens, Richmond, UK, Victoria Gate' } });
    await act(async () => finish({ address: 'Kew Gardens, Richmond TW9 3AE, UK', lat: 51.47, lon: -0.29 }));
    expect(screen.getByTestId('value').textContent).toBe('Kew Gardens, Richmond, UK, Victoria Gate');
  });
});
