import {
  useForm,
  type DefaultValues,
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  type RegisterOptions,
  type Resolver,
} from 'react-hook-form';
import type { Refusal } from '../../shared/errors';
import { messageOf } from '../i18n';

/**
 * A form's verdict: the first field its rules refuse and the words for it (`root` for a refusal
 * about no one field, said under the form), or null when it may be sent.
 */
export type FieldRefusal<F extends FieldValues> = { field: FieldPath<F> | 'root'; text: string } | null;

/**
 * A refusal of the shared rules, in the member's words, under the field its code is about (a form's
 * table of codes), or under the form when the code names none of its fields.
 */
export function refusalAt<F extends FieldValues>(
  refusal: Refusal | null,
  fieldOf: Partial<Record<Refusal['code'], FieldPath<F>>>,
): FieldRefusal<F> {
  if (!refusal) return null;
  return { field: fieldOf[refusal.code] ?? 'root', text: messageOf(refusal) };
}

/** A form's rules: the shared validator (src/shared/validation) and the field each of its refusals is about. */
export type FormCheck<F extends FieldValues, C> = (values: F, context: C) => FieldRefusal<F>;

/**
 * A react-hook-form resolver over a form's rules. The shared validators answer with one coded
 * refusal, the first rule broken, not a list of messages; so the form says one refusal at a time,
 * under its field.
 */
function refusalResolver<F extends FieldValues, C>(check: FormCheck<F, C>): Resolver<F, C> {
  return (values, context) => {
    const refused = check(values, context as C);
    if (!refused) return { values, errors: {} };
    const errors = { [refused.field]: { type: 'refused', message: refused.text } } as FieldErrors<F>;
    return { values: {}, errors };
  };
}

/**
 * Every form page's state (react-hook-form): values as typed, the rules checked on submit with the
 * first refusal said under its field and focus sent there (the library's shouldFocusError; a field
 * off-screen above the submit button is scrolled into view by the browser's focus), and that
 * refusal taken away as soon as the member edits the field, not re-judged at each key.
 *
 * `submit(send)` is the form's onSubmit, `field(name)` registers an input (TextField takes the ref),
 * `errorOf(name)` is its refusal, and `refuseAt(name, text)` says a refusal the form learns later
 * (the code's send) the same way.
 */
export function useRefusingForm<F extends FieldValues, C = undefined>(options: {
  defaultValues: DefaultValues<F>;
  check: FormCheck<F, C>;
  /** What the rules read beside the values (the chosen account, the balance...): read at each submit. */
  context?: C;
  /** The form's write (useWrite): what it said of the last attempt leaves when the rules refuse the next. */
  write?: { setError: (text: string | null) => void };
}) {
  const form = useForm<F, C>({
    defaultValues: options.defaultValues,
    context: options.context,
    resolver: refusalResolver(options.check),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: true,
  });
  const { register, clearErrors, setError, formState, handleSubmit } = form;
  const { write } = options;
  return {
    ...form,
    /** The form's submit: `send` runs with the values once the rules let them through. */
    submit: (send: (values: F) => Promise<void> | void) => handleSubmit(send, () => write?.setError(null)),
    field: (name: FieldPath<F>, more?: RegisterOptions<F, FieldPath<F>>) =>
      register(name, {
        ...more,
        onChange: (event: { target: unknown; type?: unknown }) => {
          clearErrors(name);
          return more?.onChange?.(event);
        },
      }),
    errorOf: (name: FieldPath<F> | 'root'): string | null => {
      const error = (formState.errors as Record<string, { message?: string } | undefined>)[name];
      return error?.message ?? null;
    },
    refuseAt: (name: FieldPath<F> | 'root', text: string) =>
      setError(name, { type: 'refused', message: text }, { shouldFocus: true }),
  };
}
