import { PlaceholderView } from '../../components/PlaceholderView.tsx';
import { ContactForm } from './ContactForm.tsx';

/** /contactus: the Contact Us form. */
export function ContactUsView() {
  return (
    <PlaceholderView screen="contact-us" title="Contact Us" description="Bookings, invoices, complaints or lost items: tell us what it is about and we will get back to you.">
      <div style={{ marginTop: 'var(--mantine-spacing-lg)' }}>
        <ContactForm />
      </div>
    </PlaceholderView>
  );
}
