/** What an Echo button sends for a row, and how the answer reads (spec 3 §3 "DICOM echo"). */
import { ECHO_MESSAGES } from '@pacs/common';
import type { EchoOutcome } from './messages.ts';
import type { DicomUser, EchoRequest, EchoResult, Provider, SendDestination } from './types.ts';

/** The archive calls the DICOM user: the user's AE title is called, the provider's AE title calls. */
export function dicomUserEcho(user: DicomUser, provider: Pick<Provider, 'AETitle'>): EchoRequest {
  return { IPAddress: user.IPAddress, Port: user.Port, CalledAETitle: user.AETitle, CallingAETitle: provider.AETitle };
}

/** A send destination carries both AE titles itself. */
export function destinationEcho(destination: SendDestination): EchoRequest {
  return {
    IPAddress: destination.IPAddress,
    Port: destination.Port,
    CalledAETitle: destination.CalledAETitle,
    CallingAETitle: destination.CallingAETitle,
  };
}

/**
 * The outcome of an echo: 'success' when the peer answered Success (Status 0000), else the
 * failure its Message names; undefined for a message this client does not know (shown as sent).
 */
export function echoOutcome(result: EchoResult): EchoOutcome | undefined {
  if (result.Status === '0000') return 'success';
  const known = (Object.keys(ECHO_MESSAGES) as EchoOutcome[]).find((key) => key !== 'success' && ECHO_MESSAGES[key] === result.Message);
  if (known) return known;
  return result.TcpResult ? undefined : 'connect_failed';
}
