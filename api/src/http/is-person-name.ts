import { ValidateBy, type ValidationOptions } from 'class-validator';
import { nameProblem } from '../../../core/src/people/person-name.js';

/**
 * The property holds a person's name as core's rule has it (no link, markup or line break). `label` starts the
 * message ('tributeName cannot contain a web or e-mail address'). Non-strings are left to the type check.
 */
export function IsPersonName(label: string, options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isPersonName',
      validator: {
        validate: (value: unknown) => typeof value !== 'string' || nameProblem(value, label) === null,
        defaultMessage: (args) => nameProblem(String(args?.value ?? ''), label) ?? `${label} is not a name`,
      },
    },
    options,
  );
}
