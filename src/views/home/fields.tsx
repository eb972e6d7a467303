/**
 * The home form's fields: native inputs and selects with a label, an optional asterisk and an error line, drawn
 * like Mantine's inputs (Fields.module.css). Native selects and date inputs are right on phones (the system picker)
 * and keep Mantine's input code and a date library out of the home page. Errors are announced through
 * aria-invalid and aria-describedby.
 */
import { useId, type ReactNode, type Ref } from 'react';
import { HOURS_12, MINUTES } from '../../../machines/homeForm/homeForm.form.ts';
import { Button } from '../../components/plain/Button.tsx';
import classes from './Fields.module.css';

interface FieldFrameProps {
  id: string;
  label: ReactNode;
  required?: boolean;
  error?: string;
  className?: string;
  children: ReactNode;
}

function FieldFrame({ id, label, required, error, className, children }: FieldFrameProps) {
  return (
    <div className={className ? `${classes.field} ${className}` : classes.field}>
      <label className={classes.label} htmlFor={id} id={`${id}-label`}>
        {label}
        {required && (
          <span className={classes.required} aria-hidden="true">
            {' *'}
          </span>
        )}
      </label>
      {children}
      {error && (
        <div className={classes.error} id={`${id}-error`}>
          {error}
        </div>
      )}
    </div>
  );
}

const describedBy = (id: string, error?: string) => (error ? `${id}-error` : undefined);

export interface TextFieldProps {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  required?: boolean;
  className?: string;
  name?: string;
  id?: string;
  placeholder?: string;
  leftSection?: ReactNode;
  type?: 'text' | 'date';
  min?: string;
  autoComplete?: string;
  /** The input element (AddressField keeps the caret across its swap with it). */
  inputRef?: Ref<HTMLInputElement>;
  /** A sign the visitor means to use the field: the pointer over it or pressed on it, focus (AddressField loads its suggestions then). */
  onIntent?: () => void;
  'data-testid'?: string;
}

export function TextField({ label, value, onChange, error, required, className, name, id, placeholder, leftSection, type = 'text', min, autoComplete, inputRef, onIntent, 'data-testid': testId }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? `field-${generated}`;
  return (
    <FieldFrame id={inputId} label={label} required={required} error={error} className={className}>
      <div className={classes.wrapper}>
        {leftSection && <span className={`${classes.section} ${classes.left}`}>{leftSection}</span>}
        <input
          ref={inputRef}
          id={inputId}
          className={leftSection ? `${classes.input} ${classes.withLeft}` : classes.input}
          type={type}
          name={name}
          value={value}
          min={min}
          placeholder={placeholder}
          required={required}
          autoComplete={autoComplete}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(inputId, error)}
          data-testid={testId}
          onPointerEnter={onIntent}
          onPointerDown={onIntent}
          onFocus={onIntent}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      </div>
    </FieldFrame>
  );
}

interface SelectFieldProps {
  label: string;
  value: string;
  options: readonly string[];
  onChange: (value: string) => void;
  error?: string;
  className?: string;
  name?: string;
  labels?: (value: string) => string;
}

export function SelectField({ label, value, options, onChange, error, className, name, labels }: SelectFieldProps) {
  const id = `field-${useId()}`;
  return (
    <FieldFrame id={id} label={label} error={error} className={className}>
      <div className={classes.wrapper}>
        <select
          id={id}
          className={`${classes.input} ${classes.withRight}`}
          name={name}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error)}
          onChange={(event) => onChange(event.currentTarget.value)}
        >
          {value === '' && <option value="" disabled />}
          {options.map((option) => (
            <option key={option} value={option}>
              {labels ? labels(option) : option}
            </option>
          ))}
        </select>
        <span className={`${classes.section} ${classes.right}`}>
          <IconChevron />
        </span>
      </div>
    </FieldFrame>
  );
}

export function HourSelect(props: Omit<SelectFieldProps, 'options'>) {
  return <SelectField {...props} options={HOURS_12} />;
}

export function MinuteSelect(props: Omit<SelectFieldProps, 'options'>) {
  return <SelectField {...props} options={MINUTES} />;
}

interface DateFieldProps {
  label: string;
  value: string;
  min: string;
  onChange: (value: string) => void;
  error?: string;
  className?: string;
  name?: string;
}

/** YYYY-MM-DD in a native date input (the browser's own picker; no date library on the home page). */
export function DateField(props: DateFieldProps) {
  return <TextField {...props} type="date" required />;
}

function IconChevron() {
  return (
    <svg xmlns="http://www.w3.org/2000/svg" width={14} height={14} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2.2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="m6 9 6 6 6-6" />
    </svg>
  );
}

/** A cross: remove buttons. */
export function IconX({ size = 16 }: { size?: number }) {
  return (
    <svg xmlns="http://www.w3.org/2000/svg" width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" aria-hidden="true" focusable="false">
      <path d="M6 6l12 12M18 6 6 18" />
    </svg>
  );
}

/** A small square icon button (the remove crosses, the locate icon), named by its label. */
export function IconButton({ label, onClick, children, className, loading }: { label: string; onClick: () => void; children: ReactNode; className?: string; loading?: boolean }) {
  return (
    <Button variant="subtle" size="icon" className={className} aria-label={label} title={label} loading={loading} onClick={onClick}>
      {children}
    </Button>
  );
}

/** A crosshair: the locate icon. */
export function IconCrosshair({ size = 20 }: { size?: number }) {
  return (
    <svg xmlns="http://www.w3.org/2000/svg" width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="7" />
      <circle cx="12" cy="12" r="2.5" />
      <path d="M12 2v3M12 19v3M2 12h3M19 12h3" />
    </svg>
  );
}

export function IconPlus({ size = 16 }: { size?: number }) {
  return (
    <svg xmlns="http://www.w3.org/2000/svg" width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" aria-hidden="true" focusable="false">
      <path d="M12 5v14M5 12h14" />
    </svg>
  );
}
