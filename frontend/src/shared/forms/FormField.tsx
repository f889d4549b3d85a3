import type { ReactNode } from 'react';
import { Field } from '@chakra-ui/react';
import type { FieldError } from 'react-hook-form';

export interface FormFieldProps {
  label: string;
  /** The field's error from react-hook-form (the shared schema's message, or the server's via applyServerErrors). */
  error?: FieldError;
  required?: boolean;
  /** Shown under the input and announced with it (aria-describedby), e.g. a strength meter. */
  helper?: ReactNode;
  /** The input, e.g. `<Input {...form.register('email')} />`. */
  children: ReactNode;
}

/** One labelled form field with its error text: the pattern every form copies. */
export function FormField({ label, error, required = false, helper, children }: FormFieldProps) {
  return (
    <Field.Root required={required} invalid={Boolean(error)}>
      <Field.Label>
        {label}
        {required ? (
          <>
            {' '}
            <Field.RequiredIndicator />
          </>
        ) : null}
      </Field.Label>
      {children}
      {helper ? <Field.HelperText asChild><div>{helper}</div></Field.HelperText> : null}
      <Field.ErrorText>{error?.message}</Field.ErrorText>
    </Field.Root>
  );
}
