/** Shapes of the network calls (`/connectors`, `/providers`, `/users`, `/sendsettings`, `/dicomecho`, `/ping`): the wire types of @pacs/common. */
export type {
  Connector,
  ConnectorInput,
  ConnectorKey,
  CreatedConnector,
  DicomUser,
  DicomUserInput,
  EchoRequest,
  EchoResult,
  PingReply,
  PingResult,
  Provider,
  ProviderInput,
  SendDestination,
  SendDestinationInput,
} from '@pacs/common';
