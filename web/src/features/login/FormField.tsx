import type { InputHTMLAttributes, ReactNode } from 'react';

interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  id: string;
  label: string;
  error?: string;
  /** Rendered inside the input box, after the input (e.g. a show-password toggle). */
  suffix?: ReactNode;
  /** Rendered beside the input box (e.g. a send-code button). */
  addon?: ReactNode;
}

/** A labelled input with its validation message. */
export function FormField({ id, label, error, suffix, addon, className, ...input }: FormFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className={`bh-field${error ? ' bh-field--invalid' : ''}`}>
      <label className="bh-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="bh-field__row">
        <div className="bh-field__box">
          <input
            id={id}
            className={`bh-field__input${className ? ` ${className}` : ''}`}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            {...input}
          />
          {suffix}
        </div>
        {addon}
      </div>
      <div className="bh-field__error" id={errorId} role={error ? 'alert' : undefined}>
        {error}
      </div>
    </div>
  );
}
