/** Gmail's domains: Gmail ignores dots in the local part, and googlemail.com is the same mailbox as gmail.com. */
const GMAIL = new Set(['gmail.com', 'googlemail.com']);

/**
 * The passenger a promo code's per-passenger cap counts (promo_code_uses.passenger_email): the e-mail address
 * trimmed and lower-cased, without a "+tag" in its local part (jane+1@example.com is jane@example.com: nearly every
 * provider delivers both to one mailbox). Dots are folded only for Gmail (j.ane@gmail.com is jane@gmail.com, and
 * googlemail.com is gmail.com), where Gmail itself ignores them; elsewhere j.ane and jane may be two people.
 */
export function promoPassengerKey(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL.has(domain)) {
    local = local.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}
