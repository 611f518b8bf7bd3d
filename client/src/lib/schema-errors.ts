/** Reads a yup schema's verdict as the forms show it: the first message per field, {} when valid. */
import { ValidationError } from 'yup';

/** The first message per field, or {} when valid. */
export async function errorsOf(schema: { validate: (value: unknown, options: object) => Promise<unknown> }, value: unknown) {
  try {
    await schema.validate(value, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const result: Record<string, string> = {};
    for (const inner of error.inner) if (inner.path && !(inner.path in result)) result[inner.path] = inner.message;
    return result;
  }
}
