import * as yup from 'yup';
import { VALIDATION } from '../../lib/validation-messages.ts';

export interface LoginValues {
  Id: string;
  Password: string;
}

export const loginSchema = yup.object({
  Id: yup.string().trim().required(VALIDATION.required.id),
  Password: yup.string().required(VALIDATION.required.id),
});
