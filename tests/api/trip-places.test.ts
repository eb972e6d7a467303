import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingPayload, quoteFor } from '../helpers/booking.ts';
import { KEY_HEADERS, startTestProvider, testDatabaseKind, type TestProvider } from '../helpers/provider.ts';

/** Issue 30 item 7: wherever a booking's trip is written out, pick-up, then the stops in order, then drop-off. */
describe(`the trip's places in order on ${testDatabaseKind}`, () => {
  let provider: TestProvider;
  beforeAll(async () => {
    provider = await startTestProvider();
  });
  afterAll(() => provider.dispose());

  it("the confirmation mail, the operator's notice and the attached .ics list pick-up, stops in order, drop-off, no address doubled", async () => {
    const stops = [
      { street_name: 'Praed Street', number: '', postcode: 'W2 1HB' },
      { street_name: 'Baker Street, London', number: '', postcode: 'London' },
    ];
    const { form, row } = await quoteFor(provider, { stops });
    const response = await provider.fastify.inject({ method: 'POST', url: '/api/v1/booking', headers: KEY_HEADERS, payload: bookingPayload(form, row) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.bookingStops.map((stop: { stop_address: string }) => stop.stop_address)).toEqual(['Praed Street, W2 1HB', 'Baker Street, London']);
    const { rows } = await provider.db.query<{ kind: string; text_body: string; attachments: { content: string }[] | string }>(
      "SELECT kind, text_body, attachments FROM mail_outbox WHERE kind IN ('booking_confirmation', 'booking_notice') ORDER BY kind",
    );
    expect(rows.map((mail) => mail.kind)).toEqual(['booking_confirmation', 'booking_notice']);
    for (const mail of rows) {
      // The mail's text aligns its values: 'Stop 1:              Praed Street…'.
      const at = (text: string) => mail.text_body.replace(/: +/g, ': ').indexOf(text);
      expect(at('Pick-up: Heathrow Airport Terminal 5'), mail.text_body).toBeGreaterThan(-1);
      expect(at('Stop 1: Praed Street, W2 1HB')).toBeGreaterThan(at('Pick-up: Heathrow'));
      expect(at('Stop 2: Baker Street, London')).toBeGreaterThan(at('Stop 1:'));
      expect(at('Drop-off: The Savoy')).toBeGreaterThan(at('Stop 2:'));
      expect(mail.text_body).not.toContain('London, London');
    }
    const attachments = rows[0].attachments;
    const calendar = (typeof attachments === 'string' ? JSON.parse(attachments) : attachments)[0].content.replace(/\r\n[ \t]/g, '');
    const description = /DESCRIPTION:(.*)/.exec(calendar)![1];
    expect(description).toContain(
      'Pick-up: Heathrow Airport Terminal 5\\, Hounslow TW6 2GA\\nStop 1: Praed Street\\, W2 1HB\\nStop 2: Baker Street\\, London\\nDrop-off: The Savoy\\, Strand\\, London WC2R 0EZ',
    );
  });
});
