import { object, string } from 'yup';
import { VALIDATION } from '../../lib/validation-messages.ts';

/** Longest folder or template name (the toolbar's folder rule, spec 2 §9, applied to templates too). */
export const TEMPLATE_NAME_MAX = 50;

export interface TemplateValues {
  label: string;
  findings: string;
  impression: string;
  comments: string;
}

export const templateSchema = object({
  label: string().trim().required(VALIDATION.required.id),
  findings: string(),
  impression: string(),
  comments: string(),
});
