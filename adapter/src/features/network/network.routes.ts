/**
 * The DICOM network (spec 3 §3, §7; issue 15).
 * - GET /providers/all                → [Provider {No, Name, AETitle, Port, AllowAnonymousUsers,
 *                                        Institution, Connector, user_items: [DicomUser]}]
 * - PATCH /providers/update           form No, Name, AETitle, Port, AllowAnonymousUsers; a change of
 *                                     AE title, port or anonymous access restarts Orthanc (a few seconds)
 * - POST /providers/create (+ Connector), DELETE /providers/delete?no=
 *                                     a connector's provider (connectors.routes.ts); 409 on premises:
 *                                     the archive has one DICOM port (Orthanc's)
 * - GET /users/all                    → [DicomUser {No, Provider, Connector, Name, AETitle, IPAddress, Port}]
 * - POST /users/create, PATCH /users/update (No + fields), DELETE /users/delete?no=
 *                                     AE title unique within the provider, case-insensitively (409 naming AETitle)
 * - GET /users/aetitles               → [string] the DICOM users' AE titles (the list's AE title lookup)
 * - GET /sendsettings/all             → [SendDestination {No, Name, IPAddress, Port, CalledAETitle, CallingAETitle}]
 * - POST /sendsettings/create, PATCH /sendsettings/update (No + fields), DELETE /sendsettings/delete?no=
 * - POST /dicomecho/request           IPAddress, Port, CallingAETitle, CalledAETitle → {TcpResult, Status, Message}
 * - POST /ping/send                   IPAddress, Count (1–10, default 3) → {IPAddress, Method, Replies}
 * - GET /dicomconnections/state       → {Maximum, Users: [DicomUser + Connected], Associations} (route not
 *                                     named by the spec; admin or dashboard, like the web connections)
 * Registering a DICOM user beyond MAX_DICOM_CONNECTIONS answers 403 dicom_connection_limit.
 * Every change is pushed to Orthanc at once (orthanc-network.ts).
 */
import type { Request } from 'express';
import { MESSAGES, PING_COUNT, nodeFieldProblem, type PermissionKey } from '@pacs/common';
import type { AnyRouteSpec } from '../../http/routes.ts';
import { invalid, optionalBool, optionalInt, optionalString, requiredInt } from '../../http/input.ts';
import { createProvider, deleteAnyProvider, updateAnyProvider } from './connectors.service.ts';
import { dicomEcho, ping } from './dicom-tools.ts';
import type { DicomUserFields, ProviderFields, SendDestinationFields } from './network.sql.ts';
import {
  createDicomUser,
  dicomConnectionState,
  createSendDestination,
  deleteDicomUser,
  deleteSendDestination,
  listDicomUsers,
  institutionScope,
  listProviders,
  listSendDestinations,
  updateDicomUser,
  updateSendDestination,
  userAeTitles,
} from './network.service.ts';

const KEY_MAX = 2_147_483_647;

/** A node field (AETitle, IPAddress, Port) under the shared rule; `name` is the form field. */
function nodeField(req: Request, name: string, rule: 'AETitle' | 'IPAddress' | 'Port'): string {
  const value = optionalString(req, name, 'body', 64)?.toString();
  const problem = nodeFieldProblem(rule, value);
  if (problem) throw invalid(name, problem);
  return value!;
}

function nameField(req: Request, name = 'Name', required = false): string {
  const value = (optionalString(req, name, 'body', 200) ?? '').trim();
  if (required && value === '') throw invalid(name, MESSAGES.required);
  return value;
}

export function readProvider(req: Request): ProviderFields {
  const allowAnonymous = optionalBool(req, 'AllowAnonymousUsers');
  if (allowAnonymous === undefined) throw invalid('AllowAnonymousUsers', MESSAGES.required);
  return {
    name: nameField(req),
    aeTitle: nodeField(req, 'AETitle', 'AETitle'),
    port: Number(nodeField(req, 'Port', 'Port')),
    allowAnonymous,
  };
}

function readUser(req: Request): DicomUserFields {
  return {
    provider: requiredInt(req, 'Provider', 1, KEY_MAX),
    name: nameField(req),
    aeTitle: nodeField(req, 'AETitle', 'AETitle'),
    ipAddress: nodeField(req, 'IPAddress', 'IPAddress'),
    port: Number(nodeField(req, 'Port', 'Port')),
  };
}

function readDestination(req: Request): SendDestinationFields {
  return {
    name: nameField(req, 'Name', true),
    ipAddress: nodeField(req, 'IPAddress', 'IPAddress'),
    port: Number(nodeField(req, 'Port', 'Port')),
    calledAeTitle: nodeField(req, 'CalledAETitle', 'AETitle'),
    callingAeTitle: nodeField(req, 'CallingAETitle', 'AETitle'),
  };
}

/** The forward dialog lists the destinations: administrators and those who may forward. */
const FORWARDERS: readonly PermissionKey[] = ['admin', 'list_forward'];
/** Who sees the connection tables (spec 1 §2: all, dashboard or admin). */
const CONNECTION_VIEWERS: readonly PermissionKey[] = ['admin', 'dashboard'];
/** The list's AE title lookup. */
const LIST_READERS: readonly PermissionKey[] = ['admin', 'list'];

export const networkRoutes: AnyRouteSpec[] = [
  {
    method: 'get',
    path: '/providers/all',
    access: 'admin',
    summary: "The archive's DICOM providers (AE title, port, anonymous access) with their DICOM users",
    handler: (_req, _res, { deps, auth }) => listProviders(deps.db, institutionScope(auth)),
  },
  {
    method: 'patch',
    path: '/providers/update',
    access: 'admin',
    summary: "Change a provider (the archive's own restarts Orthanc when its AE title, port or anonymous access changes)",
    handler: (req, _res, { deps, auth }) =>
      updateAnyProvider(deps, auth, requiredInt(req, 'No', 1, KEY_MAX), readProvider(req), optionalInt(req, 'Connector', 1, KEY_MAX)),
  },
  {
    method: 'post',
    path: '/providers/create',
    access: 'admin',
    summary: "Add a connector's provider (connector editions; 409 on premises)",
    handler: (req, _res, { deps, auth }) =>
      // Read after the edition's check: on premises any input gets the same 409.
      createProvider(deps, auth, () => ({ ...readProvider(req), connector: requiredInt(req, 'Connector', 1, KEY_MAX) })),
  },
  {
    method: 'delete',
    path: '/providers/delete',
    access: 'admin',
    summary: "Delete a connector's provider with its DICOM users (409 for the archive's own)",
    handler: async (req, _res, { deps, auth }) => {
      await deleteAnyProvider(deps, auth, requiredInt(req, 'no', 1, KEY_MAX, 'query'));
      return {};
    },
  },
  {
    method: 'get',
    path: '/users/all',
    access: 'admin',
    summary: 'DICOM users (modalities registered to store and query)',
    handler: (_req, _res, { deps, auth }) => listDicomUsers(deps.db, institutionScope(auth)),
  },
  {
    method: 'post',
    path: '/users/create',
    access: 'admin',
    summary: 'Register a DICOM user',
    handler: (req, _res, { deps, auth }) => createDicomUser(deps, readUser(req), institutionScope(auth)),
  },
  {
    method: 'patch',
    path: '/users/update',
    access: 'admin',
    summary: 'Change a DICOM user',
    handler: (req, _res, { deps, auth }) =>
      updateDicomUser(deps, requiredInt(req, 'No', 1, KEY_MAX), readUser(req), institutionScope(auth)),
  },
  {
    method: 'delete',
    path: '/users/delete',
    access: 'admin',
    summary: 'Delete a DICOM user',
    handler: async (req, _res, { deps, auth }) => {
      await deleteDicomUser(deps, requiredInt(req, 'no', 1, KEY_MAX, 'query'), institutionScope(auth));
      return {};
    },
  },
  {
    method: 'get',
    path: '/users/aetitles',
    access: LIST_READERS,
    summary: "The DICOM users' AE titles (merged with /studies/aetitles by the list)",
    handler: (_req, _res, { deps }) => userAeTitles(deps.db),
  },
  {
    method: 'get',
    path: '/sendsettings/all',
    access: FORWARDERS,
    summary: 'Send destinations',
    handler: (_req, _res, { deps }) => listSendDestinations(deps.db),
  },
  {
    method: 'post',
    path: '/sendsettings/create',
    access: 'admin',
    summary: 'Add a send destination',
    handler: (req, _res, { deps }) => createSendDestination(deps, readDestination(req)),
  },
  {
    method: 'patch',
    path: '/sendsettings/update',
    access: 'admin',
    summary: 'Change a send destination',
    handler: (req, _res, { deps }) => updateSendDestination(deps, requiredInt(req, 'No', 1, KEY_MAX), readDestination(req)),
  },
  {
    method: 'delete',
    path: '/sendsettings/delete',
    access: 'admin',
    summary: 'Delete a send destination',
    handler: async (req, _res, { deps }) => {
      await deleteSendDestination(deps, requiredInt(req, 'no', 1, KEY_MAX, 'query'));
      return {};
    },
  },
  {
    method: 'post',
    path: '/dicomecho/request',
    access: 'admin',
    summary: 'C-ECHO a DICOM node from the archive',
    handler: (req) =>
      dicomEcho({
        IPAddress: nodeField(req, 'IPAddress', 'IPAddress'),
        Port: Number(nodeField(req, 'Port', 'Port')),
        CallingAETitle: nodeField(req, 'CallingAETitle', 'AETitle'),
        CalledAETitle: nodeField(req, 'CalledAETitle', 'AETitle'),
      }),
  },
  {
    method: 'get',
    path: '/dicomconnections/state',
    access: CONNECTION_VIEWERS,
    summary: 'The DICOM connections: the maximum, the registered DICOM users and the open associations',
    handler: (_req, _res, { deps }) => dicomConnectionState(deps),
  },
  {
    method: 'post',
    path: '/ping/send',
    access: 'admin',
    summary: 'Ping an address from the archive (ICMP, or TCP where ICMP is not permitted)',
    handler: (req) => {
      const count = Number(optionalString(req, 'Count', 'body', 4) ?? PING_COUNT);
      if (!Number.isInteger(count) || count < 1 || count > 10) throw invalid('Count');
      return ping(nodeField(req, 'IPAddress', 'IPAddress'), count);
    },
  },
];
