import { COPYRIGHT_YEAR, HEAD_OFFICE_ADDRESS } from '../../contract/operator.ts';
import { selectCompanies } from '../../machines/app/app.selectors.ts';
import { IconMail, IconMapPin, IconPhone } from '../components/icons.tsx';
import { EmailText } from '../components/EmailText.tsx';
import { LogoMark } from '../components/Logo.tsx';
import { Container, Text } from '../components/plain/Text.tsx';
import { AppActor } from './appLogic.ts';
import { telHref } from './navigation.ts';
import { useSettings } from './useSettings.ts';
import classes from './Footer.module.css';

/** The footer of spec §1/§2 (shown when SHOW_FOOTER_PAGE is enable): operator companies, e-mail, head office, © 2024. */
export function Footer() {
  const settings = useSettings();
  const companies = AppActor.useSelector(selectCompanies);
  const companyName = settings.Company_Name;
  const email = settings.FROM_EMAIL;
  const phone = settings.Company_Contact_Info;

  return (
    <footer className={classes.footer}>
      <Container>
        <div className={classes.columns}>
          <div>
            <div className={classes.brand}>
              <LogoMark size={32} />
              {companyName && <span>{companyName}</span>}
            </div>
            <Text size="sm" className={`${classes.muted} ${classes.tagline}`}>
              Taxi and private-hire bookings across London and the UK, 24 hours a day.
            </Text>
            {phone && (
              <a href={telHref(phone)} className={classes.contactLine}>
                <IconPhone size={16} />
                {phone}
              </a>
            )}
          </div>

          {companies.length > 0 && (
            <div>
              <h2 className={classes.heading}>Our operators</h2>
              <ul className={classes.list}>
                {companies.map((entry) => (
                  <li key={entry.id}>{entry.company.company_name}</li>
                ))}
              </ul>
            </div>
          )}

          <div>
            <h2 className={classes.heading}>Contact</h2>
            {email && (
              <a href={`mailto:${email}`} className={classes.contactLine}>
                <IconMail size={16} />
                <span>
                  <EmailText email={email} />
                </span>
              </a>
            )}
            <p className={classes.address}>
              <IconMapPin size={16} />
              <span>{HEAD_OFFICE_ADDRESS}</span>
            </p>
          </div>
        </div>

        <div className={classes.bottom}>
          <Text size="xs" className={classes.muted}>
            © {COPYRIGHT_YEAR}
            {companyName ? ` ${companyName}. All rights reserved.` : ''}
          </Text>
        </div>
      </Container>
    </footer>
  );
}
