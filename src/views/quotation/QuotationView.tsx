/**
 * /quotationview (spec §2 Quotation): the booking summary panel, the Lowest Price block first in multi-operator
 * mode, the vehicle cards in a list or grid (list by default), and Back to /. Everything shown is the booking
 * machine's: its price list (already checked for capacity and the cheapest-company mode), quantities and layout.
 */
import { Button, Container, Text, Title, UnstyledButton } from '@mantine/core';
import { selectLayout, selectLowestPrice, selectPriceDetails } from '../../../machines/booking/booking.selectors.ts';
import { lowestPriced, unitPrice } from '../../../machines/booking/booking.pricing.ts';
import type { QuotationLayout } from '../../../machines/booking/booking.context.ts';
import type { PriceDetail } from '../../../contract/booking.ts';
import { storageUrl } from '../../app/storageUrl.ts';
import { Booking } from '../../app/booking/BookingContext.ts';
import { useEnabled, useSetting } from '../../app/useSettings.ts';
import { BookingStepper } from '../../components/booking/BookingStepper.tsx';
import { BookingSummary } from '../../components/booking/BookingSummary.tsx';
import { PrevNext } from '../../components/booking/PrevNext.tsx';
import { formatMoney } from '../confirmation/format.ts';
import { Stars, VehicleCard } from './VehicleCard.tsx';
import classes from './Quotation.module.css';

const LAYOUTS: { value: QuotationLayout; label: string }[] = [
  { value: 'list', label: 'List' },
  { value: 'grid', label: 'Grid' },
];

function LowestPriceBlock({ vehicle, currency }: { vehicle: PriceDetail; currency: string }) {
  const booking = Booking.useActorRef();
  return (
    <section className={classes.lowest} aria-labelledby="lowest-title" data-testid="lowest-price">
      <img className={classes.lowestImage} src={storageUrl(vehicle.vehicle_image)} alt="" width={120} height={60} decoding="async" />
      <div className={classes.lowestText}>
        <Text id="lowest-title" className={classes.lowestTitle}>
          Lowest Price
        </Text>
        <Text fw={700}>{vehicle.vehicle_type}</Text>
        <Text size="sm" c="dimmed">
          {vehicle.company_name} <Stars rating={vehicle.rating} />
        </Text>
      </div>
      <div className={classes.lowestBuy}>
        <span className={classes.total}>{formatMoney(unitPrice(vehicle), currency)}</span>
        <Button onClick={() => booking.send({ type: 'vehicle.book', vehicle: { vehicle_id: vehicle.vehicle_id, company_id: vehicle.company_id }, kind: 'lowest' })} data-testid="book-lowest">
          Book Now
        </Button>
      </div>
    </section>
  );
}

/** The cheapest priced vehicle of each company (for the 'Cheapest Price of a Company' badge). */
function cheapestPerCompany(list: PriceDetail[]): Set<string> {
  const best = new Map<number, PriceDetail>();
  for (const v of list) if (v.price > 0 && (!best.has(v.company_id) || unitPrice(v) < unitPrice(best.get(v.company_id)!))) best.set(v.company_id, v);
  return new Set([...best.values()].map((v) => `${v.vehicle_id}-${v.company_id}`));
}

export function QuotationView() {
  const booking = Booking.useActorRef();
  const list = Booking.useSelector(selectPriceDetails);
  const lowest = Booking.useSelector(selectLowestPrice);
  const layout = Booking.useSelector(selectLayout);
  const busy = Booking.useSelector((s) => s.hasTag('busy'));
  const currency = useSetting('CURRENCY') ?? '£';
  const multipleOperators = useEnabled('MULTIPLE_OPERATORS');
  if (!list) return null;

  const companies = new Set(list.map((v) => v.company_id)).size;
  const cheapest = companies > 1 ? cheapestPerCompany(list) : new Set<string>();
  const lowestKey = lowestPriced(list);

  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }} data-screen="quotation">
      <BookingStepper />
      <div className={classes.layout}>
        <div className={classes.main}>
          <header className={classes.head}>
            <div>
              <Title order={1} size="h2">
                Quotation
              </Title>
              <Text c="dimmed" mt={4}>
                {list.length === 0
                  ? 'No vehicle fits this trip.'
                  : `${list.length} ${list.length === 1 ? 'vehicle' : 'vehicles'} for your trip. Choose one to book.`}{' '}
                {companies > 1 && (
                  <span className={classes.tag} data-tone="multiple">
                    Multiple Companies
                  </span>
                )}
              </Text>
            </div>
            <div className={classes.layoutToggle} role="radiogroup" aria-label="Layout">
              {LAYOUTS.map((option) => (
                <UnstyledButton key={option.value} role="radio" aria-checked={layout === option.value} onClick={() => booking.send({ type: 'layout.change', layout: option.value })}>
                  {option.label}
                </UnstyledButton>
              ))}
            </div>
          </header>

          {multipleOperators && lowest && <LowestPriceBlock vehicle={lowest} currency={currency} />}

          {list.length === 0 ? (
            <div className={classes.empty}>
              <Text>We could not price a vehicle for this trip online.</Text>
              <Button color="orange" mt="sm" onClick={() => booking.send({ type: 'vehicle.contact' })}>
                Contact Us
              </Button>
            </div>
          ) : (
            <div className={classes.cards} data-layout={layout} data-testid="vehicle-cards" aria-busy={busy}>
              {list.map((vehicle) => {
                const key = `${vehicle.vehicle_id}-${vehicle.company_id}`;
                const isLowest = lowestKey !== null && lowestKey.vehicle_id === vehicle.vehicle_id && lowestKey.company_id === vehicle.company_id;
                return <VehicleCard key={key} vehicle={vehicle} layout={layout} currency={currency} badges={{ lowest: isLowest, cheapestOfCompany: !isLowest && cheapest.has(key) }} />;
              })}
            </div>
          )}
        </div>
        <aside className={classes.aside} aria-label="Your trip">
          <BookingSummary step="quotation" />
        </aside>
      </div>
      <PrevNext previous="/" previousLabel="Back" next="/personalDetailView" disabled={busy} />
    </Container>
  );
}
