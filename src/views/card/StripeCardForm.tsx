import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Alert.css';
import { Alert, Input, Skeleton, Stack } from '@mantine/core';
import { CardCvcElement, CardExpiryElement, CardNumberElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripeCardNumberElementChangeEvent, StripeElementChangeEvent, StripeElementStyle } from '@stripe/stripe-js';
import { useEffect, useState } from 'react';
import { CARD_MESSAGES } from '../../payments/cardFields.ts';
import { loadStripeFor } from '../../payments/stripeLoader.ts';
import type { CardFormProps } from './CardForm.tsx';
import { PayNowButton } from './PayNowButton.tsx';
import classes from './Card.module.css';

type Field = 'number' | 'expiry' | 'cvc';

const INCOMPLETE: Record<Field, string> = {
  number: CARD_MESSAGES.numberIncomplete,
  expiry: CARD_MESSAGES.expiryIncomplete,
  cvc: CARD_MESSAGES.cvcIncomplete,
};

/** Stripe's fields drawn in the site's type and colours (they live in Stripe's iframes, so no CSS reaches them). */
const STYLE: StripeElementStyle = {
  base: {
    fontSize: '16px',
    color: '#1f2933',
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    '::placeholder': { color: '#8a94a0' },
  },
  invalid: { color: '#c92a2a', iconColor: '#c92a2a' },
};

interface FieldState {
  complete: boolean;
  error: string | null;
  focused: boolean;
}

const EMPTY: FieldState = { complete: false, error: null, focused: false };

function StripeFields({ amount, canSubmit, processing, succeeded, onSubmit }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [fields, setFields] = useState<Record<Field, FieldState>>({ number: EMPTY, expiry: EMPTY, cvc: EMPTY });
  const [submitted, setSubmitted] = useState(false);

  const onChange = (field: Field) => (event: StripeElementChangeEvent | StripeCardNumberElementChangeEvent) =>
    setFields((f) => ({ ...f, [field]: { ...f[field], complete: event.complete, error: event.error?.message ?? null } }));
  const onFocus = (field: Field, focused: boolean) => () => setFields((f) => ({ ...f, [field]: { ...f[field], focused } }));

  const order = ['number', 'expiry', 'cvc'] as const;
  const fieldError = order.map((field) => fields[field].error).find(Boolean) ?? (submitted ? order.filter((field) => !fields[field].complete).map((field) => INCOMPLETE[field])[0] : undefined);

  const box = (field: Field) => ({
    className: classes.stripeField,
    'data-focused': fields[field].focused || undefined,
    'data-invalid': fields[field].error || (submitted && !fields[field].complete) ? true : undefined,
  });
  const options = { style: STYLE, disabled: processing || succeeded };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setSubmitted(true);
        const element = elements?.getElement(CardNumberElement);
        if (!canSubmit || !stripe || !element) return;
        if (order.some((field) => !fields[field].complete || fields[field].error)) return;
        onSubmit({ kind: 'stripe', stripe, element });
      }}
    >
      <Stack gap="md">
        <Input.Wrapper label="Card Number" id="stripe-card-number">
          <div {...box('number')}>
            <CardNumberElement id="stripe-card-number" options={{ ...options, showIcon: true, placeholder: '1234 1234 1234 1234' }} onChange={onChange('number')} onFocus={onFocus('number', true)} onBlur={onFocus('number', false)} />
          </div>
        </Input.Wrapper>
        <div className={classes.row}>
          <Input.Wrapper label="Expiry Date" id="stripe-card-expiry">
            <div {...box('expiry')}>
              <CardExpiryElement id="stripe-card-expiry" options={options} onChange={onChange('expiry')} onFocus={onFocus('expiry', true)} onBlur={onFocus('expiry', false)} />
            </div>
          </Input.Wrapper>
          <Input.Wrapper label="CVC" id="stripe-card-cvc">
            <div {...box('cvc')}>
              <CardCvcElement id="stripe-card-cvc" options={options} onChange={onChange('cvc')} onFocus={onFocus('cvc', true)} onBlur={onFocus('cvc', false)} />
            </div>
          </Input.Wrapper>
        </div>
        {fieldError && (
          <Alert color="red" variant="light" radius="md" role="alert" data-testid="card-error">
            {fieldError}
          </Alert>
        )}
        <PayNowButton processing={processing} succeeded={succeeded} disabled={!canSubmit || !stripe} amount={amount} />
      </Stack>
    </form>
  );
}

/**
 * The Stripe card fields (Stripe.js CardNumberElement, CardExpiryElement, CardCvcElement): Stripe.js is fetched from
 * Stripe only when this lazy component mounts, i.e. on a card form with the Stripe processor.
 */
export function StripeCardForm({ publishableKey, ...form }: CardFormProps & { publishableKey: string }) {
  const [stripe, setStripe] = useState<Stripe | null | undefined>(undefined);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setStripe(undefined);
    loadStripeFor(publishableKey).then(
      (instance) => live && setStripe(instance),
      () => live && setStripe(null),
    );
    return () => {
      live = false;
    };
  }, [publishableKey, attempt]);

  if (stripe === undefined) {
    return (
      <Stack gap="md" role="progressbar" aria-busy="true" aria-label="Loading the secure card form">
        <Skeleton height={64} radius="md" />
        <Skeleton height={64} radius="md" />
        <Skeleton height={50} radius="md" />
      </Stack>
    );
  }
  if (stripe === null) {
    return (
      <Alert color="red" variant="light" radius="md" role="alert" title="The secure card form could not load">
        Please check your connection and{' '}
        <button type="button" onClick={() => setAttempt((n) => n + 1)} style={{ all: 'unset', cursor: 'pointer', textDecoration: 'underline' }}>
          try again
        </button>
        .
      </Alert>
    );
  }
  return (
    <Elements stripe={stripe} options={{ locale: 'en-GB' }}>
      <StripeFields {...form} />
    </Elements>
  );
}
