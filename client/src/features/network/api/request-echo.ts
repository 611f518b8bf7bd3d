import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { EchoRequest, EchoResult } from '../types.ts';

/** `POST /dicomecho/request` (form IPAddress, Port, CallingAETitle, CalledAETitle): a C-ECHO from the archive. */
export function postEchoRequest(request: EchoRequest): Promise<EchoResult> {
  return api.post<EchoResult>('/dicomecho/request', {
    form: {
      IPAddress: request.IPAddress,
      Port: request.Port,
      CallingAETitle: request.CallingAETitle,
      CalledAETitle: request.CalledAETitle,
    },
  });
}

/** The echo dialog reads a refusal out itself. */
export function useEchoRequest() {
  return useMutation({ mutationFn: postEchoRequest, meta: { silent: true } });
}
