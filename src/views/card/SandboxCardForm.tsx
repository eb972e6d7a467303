import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Alert.css';
import { Alert, Anchor, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { cardBrand, cvcLength, cvcProblem, digitsOf, expiryProblem, formatCardNumber, formatExpiry, numberProblem, SANDBOX_CARD_LIST } from '../../payments/cardFields.ts';
import type { CardFormProps } from './CardForm.tsx';
import { PayNowButton } from './PayNowButton.tsx';
import classes from './Card.module.css';

type Field = 'number' | 'expiry' | 'cvc';

/** The test cards, each with what it does; a click fills the number in. */
function TestModeBanner({ onPick }: { onPick: (number: string) => void }) {
  return (
    <Alert color="yellow" variant="light" radius="md" title="TEST MODE" data-testid="test-mode-banner" styles={{ label: { color: "#5c4300" } }}>
      <Text size="sm">No real payment is taken. Use one of these test cards with any future expiry date and any 3-digit CVC:</Text>
      <ul className={classes.testCards}>
        {SANDBOX_CARD_LIST.map((card) => (
          <li key={card.number} className={classes.testCard}>
            <Anchor component="button" type="button" className={classes.testNumber} onClick={() => onPick(card.number)} aria-label={`Use test card ${card.number}`}>
              {card.number}
            </Anchor>
            <Text span size="xs" c="dimmed">
              {card.does}
            </Text>
          </li>
        ))}
      </ul>
    </Alert>
  );
}

function BrandMark({ number }: { number: string }) {
  const brand = cardBrand(number);
  return <img src={`/cards/${brand === 'unknown' ? 'generic' : brand}.svg`} alt="" width={30} height={20} style={{ display: 'block' }} />;
}

/**
 * The sandbox's own card fields (TEST MODE): number, expiry and cvc, formatted as typed, checked as Stripe.js checks
 * its fields (errors inline in an alert), handed to `onSubmit` on Pay Now. Nothing here is stored.
 */
export function SandboxCardForm({ amount, canSubmit, processing, succeeded, onSubmit }: CardFormProps) {
  const [card, setCard] = useState({ number: '', expiry: '', cvc: '' });
  const [touched, setTouched] = useState<Record<Field, boolean>>({ number: false, expiry: false, cvc: false });

  const problems: Record<Field, string | null> = {
    number: numberProblem(card.number),
    expiry: expiryProblem(card.expiry),
    cvc: cvcProblem(card.cvc, card.number),
  };
  const shown = (['number', 'expiry', 'cvc'] as const).find((field) => touched[field] && problems[field]);
  const touch = (field: Field) => setTouched((t) => ({ ...t, [field]: true }));

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!canSubmit) return;
        setTouched({ number: true, expiry: true, cvc: true });
        if (problems.number || problems.expiry || problems.cvc) return;
        onSubmit({ kind: 'sandbox', ...card });
      }}
    >
      <Stack gap="md">
        <TestModeBanner
          onPick={(number) => {
            setCard((c) => ({ ...c, number }));
            setTouched((t) => ({ ...t, number: true }));
          }}
        />
        <TextInput
          label="Card Number"
          name="cardnumber"
          autoComplete="cc-number"
          inputMode="numeric"
          placeholder="1234 1234 1234 1234"
          classNames={{ input: classes.cardInput }}
          value={card.number}
          onChange={(event) => {
            const number = formatCardNumber(event.currentTarget.value);
            setCard((c) => ({ ...c, number }));
          }}
          onBlur={() => card.number && touch('number')}
          error={touched.number && !!problems.number}
          rightSection={<BrandMark number={card.number} />}
          rightSectionWidth={44}
          disabled={processing || succeeded}
          aria-invalid={touched.number && !!problems.number}
        />
        <div className={classes.row}>
          <TextInput
            label="Expiry Date"
            name="cc-exp"
            autoComplete="cc-exp"
            inputMode="numeric"
            placeholder="MM / YY"
            classNames={{ input: classes.cardInput }}
            value={card.expiry}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setCard((c) => ({ ...c, expiry: formatExpiry(value, c.expiry) }));
            }}
            onBlur={() => card.expiry && touch('expiry')}
            error={touched.expiry && !!problems.expiry}
            disabled={processing || succeeded}
            aria-invalid={touched.expiry && !!problems.expiry}
          />
          <TextInput
            label="CVC"
            name="cvc"
            autoComplete="cc-csc"
            inputMode="numeric"
            placeholder={cardBrand(card.number) === 'amex' ? '1234' : '123'}
            maxLength={cardBrand(card.number) === 'unknown' ? 4 : cvcLength(cardBrand(card.number))}
            classNames={{ input: classes.cardInput }}
            value={card.cvc}
            onChange={(event) => {
              const value = digitsOf(event.currentTarget.value).slice(0, 4);
              setCard((c) => ({ ...c, cvc: value }));
            }}
            onBlur={() => card.cvc && touch('cvc')}
            error={touched.cvc && !!problems.cvc}
            disabled={processing || succeeded}
            aria-invalid={touched.cvc && !!problems.cvc}
          />
        </div>
        {shown && (
          <Alert color="red" variant="light" radius="md" role="alert" data-testid="card-error">
            {problems[shown]}
          </Alert>
        )}
        <PayNowButton processing={processing} succeeded={succeeded} disabled={!canSubmit} amount={amount} />
      </Stack>
    </form>
  );
}
