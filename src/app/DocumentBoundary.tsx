import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { YES } from '../../contract/settings.ts';
import { runtimeConfig } from '../api/runtimeConfig.ts';
import { buttonLook } from '../components/plain/Button.tsx';
import { Container, Text, Title } from '../components/plain/Text.tsx';
import { DOCUMENT_PATH, framedByOutsider, pageKindOf, readDocumentFacts, type PageKind } from './documentPolicy.ts';
import { useSetting } from './useSettings.ts';
import classes from './DocumentBoundary.module.css';

/**
 * Around the routed views (src/app/routes.tsx): a route that is not a booking page, inside another site's frame,
 * shows FramedElsewhere instead of its view; a route whose kind of page this document's policy does not serve is
 * loaded as a new document (src/app/documentPolicy.ts). Without the server's meta tag (and on the server) the views
 * show as they are.
 */
export function DocumentBoundary({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  const [facts] = useState(readDocumentFacts);
  if (!facts) return children;
  const kind = pageKindOf(location, facts);
  if (kind !== 'booking' && framedByOutsider(runtimeConfig().embedOrigins)) return <FramedElsewhere kind={kind} />;
  if (!facts.serves.includes(kind) && window.location.pathname !== DOCUMENT_PATH) return <NewDocument />;
  return children;
}

/** Loads the current address as a new document, so the browser applies that page's own headers. */
function NewDocument() {
  useEffect(() => {
    window.location.reload();
  }, []);
  return null;
}

/**
 * An account page or the card page inside a frame that is not the operator's: it does not show there (clickjacking),
 * and says so. An account page opens in its own window. The card page cannot: the trip lives in this frame's storage,
 * which the browser keeps apart from the site's own when the frame is on another site, and a new window would start
 * without it (carrying it in the address would put the passenger's details in logs and history). So the visitor can
 * go back and pay in the car (when the operator offers it) or book again on the site in its own window.
 */
export function FramedElsewhere({ kind }: { kind: Exclude<PageKind, 'booking'> }) {
  const payInCar = useSetting('SHOWPAYINCAR') === YES;
  const card = kind === 'card';
  const href = card ? `${window.location.origin}/` : window.location.href;
  return (
    <Container className={classes.page} data-screen="framed-elsewhere">
      <div className={classes.card}>
        <Title order={1} className={classes.title}>
          {card ? 'Card payments open in their own window' : 'This page opens in its own window'}
        </Title>
        <Text dimmed className={classes.explanation}>
          {card
            ? 'For your security, card details are never taken inside another website. Your trip stays in this frame, so to pay by card, open the booking site in its own window and book there.'
            : 'For your security, sign-in and account pages are never shown inside another website.'}
        </Text>
        <div className={classes.actions}>
          <a {...buttonLook({ size: 'md' })} href={href} target="_blank" rel="noopener noreferrer">
            <span className={classes.buttonLabel}>{card ? 'Open the booking site in a new window' : 'Open in a new window'}</span>
          </a>
          {card && payInCar && (
            <Link {...buttonLook({ size: 'md', variant: 'default' })} href="/paymentview">
              <span className={classes.buttonLabel}>Pay in the car instead</span>
            </Link>
          )}
        </div>
      </div>
    </Container>
  );
}
