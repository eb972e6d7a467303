import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Paper.css';
import { Alert, Button, Container, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { QUOTE_OFFER_UNKNOWN } from '../../../contract/consoleEnquiries.ts';
import { selectError, selectRetryable, selectStage } from '../../../machines/quoteOffer/index.ts';
import { useSetting } from '../../app/useSettings.ts';
import { IconInfo } from '../../components/icons.tsx';
import { quoteOfferLogic, readQuoteOfferInput, type QuoteOfferActor } from '../../app/quoteOffer/quoteOfferLogic.ts';
import classes from './QuoteOffer.module.css';
import { CallButton } from '../../components/CallButton.tsx';

/** The operator's phone (setting Company_Contact_Info), or null when the operator has none. */
function useOperatorPhone(): string | null {
  return useSetting('Company_Contact_Info')?.trim() || null;
}

function Opening() {
  return (
    <div className={classes.centered} style={{ paddingBlock: 'var(--mantine-spacing-xl)' }}>
      <Loader aria-hidden="true" />
      <Text role="status">Opening your quote…</Text>
    </div>
  );
}

/** The link is unknown, another site's or expired: the contract's message, the operator's phone, a new quote. */
function Unknown() {
  const phone = useOperatorPhone();
  const companyName = useSetting('Company_Name')?.trim() || 'us';
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} className={classes.centered} data-testid="quote-offer-unknown">
      <ThemeIcon size={56} radius="xl" color="orange" variant="light" aria-hidden="true">
        <IconInfo size={30} />
      </ThemeIcon>
      <Title order={1} size="h2">
        We can&apos;t open this quote
      </Title>
      <Text data-testid="quote-offer-message">{QUOTE_OFFER_UNKNOWN}</Text>
      {phone && (
        <Text c="dimmed" size="sm">
          To book by phone, call {companyName} on {phone}.
        </Text>
      )}
      <div className={classes.actions}>
        <Button component={Link} href="/quoteView" size="md">
          Ask for a new quote
        </Button>
        <Button component={Link} href="/" variant="default" size="md">
          Search again
        </Button>
        {phone && <CallButton phone={phone} variant="default" />}
      </div>
    </Paper>
  );
}

function Failed({ actor }: { actor: QuoteOfferActor }) {
  const error = useSelector(actor, selectError);
  const retryable = useSelector(actor, selectRetryable);
  const phone = useOperatorPhone();
  return (
    <Alert color="red" variant="light" role="alert" title="Your quote could not be opened" data-testid="quote-offer-failed">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{error}</Text>
        <div className={classes.actions} style={{ justifyContent: 'flex-start' }}>
          {retryable && (
            <Button variant="default" size="md" onClick={() => actor.send({ type: 'retry' })}>
              Try again
            </Button>
          )}
          {phone && <CallButton phone={phone} variant="default" />}
        </div>
      </Stack>
    </Alert>
  );
}

/**
 * /quote-offer (issue 17): the page a quote offer's mailed link opens (`#token=…`). It renders the state of
 * machines/quoteOffer: opening (also while the booking step loads), unknown or expired, failed with a retry. Rendered
 * in the browser only: it needs the link's token, which the machine drops from the address before its one call.
 */
export function QuoteOfferView() {
  const actor = useActorRef(quoteOfferLogic, { input: readQuoteOfferInput() });
  const stage = useSelector(actor, selectStage);
  return (
    <Container size="sm" py={{ base: 'lg', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }} data-screen="quote-offer" data-stage={stage}>
      {stage === 'loading' && <Opening />}
      {stage === 'unknown' && <Unknown />}
      {stage === 'failed' && <Failed actor={actor} />}
    </Container>
  );
}
