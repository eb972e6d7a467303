import { Anchor, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';
import { HEAD_OFFICE_ADDRESS } from '../../../contract/operator.ts';
import { telHref } from '../../app/navigation.ts';
import { useSetting } from '../../app/useSettings.ts';
import { EmailText } from '../../components/EmailText.tsx';
import { IconMail, IconMapPin, IconPhone } from '../../components/icons.tsx';
import { Section } from '../../components/Section.tsx';
import classes from './Contact.module.css';

function ContactItem({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className={classes.item}>
      <ThemeIcon size={44} radius="md" variant="light">
        {icon}
      </ThemeIcon>
      <div className={classes.text}>
        <Text size="sm" c="dimmed">
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
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        {phone && (
          <ContactItem icon={<IconPhone size={22} />} label="Call us 24/7">
            <Anchor href={telHref(phone)} fw={700} size="lg">
              {phone}
            </Anchor>
          </ContactItem>
        )}
        {email && (
          <ContactItem icon={<IconMail size={22} />} label="E-mail">
            <Anchor href={`mailto:${email}`} fw={700} className={classes.breakable}>
              <EmailText email={email} />
            </Anchor>
          </ContactItem>
        )}
        <ContactItem icon={<IconMapPin size={22} />} label="Head office">
          <Text fw={600}>{HEAD_OFFICE_ADDRESS}</Text>
        </ContactItem>
      </SimpleGrid>
    </Section>
  );
}
