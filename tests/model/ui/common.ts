/** Helpers the UI executors and assertions share. */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { KEY_HEADERS } from '../../helpers/provider.ts';
import { eventually, type UiRun } from './harness.ts';
import type { UiExecutor } from './types.ts';

export const SERVER_ERROR_BODY = { success: false, message: 'Something went wrong on our side. Please try again.' };

/** Waits until `locator` is visible (its first match). */
export async function visible(locator: Locator, timeout = 10_000): Promise<void> {
  await locator.first().waitFor({ state: 'visible', timeout });
}

/** Waits until nothing matching `locator` is visible. */
export async function gone(locator: Locator, timeout = 10_000): Promise<void> {
  await eventually(async () => expect(await locator.filter({ visible: true }).count()).toBe(0), timeout);
}

/** The form control labelled `label` (a required field's label reads 'Label *'). */
export const labelled = (scope: Page | Locator, label: string) =>
  scope.locator('input, textarea, select').and(scope.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`)));

/** An executor whose outcome is a server call held by a gate: the step releases it. */
export const answered = (answer: UiExecutor['answer'], extra: Partial<UiExecutor> = {}): UiExecutor => ({
  answer,
  run: async (run, { index }) => run.releaseGate(index),
  ...extra,
});

/** A delay: the app's own timer fires; the next state's assertion waits for it. */
export const timer: UiExecutor = { run: async () => {} };

/** POST to the API as the SPA would (the demo key pair). */
export async function api(run: UiRun, path: string, body: unknown, token?: string): Promise<Response> {
  return fetch(run.url(`/api/v1${path}`), {
    method: 'POST',
    headers: { ...KEY_HEADERS, 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
}

let counter = 0;
/** A fresh e-mail address for a path (new clients and guests must not collide). */
export const uniqueEmail = (who: string) => `${who}.${Date.now().toString(36)}.${(counter += 1)}@example.test`;

/** Today + `days` in London, YYYY-MM-DD. */
export function londonDate(days = 0): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(Date.now() + days * 86_400_000));
}

/** A weekday at least `min` days ahead (no bank-holiday or weekend surprises in prices). */
export function weekdayAhead(min = 4): string {
  for (let days = min; days < min + 7; days++) {
    const date = londonDate(days);
    const day = new Date(`${date}T12:00:00Z`).getUTCDay();
    if (day >= 1 && day <= 5) return date;
  }
  return londonDate(min);
}

/** London date, 12-hour text hour and 5-minute minute `minutes` from now (for a pickup inside the grace time). */
export function londonSoon(minutes: number): { date: string; hour: string; min: string } {
  const at = new Date(Date.now() + minutes * 60_000);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const hour = Number(parts.hour);
  const hour12 = `${hour % 12 === 0 ? 12 : hour % 12}${hour < 12 ? 'am' : 'pm'}`;
  return { date: `${parts.year}-${parts.month}-${parts.day}`, hour: hour12, min: String(Math.floor(Number(parts.minute) / 5) * 5).padStart(2, '0') };
}
