import '@mantine/core/styles/Alert.css';
import { Alert, Box, Container, Text, Title } from '@mantine/core';
import { telHref } from '../../app/navigation.ts';
import { AppActor } from '../../app/appLogic.ts';
import { useSetting } from '../../app/useSettings.ts';
import { FleetGrid } from '../../components/fleet/FleetGrid.tsx';
import { ContactForm } from '../contact/ContactForm.tsx';
import classes from './OurFleetView.module.css';

/** /ourfleet: the fleet cards, then the Contact Us form (route table: the page also shows that form). */
export function OurFleetView() {
  const failed = AppActor.useSelector((s) => s.matches({ fleet: 'failed' }) || (s.matches({ fleet: 'ready' }) && s.context.fleet.length === 0));
  const phone = useSetting('Company_Contact_Info');
  return (
    <>
      <Box className={classes.header}>
        <Container size="lg">
          <Title order={1}>Our Fleet</Title>
          <Text c="dimmed" mt="xs" maw={620}>
            Every vehicle category we offer, with how many passengers and bags it takes. You choose the vehicle when you see your prices.
          </Text>
        </Container>
      </Box>
      <Container size="lg" py={{ base: 'xl', sm: 48 }}>
        {failed ? (
          <Alert variant="light" color="gray" title="The fleet is not available right now">
            {phone ? (
              <>
                Please call us on <a href={telHref(phone)}>{phone}</a> and we will find the right vehicle for you.
              </>
            ) : (
              'Please try again in a moment.'
            )}
          </Alert>
        ) : (
          <FleetGrid />
        )}
        <Box mt={{ base: 'xl', sm: 56 }} maw={720}>
          <ContactForm />
        </Box>
      </Container>
    </>
  );
}
