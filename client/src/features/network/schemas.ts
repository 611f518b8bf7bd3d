/**
 * Rules of the provider, DICOM user and send destination dialogs: the node rule of @pacs/common
 * (`nodeFieldProblem`, spec 1 §5 ae_title, ip_address, port) and not_exist_user, with translated
 * messages. The server checks the same rules again; these explain early.
 */
import * as yup from 'yup';
import { MESSAGES, isNotExisting, nodeFieldProblem } from '@pacs/common';
import { ACCOUNTS_ADMIN_MESSAGES as M, LIMITS, maxLength, type Translate } from '../roles/index.ts';
import { NETWORK_MESSAGES } from './messages.ts';
import type { DicomUser, DicomUserInput, Provider, ProviderInput, SendDestination, SendDestinationInput } from './types.ts';

type NodeRule = Parameters<typeof nodeFieldProblem>[0];

const INVALID = { AETitle: M.ae_title, IPAddress: NETWORK_MESSAGES.ip_address, Port: NETWORK_MESSAGES.port } as const;

/** A text field under the shared node rule; an invalid value is explained by what the rule wants. */
export function nodeField(intl: Translate, rule: NodeRule) {
  return yup.string().test('node-field', (value, context) => {
    const problem = nodeFieldProblem(rule, value);
    if (!problem) return true;
    return context.createError({ message: intl.formatMessage(problem === MESSAGES.required ? M.required : INVALID[rule]) });
  });
}

export interface ProviderValues {
  Name: string;
  AETitle: string;
  Port: string;
  AllowAnonymousUsers: boolean;
}

export function providerSchema(intl: Translate) {
  return yup.object({
    Name: maxLength(intl, LIMITS.name),
    AETitle: nodeField(intl, 'AETitle'),
    Port: nodeField(intl, 'Port'),
  });
}

export function providerValues(provider: Provider): ProviderValues {
  return {
    Name: provider.Name,
    AETitle: provider.AETitle,
    Port: String(provider.Port),
    AllowAnonymousUsers: provider.AllowAnonymousUsers,
  };
}

export function providerInput(values: ProviderValues): ProviderInput {
  return { ...values, Name: values.Name.trim(), Port: Number(values.Port) };
}

/** Whether saving these values restarts the DICOM service (the adapter restarts Orthanc for these three). */
export function restartsDicomService(provider: Provider, values: ProviderValues): boolean {
  return (
    values.AETitle !== provider.AETitle ||
    Number(values.Port) !== provider.Port ||
    values.AllowAnonymousUsers !== provider.AllowAnonymousUsers
  );
}

export interface DicomUserValues {
  /** The provider number as the select holds it. */
  Provider: string;
  Name: string;
  AETitle: string;
  IPAddress: string;
  Port: string;
}

/** not_exist_user: an AE title is unique within its provider (case-insensitive). */
export function dicomUserSchema(intl: Translate, users: readonly DicomUser[], editingNo?: number) {
  return yup.object({
    Provider: yup.string().required(intl.formatMessage(M.required)),
    Name: maxLength(intl, LIMITS.name),
    AETitle: nodeField(intl, 'AETitle').test('not-exist-user', intl.formatMessage(M.already_exists), (value, context) => {
      const provider = Number(context.parent.Provider);
      const others = users.filter((user) => user.No !== editingNo && user.Provider === provider).map((user) => user.AETitle);
      return isNotExisting(value, others);
    }),
    IPAddress: nodeField(intl, 'IPAddress'),
    Port: nodeField(intl, 'Port'),
  });
}

export function dicomUserValues(user: DicomUser | undefined, defaultProvider: number | undefined): DicomUserValues {
  return {
    Provider: user ? String(user.Provider) : defaultProvider === undefined ? '' : String(defaultProvider),
    Name: user?.Name ?? '',
    AETitle: user?.AETitle ?? '',
    IPAddress: user?.IPAddress ?? '',
    Port: user ? String(user.Port) : '',
  };
}

export function dicomUserInput(values: DicomUserValues): DicomUserInput {
  return { ...values, Provider: Number(values.Provider), Name: values.Name.trim(), Port: Number(values.Port) };
}

export type DestinationValues = Omit<SendDestinationInput, 'Port'> & { Port: string };

export function destinationSchema(intl: Translate) {
  return yup.object({
    Name: maxLength(intl, LIMITS.name).trim().required(intl.formatMessage(M.required)),
    IPAddress: nodeField(intl, 'IPAddress'),
    Port: nodeField(intl, 'Port'),
    CalledAETitle: nodeField(intl, 'AETitle'),
    CallingAETitle: nodeField(intl, 'AETitle'),
  });
}

/** A new destination introduces itself with the provider's AE title unless told otherwise. */
export function destinationValues(destination: SendDestination | undefined, callingAeTitle = ''): DestinationValues {
  return {
    Name: destination?.Name ?? '',
    IPAddress: destination?.IPAddress ?? '',
    Port: destination ? String(destination.Port) : '',
    CalledAETitle: destination?.CalledAETitle ?? '',
    CallingAETitle: destination?.CallingAETitle ?? callingAeTitle,
  };
}

export function destinationInput(values: DestinationValues): SendDestinationInput {
  return { ...values, Name: values.Name.trim(), Port: Number(values.Port) };
}
