import { useCallback, useRef, useState } from 'react';

/**
 * State of a form's text fields: the values, and for each field the name, value and onChange props to spread
 * on its input (`<TextField label="Email" {...form.field('email')} />`).
 */
export function useFormFields<T extends Record<string, string>>(initial: T) {
  const [values, setValues] = useState(initial);
  const first = useRef(initial);
  const field = (name: keyof T & string) => ({
    name,
    value: values[name],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
  });
  // reset(to) starts the form over from other values (a dialog reopened on a record that changed).
  const reset = useCallback((to?: T) => setValues(to ?? first.current), []);
  return { values, field, reset };
}
