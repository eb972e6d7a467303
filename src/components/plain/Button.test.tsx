// @vitest-environment happy-dom
// The plain Button keeps what Mantine's did for the home page's Search and icon buttons: a loading button is disabled
// and marked, and is still named by its label; a link given the button's look stays a link.
import '../../../tests/helpers/dom.ts';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Button, buttonLook } from './Button.tsx';

describe('plain Button', () => {
  it('is a button of type button, enabled, with its look in data attributes', () => {
    render(<Button variant="default" size="lg">Request a quote</Button>);
    const button = screen.getByRole('button', { name: 'Request a quote' });
    expect(button.getAttribute('type')).toBe('button');
    expect(button.hasAttribute('disabled')).toBe(false);
    expect(button.dataset).toMatchObject({ variant: 'default', size: 'lg' });
    expect(button.hasAttribute('data-loading')).toBe(false);
  });

  it('while loading: disabled, data-loading, a spinner, and still named by its label', () => {
    render(
      <Button type="submit" loading data-testid="search">
        Search
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Search' });
    expect(button.getAttribute('type')).toBe('submit');
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(button.hasAttribute('data-loading')).toBe(true);
    expect(button.querySelector('[aria-hidden="true"]')).not.toBeNull();
  });

  it('disabled stays disabled when it stops loading', () => {
    render(<Button disabled>Next</Button>);
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
  });

  it('marks a left section so the start padding shrinks, and gives a link the same look', () => {
    render(
      <>
        <Button leftSection={<svg />}>Call</Button>
        <a href="tel:020" {...buttonLook({ variant: 'default', withLeftSection: true })}>
          020
        </a>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Call' }).hasAttribute('data-with-left-section')).toBe(true);
    const link = screen.getByRole('link', { name: '020' });
    expect(link.className).toBe(screen.getByRole('button', { name: 'Call' }).className);
    expect(link.dataset).toMatchObject({ variant: 'default', size: 'md', withLeftSection: 'true' });
  });
});
