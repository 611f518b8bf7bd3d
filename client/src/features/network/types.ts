/** Shapes of the network calls (`/providers`, `/users`, `/sendsettings`, `/dicomecho`, `/ping`): the wire types of @pacs/common. */
export type {
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
