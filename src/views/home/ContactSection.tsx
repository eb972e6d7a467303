import type { ReactNode } from 'react';
import { HEAD_OFFICE_ADDRESS } from '../../../contract/operator.ts';
import { telHref } from '../../app/navigation.ts';
import { useSetting } from '../../app/useSettings.ts';
import { EmailText } from '../../components/EmailText.tsx';
import { IconMail, IconMapPin, IconPhone } from '../../components/icons.tsx';
import { Text } from '../../components/plain/Text.tsx';
import { Section } from '../../components/Section.tsx';
import classes from './Contact.module.css';
import iconClasses from './IconTile.module.css';

function ContactItem({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className={classes.item}>
      <div className={iconClasses.tile}>{icon}</div>
      <div className={classes.text}>
        <Text size="sm" dimmed>
          {label}
        </Text>
        {children}
      </div>
    </div>
  );
}

/** The contact section (SHOW_COMPANY_CONTACT_SECTION): 24/7 phone, e-mail and the head-office address. */
export function ContactSection() {
  const phone = useSetting('Company_Contact_Info');
  const email = useSetting('FROM_EMAIL');
  return (
    <Section id="contact" tone="muted" eyebrow="Contact" title="We're here to help, day and night">
      <div className={classes.grid}>
        {phone && (
          <ContactItem icon={<IconPhone size={22} />} label="Call us 24/7">
            <a href={telHref(phone)} className={`${classes.link} ${classes.large}`}>
              {phone}
            </a>
          </ContactItem>
        )}
        {email && (
          <ContactItem icon={<IconMail size={22} />} label="E-mail">
            <a href={`mailto:${email}`} className={`${classes.link} ${classes.breakable}`}>
              <EmailText email={email} />
            </a>
          </ContactItem>
        )}
        <ContactItem icon={<IconMapPin size={22} />} label="Head office">
          <Text weight={600}>{HEAD_OFFICE_ADDRESS}</Text>
        </ContactItem>
      </div>
    </Section>
  );
}
