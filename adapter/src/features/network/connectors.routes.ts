/**
 * Connectors (spec 3 §3, §7 "Connectors"; issue 15): the cloud and teleradiology editions' relays
 * at the hospital, each grouping the providers it listens on. Administrators only; 403 in the
 * other editions, which have no connectors.
 * - GET /connectors/all           → [Connector {No, Name, Id, Institution, KeyCreatedAt, provider_items}]
 * - POST /connectors/create       form Name, Institution → Connector + Key (the key, shown once)
 * - PATCH /connectors/update      form No, Name, Institution → Connector
 * - DELETE /connectors/delete?no= the connector, its providers and their DICOM users
 * - POST /connectors/key          form No → {No, Id, Key, KeyCreatedAt}: a new key, the old one
 *                                 stops working (route not named by the spec: the key dialog's)
 * - POST /connectors/settings     public, form Id, Key → Connector: what the connector listens on
 *                                 (the connector's own call; 401 for an unknown id or a wrong key)
 * The providers of a connector are created, changed and deleted through /providers (network.routes.ts).
 */
import type { Request } from 'express';
import { connectorNameProblem } from '@pacs/common';
import type { AnyRouteSpec } from '../../http/routes.ts';
import { invalid, optionalString, requiredInt, requiredString } from '../../http/input.ts';
import type { ConnectorFields } from './connectors.sql.ts';
import {
  connectorSettings,
  createConnector,
  deleteConnector,
  listConnectors,
  renewConnectorKey,
  updateConnector,
} from './connectors.service.ts';

const KEY_MAX = 2_147_483_647;

function readConnector(req: Request): ConnectorFields {
  const name = optionalString(req, 'Name', 'body', 1_000) ?? '';
  const problem = connectorNameProblem(name);
  if (problem) throw invalid('Name', problem);
  return { name: name.trim(), institution: requiredInt(req, 'Institution', 0, KEY_MAX) };
}

export const connectorRoutes: AnyRouteSpec[] = [
  {
    method: 'get',
    path: '/connectors/all',
    access: 'admin',
    summary: 'Connectors (cloud and teleradiology editions) with the providers each listens on',
    handler: (_req, _res, { deps, auth }) => listConnectors(deps, auth),
  },
  {
    method: 'post',
    path: '/connectors/create',
    access: 'admin',
    summary: 'Add a connector; the answer carries its key, shown once',
    handler: async (req, _res, { deps, auth }) => {
      const created = await createConnector(deps, auth, readConnector(req));
      deps.audit.record(req, auth, { action: 'security_change', details: { Connector: created.No, Change: 'create', Name: created.Name } });
      return created;
    },
  },
  {
    method: 'patch',
    path: '/connectors/update',
    access: 'admin',
    summary: 'Rename a connector or change its institution (its providers follow)',
    handler: async (req, _res, { deps, auth }) => {
      const updated = await updateConnector(deps, auth, requiredInt(req, 'No', 1, KEY_MAX), readConnector(req));
      deps.audit.record(req, auth, { action: 'security_change', details: { Connector: updated.No, Change: 'update', Name: updated.Name } });
      return updated;
    },
  },
  {
    method: 'delete',
    path: '/connectors/delete',
    access: 'admin',
    summary: 'Delete a connector with its providers and their DICOM users',
    handler: async (req, _res, { deps, auth }) => {
      const no = requiredInt(req, 'no', 1, KEY_MAX, 'query');
      await deleteConnector(deps, auth, no);
      deps.audit.record(req, auth, { action: 'security_change', details: { Connector: no, Change: 'delete' } });
      return {};
    },
  },
  {
    method: 'post',
    path: '/connectors/key',
    access: 'admin',
    summary: 'A new key for a connector (shown once); the old key stops working',
    handler: async (req, _res, { deps, auth }) => {
      const key = await renewConnectorKey(deps, auth, requiredInt(req, 'No', 1, KEY_MAX));
      deps.audit.record(req, auth, { action: 'security_change', details: { Connector: key.No, Change: 'key' } });
      return key;
    },
  },
  {
    method: 'post',
    path: '/connectors/settings',
    access: 'public',
    summary: "The connector's own call: its providers, for its Id and Key",
    handler: (req, _res, { deps }) =>
      connectorSettings(deps, requiredString(req, 'Id', 'body', 64), requiredString(req, 'Key', 'body', 128)),
  },
];
